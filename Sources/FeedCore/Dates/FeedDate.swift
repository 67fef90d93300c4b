import Foundation

/// Dates as feeds write them, read into UTC `Date`s without `DateFormatter`.
///
/// - RFC 822 and its real-world variants: `Wed, 02 Oct 2002 13:00:00 GMT`, no weekday, full
///   month or weekday names, 2-digit years (00-68 are 20xx), no seconds, `Jan 23, 2016`
///   (month first), named zones (`GMT`, `UT`, `UTC`, `Z`, US zones such as `EST`/`PDT`, a few
///   European and Asian ones), numeric offsets (`+0900`, `-05:00`).
/// - RFC 3339 / ISO 8601: `2002-10-02T13:00:00Z`, fractions of a second, `+09:00`, a space for
///   `T`, a date alone (midnight UTC), no zone (UTC).
/// - `2020/1/10 14:33:00`: slashes and one-digit fields, read as UTC.
/// - A 12-hour clock with `AM`/`PM` (also Korean `오전`/`오후`), the North American zones
///   with and without S/D (`ET`, `EST`, `EDT`...) and the military letters feedparser knows
///   (`Z`, `A`, `M`, `N`, `Y`); zone names of one or two letters count only after the time.
/// - Month names in the languages feedparser reads: Greek abbreviations (`Ιούλ`), Hungarian
///   (`2004-július-13T9:15-05:00`), Korean (`2004년 05월 28일 01:31:15`,
///   `2004-05-25 오후 11:23:17`; both +09:00 unless a zone is given).
///
/// Anything else is `nil`: an unparseable date is not an error.
enum FeedDate {
  /// The date in `text`, or `nil`.
  static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { parse($0) }
  }

  /// The date in the UTF-8 bytes, or `nil`.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    var scanner = DateScanner(bytes)
    scanner.skipSpaces()
    if scanner.startsWithYear() {
      return parseNumeric(&scanner)
    }
    return parseRFC822(&scanner)
  }

  /// `YYYY-MM-DD[( |T)hh:mm[:ss[.fff]]][zone]`, also with `/` between the date fields.
  private static func parseNumeric(_ scanner: inout DateScanner) -> Date? {
    guard let year = scanner.number(maxDigits: 4), let separator = scanner.next(),
      separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/"),
      let month = scanner.number(maxDigits: 2) ?? Months.number(scanner.word()),
      scanner.next() == separator, let day = scanner.number(maxDigits: 2)
    else { return nil }
    var time = (hour: 0, minute: 0, second: 0)
    var offset = 0
    if let mark = scanner.peek(), mark | 0x20 == UInt8(ascii: "t") || mark == UInt8(ascii: " ") {
      scanner.advance()
      scanner.skipSpaces()
      // Korean `2004-05-25 오후 11:23:17`: the meridiem first, Korean time.
      let koreanMeridiem = scanner.word(as: Meridiem.init)
      if koreanMeridiem != nil { offset = 9 * 3_600 }
      scanner.skipSpaces()
      guard let parsed = scanner.time() else { return nil }
      time = parsed
      scanner.skipSpaces()
      let meridiem = scanner.word(as: Meridiem.init) ?? koreanMeridiem
      time.hour = meridiem?.hour(time.hour) ?? time.hour
      scanner.skipSpaces()
      if !scanner.isAtEnd {
        guard let zone = scanner.zone() else { return nil }
        offset = zone
      }
    }
    scanner.skipSpaces()
    guard scanner.isAtEnd else { return nil }
    return CivilTime(
      year: year, month: month, day: day, hour: time.hour, minute: time.minute,
      second: time.second, offsetSeconds: offset
    ).date
  }

  /// RFC 822 and friends: tokens in a loose order, identified by their shape.
  private static func parseRFC822(_ scanner: inout DateScanner) -> Date? {
    var numbers = DateNumbers()
    var month: Int?
    var time: (hour: Int, minute: Int, second: Int)?
    var offset: Int?
    var meridiem: Meridiem?
    var korean = false
    while true {
      scanner.skipSeparators()
      guard let byte = scanner.peek() else { break }
      if DateScanner.isDigit(byte) {
        if scanner.looksLikeTime() {
          guard let parsed = scanner.time() else { return nil }
          time = parsed
        } else {
          let start = scanner.index
          guard let value = scanner.number(maxDigits: 4) else { return nil }
          let digits = scanner.index - start
          // Korean `2004년 05월 28일`: year, month and day marked by the word after them.
          switch scanner.word(as: KoreanDateMark.init) {
          case .month?: month = value
          case .year?:
            korean = true
            numbers.add(value, digits: digits)
          case .day?, nil: numbers.add(value, digits: digits)
          }
        }
      } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
        guard let zone = scanner.zone() else { return nil }
        offset = zone
      } else {
        let word = scanner.word()
        if let value = Months.number(word) {
          month = value
        } else if let value = Meridiem(word) {
          meridiem = value
        } else if word.count > 2 || time != nil, let zone = Zones.offset(word) {
          offset = zone
          // `GMT+0900`: an offset glued to a zone name.
          if let sign = scanner.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            guard let extra = scanner.zone() else { return nil }
            offset = extra
          }
        } else if word.isEmpty {
          scanner.advance()
        }
      }
    }
    guard let month, numbers.count >= 2 else { return nil }
    guard let day = numbers.day, let year = numbers.year else { return nil }
    let clock = time ?? (0, 0, 0)
    return CivilTime(
      year: year, month: month, day: day, hour: meridiem?.hour(clock.hour) ?? clock.hour,
      minute: clock.minute, second: clock.second,
      offsetSeconds: offset ?? (korean ? 9 * 3_600 : 0)
    ).date
  }
}

