import FeedCore
import Foundation
import Testing

@testable import TUI

@Suite("Dates as text")
struct DateTextTests {
  /// What `DateText.full` printed when it asked Foundation's Gregorian calendar.
  static func calendarText(_ date: Date, _ zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute))"
  }

  /// In zones with half and quarter hours and daylight saving, from 1583 to 9999 and at the
  /// edges of that span.
  @Test("the date read without a Calendar is Foundation's Gregorian one")
  func civilAgreesWithCalendar() throws {
    let zones = try ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham",
      "Australia/Lord_Howe", "America/St_Johns", "Pacific/Kiritimati", "Pacific/Niue"]
      .map { try #require(TimeZone(identifier: $0)) }
    var generator = SystemRandomNumberGenerator()
    var dates = (0..<3000).map { _ in
      Date(timeIntervalSince1970: Double.random(in: -12_300_000_000...253_500_000_000,
        using: &generator))
    }
    dates += [
      -12_212_553_600, -12_212_553_600 + 86_400, -12_219_292_800, -1, 0, 0.5, -0.5, 59.999,
      951_782_400, 951_868_799, 4_107_542_400, 253_402_300_799, 253_402_300_800 - 86_400,
    ].map { Date(timeIntervalSince1970: $0) }
    for date in dates {
      for zone in zones {
        #expect(
          DateText.full(date, timeZone: zone) == Self.calendarText(date, zone),
          "\(date.timeIntervalSince1970) in \(zone.identifier)")
      }
    }
  }

  @Test("civil days: the epoch, leap days, the turn of centuries, before 1970")
  func civilDays() {
    #expect(CivilTime.civil(fromDaysSinceEpoch: 0) == (1970, 1, 1))
    #expect(CivilTime.civil(fromDaysSinceEpoch: -1) == (1969, 12, 31))
    #expect(CivilTime.civil(fromDaysSinceEpoch: 11_016) == (2000, 2, 29))
    #expect(CivilTime.civil(fromDaysSinceEpoch: 47_541) == (2100, 3, 1))
    #expect(CivilTime.civil(fromDaysSinceEpoch: -141_349) == (1583, 1, 1))
  }
}
