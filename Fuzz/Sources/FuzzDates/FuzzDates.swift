import Foundation
import FuzzSupport

@testable import FeedCore

/// Fuzzes `FeedDate.parse` with date strings.
///
/// Checks, beyond "does not crash or hang": a date that is read lies within years 1-9999
/// (give or take a zone offset), leading spaces change nothing, and the date written back
/// out as RFC 3339 and as RFC 822 (UTC) is read as the same instant.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = FuzzInput(data, size)
  let date = input.bytes.withUnsafeBufferPointer { FeedDate.parse($0) }
  let text = String(decoding: input.bytes, as: UTF8.self)
  if Array(text.utf8) == input.bytes {
    require(FeedDate.parse("  " + text) == date, "leading spaces changed the date")
  }
  guard let date else { return 0 }
  let seconds = Int(date.timeIntervalSince1970)
  require(Double(seconds) == date.timeIntervalSince1970, "a date with a fraction of a second")
  let civil = Civil(secondsSince1970: seconds)
  require((0...10_000).contains(civil.year), "year \(civil.year) out of range")
  guard (1...9999).contains(civil.year) else { return 0 }
  for written in [civil.rfc3339, civil.rfc822] {
    let reread = FeedDate.parse(written)
    require(reread == date, "\(written) reads as \(String(describing: reread)), not \(date)")
  }
  return 0
}

/// A UTC instant as calendar fields (Howard Hinnant's `civil_from_days`).
private struct Civil {
  var year, month, day, hour, minute, second, weekday: Int

  init(secondsSince1970 seconds: Int) {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let time = seconds - days * 86_400
    hour = time / 3_600
    minute = time % 3_600 / 60
    second = time % 60
    weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday (4)
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * shifted + 2) / 5 + 1
    month = shifted < 10 ? shifted + 3 : shifted - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  private var clock: String { "\(Self.pad(hour, 2)):\(Self.pad(minute, 2)):\(Self.pad(second, 2))" }

  var rfc3339: String {
    "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))T\(clock)Z"
  }

  var rfc822: String {
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    return
      "\(weekdays[weekday]), \(Self.pad(day, 2)) \(months[month - 1]) \(Self.pad(year, 4)) \(clock) GMT"
  }
}

@main
enum Main {
  static func main() { runFuzzer(fuzzDates) }
}