/// The bare numbers of an RFC 822 date, as far as picking its day and year needs them (no
/// array: one date per item would allocate one).
struct DateNumbers {
  private(set) var count = 0
  private var first = 0
  private var second = 0
  private var firstFourDigits: Int?
  private var firstShort: Int?

  mutating func add(_ value: Int, digits: Int) {
    if count == 0 { first = value } else if count == 1 { second = value }
    count += 1
    if digits == 4, firstFourDigits == nil { firstFourDigits = value }
    if digits <= 2, firstShort == nil { firstShort = value }
  }

  /// A 4-digit number is the year and the first of at most two digits the day; without a
  /// 4-digit number the day comes first and the year second (two digits: 69-99 are 19xx).
  var day: Int? {
    if firstFourDigits != nil { return firstShort }
    return count >= 2 ? first : nil
  }

  var year: Int? {
    if let firstFourDigits { return firstFourDigits }
    guard count >= 2 else { return nil }
    return second < 69 ? 2000 + second : 1900 + second
  }
}

/// A broken-down UTC time with an offset, turned into a `Date` after a range check. Public
/// for its day arithmetic (`civil(fromDaysSinceEpoch:)`, which the TUI's dates read too).
public struct CivilTime {
  var year, month, day, hour, minute, second: Int
  var offsetSeconds: Int

