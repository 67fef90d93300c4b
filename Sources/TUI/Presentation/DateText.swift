import FeedCore
import Foundation

/// Dates as rows and the item view show them: local time, and a relative form for recent ones.
public enum DateText {
  /// "just now", "5 min ago", "3 h ago", "2 d ago" within a week; else the local date,
  /// "2025-05-03". A date in the future is shown as a date.
  public static func short(_ date: Date, now: Date, timeZone: TimeZone = .current) -> String {
    let seconds = now.timeIntervalSince(date)
    switch seconds {
    case 0..<60: return "just now"
    case 60..<3600: return "\(Int(seconds) / 60) min ago"
    case 3600..<86_400: return "\(Int(seconds) / 3600) h ago"
    case 86_400..<(7 * 86_400): return "\(Int(seconds) / 86_400) d ago"
    default:
      let c = components(of: date, timeZone: timeZone)
      return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day))"
    }
  }

  /// "2025-05-03 07:41" in local time: the item view's full date.
  public static func full(_ date: Date, timeZone: TimeZone = .current) -> String {
    let c = components(of: date, timeZone: timeZone)
    return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute))"
  }

  private static func components(of date: Date, timeZone: TimeZone) -> DateComponents {
    let seconds = date.timeIntervalSince1970
    guard seconds >= firstCivilSecond, seconds < endCivilSecond else {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      return calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    }
    let local = Int(seconds.rounded(.down)) + timeZone.secondsFromGMT(for: date)
    // Days rounded down, before 1970 too, as `civil(fromDaysSinceEpoch:)` does with eras.
    let days = (local >= 0 ? local : local - 86_399) / 86_400
    let second = local - days * 86_400
    let (year, month, day) = CivilTime.civil(fromDaysSinceEpoch: days)
    return DateComponents(
      year: year, month: month, day: day, hour: second / 3600, minute: second % 3600 / 60)
  }

  /// 1583-01-01 and 10000-01-01 UTC, in seconds since 1970: between them (a day's margin
  /// kept for the time zone) the date is read with `CivilTime.civil(fromDaysSinceEpoch:)`, the
  /// proleptic Gregorian calendar, which is Foundation's there. Outside, Foundation's calendar
  /// decides (it is Julian before October 1582). Building a `Calendar` for each date costs
  /// far more (docs/adr/0151).
  static let firstCivilSecond: Double = -12_212_553_600 + 86_400
  static let endCivilSecond: Double = 253_402_300_800 - 86_400

  private static func two(_ value: Int?) -> String {
    let value = value ?? 0
    return value < 10 ? "0\(value)" : "\(value)"
  }
}