  /// The instant, or `nil` when a field is out of range (February 30, hour 25, ...).
  var date: Date? {
    guard (1...12).contains(month), (1...31).contains(day), (0...24).contains(hour),
      (0...59).contains(minute), (0...60).contains(second), (1...9999).contains(year),
      day <= CivilTime.daysIn(month: month, year: year)
    else { return nil }
    let days = CivilTime.daysSinceEpoch(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + min(second, 59) - offsetSeconds
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

/// Month names, full or abbreviated to three letters or more (`Jan`, `Sept`, `January`).
enum Months {
  private static let names: [StaticString] = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ]

  /// 1...12 for a month word (ASCII letters), else `nil`.
  static func number(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
    guard word.count >= 3 else { return nil }
    for (index, name) in names.enumerated() where word.count <= name.utf8CodeUnitCount {
      var matches = true
      for offset in 0..<word.count where word[offset] | 0x20 != name.utf8Start[offset] {
        matches = false
        break
      }
      if matches { return index + 1 }
    }
    // Only words that can be one: non-ASCII, or the long ASCII ones (`szeptember`).
    guard word.count >= 9 || word.contains(where: { $0 >= 0x80 }) else { return nil }
    return localized[String(decoding: word, as: UTF8.self).lowercased()]
  }

  /// feedparser's tables (its `greek.py` and `hungarian.py`, spelling and all), plus the
  /// standard Hungarian `február` and `május`; keyed in lower case.
  private static let localized: [String: Int] = [
    "ιαν": 1, "φεβ": 2, "μάώ": 3, "μαώ": 3, "απρ": 4, "μάι": 5, "μαϊ": 5, "μαι": 5,
    "ιούν": 6, "ιον": 6, "ιούλ": 7, "ιολ": 7, "αύγ": 8, "αυγ": 8, "σεπ": 9, "οκτ": 10,
    "νοέ": 11, "νοε": 11, "δεκ": 12,
    "január": 1, "februári": 2, "február": 2, "március": 3, "április": 4, "máujus": 5,
    "május": 5, "június": 6, "július": 7, "augusztus": 8, "szeptember": 9, "október": 10,
  ]
}

/// `AM` or `PM` (any case), or Korean `오전`/`오후`.
enum Meridiem {
  case am, pm

  init?(_ word: UnsafeBufferPointer<UInt8>) {
    if word.count == 2, word[1] | 0x20 == UInt8(ascii: "m") {
      switch word[0] | 0x20 {
      case UInt8(ascii: "a"): self = .am
      case UInt8(ascii: "p"): self = .pm
      default: return nil
      }
    } else if word.elementsEqual("오전".utf8) {
      self = .am
    } else if word.elementsEqual("오후".utf8) {
      self = .pm
    } else {
      return nil
    }
  }

  /// The 24-hour hour for `hour` on a 12-hour clock (12 AM is 0, 12 PM is 12); hours outside
  /// 1...12 are already 24-hour and stay.
  func hour(_ hour: Int) -> Int {
    guard (1...12).contains(hour) else { return hour }
    return hour % 12 + (self == .pm ? 12 : 0)
  }
}

/// The Korean words after a date's numbers: 년 (year), 월 (month), 일 (day).
enum KoreanDateMark {
  case year, month, day

  init?(_ word: UnsafeBufferPointer<UInt8>) {
    if word.elementsEqual("년".utf8) {
      self = .year
    } else if word.elementsEqual("월".utf8) {
      self = .month
    } else if word.elementsEqual("일".utf8) {
      self = .day
    } else {
      return nil
    }
  }
}

/// Zone names seen in feeds, with their offsets from UTC in seconds.
enum Zones {
  /// Keyed by the lowercased name packed into an integer (names are at most 4 letters).
  private static let offsets: [UInt32: Int] = {
    let hours: [(StaticString, Int)] = [
      ("gmt", 0), ("ut", 0), ("utc", 0), ("z", 0), ("wet", 0),
      // feedparser's North American names without S/D, and its military letters (RFC 822's
      // signs, which RFC 1123 calls wrong; other letters are unknown there, so UTC).
      ("at", -4), ("et", -5), ("ct", -6), ("mt", -7), ("pt", -8),
      ("a", -1), ("m", -12), ("n", 1), ("y", 12),
      ("est", -5), ("edt", -4), ("cst", -6), ("cdt", -5), ("mst", -7), ("mdt", -6),
      ("pst", -8), ("pdt", -7), ("akst", -9), ("akdt", -8), ("hst", -10), ("ast", -4),
      ("adt", -3), ("bst", 1), ("cet", 1), ("cest", 2), ("met", 1), ("mest", 2), ("eet", 2),
      ("eest", 3), ("msk", 3), ("ist", 5), ("sgt", 8), ("hkt", 8), ("jst", 9), ("kst", 9),
      ("aest", 10), ("aedt", 11), ("nzst", 12), ("nzdt", 13),
    ]
    var offsets: [UInt32: Int] = [:]
    for (name, hour) in hours {
      let key = pack(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
      if let key { offsets[key] = hour * 3_600 }
    }
    return offsets
  }()

  private static func pack(_ word: UnsafeBufferPointer<UInt8>) -> UInt32? {
    guard (1...4).contains(word.count) else { return nil }
    var key: UInt32 = 0
    for byte in word { key = key << 8 | UInt32(byte | 0x20) }
    return key
  }

  /// The offset for a zone name (ASCII letters, any case), or `nil` for other words.
  static func offset(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
    pack(word).flatMap { offsets[$0] }
  }
}
