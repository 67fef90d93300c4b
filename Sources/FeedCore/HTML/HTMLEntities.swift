#if canImport(Glibc)
  import Glibc
#endif

/// Decoding of HTML character references (`&amp;`, `&uuml;`, `&#233;`, `&#x1F600;`) to UTF-8.
///
/// Follows the HTML5 rules for text content: every named reference in the WHATWG table, the
/// legacy names that may omit the `;` (`&copy2019` is `©2019`), numeric references with or
/// without `;`, and the windows-1252 reading of the C1 range (`&#146;` is `’`). References that
/// match nothing are left as they are.
enum HTMLEntities {
  /// Longest name in the table, without `&` (`CounterClockwiseContourIntegral;` is 32 bytes).
  static let longestName = 32
  /// Longest legacy name, the ones HTML accepts without `;` (`middot`, `frac34`, ...).
  static let longestLegacyName = 6

  /// Where each row of `htmlEntityRows` starts, in its bytes. A pass over 30 KB at first use
  /// (a dictionary of the names would cost a large part of `render`'s own work: docs/adr/0084).
  private static let rowStarts: [Int32] = {
    let bytes = UnsafeBufferPointer(
      start: htmlEntityRows.utf8Start, count: htmlEntityRows.utf8CodeUnitCount)
    var starts: [Int32] = []
    starts.reserveCapacity(2300)
    // Line by line with memchr, far cheaper than a byte at a time (docs/adr/0151).
    guard let base = bytes.baseAddress else { return starts }
    var offset = 0
    while offset < bytes.count {
      let rest = bytes.count - offset
      let newline = memchr(base + offset, Int32(UInt8(ascii: "\n")), rest)
      let end = newline.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
      if end != offset { starts.append(Int32(offset)) }
      offset = (end ?? bytes.count) + 1
    }
    return starts
  }()

  /// How many names the table has.
  static var count: Int { rowStarts.count }

  /// The UTF-8 of the replacement of `name` (without `&`, with `;` where the table has it),
  /// or nil for a name not in the table.
  static func replacement(for name: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    let rows = UnsafeBufferPointer(
      start: htmlEntityRows.utf8Start, count: htmlEntityRows.utf8CodeUnitCount)
    let starts = rowStarts
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      var at = Int(starts[middle])
      // Compare the row's name (up to its space) with `name`, byte by byte.
      var index = 0
      var order = 0
      while order == 0 {
        let rowEnded = rows[at] == UInt8(ascii: " ")
        let nameEnded = index == name.count
        if rowEnded || nameEnded {
          order = rowEnded == nameEnded ? 0 : (rowEnded ? -1 : 1)
          break
        }
        if rows[at] != name[index] { order = rows[at] < name[index] ? -1 : 1 }
        at += 1
        index += 1
      }
      if order < 0 {
        low = middle + 1
      } else if order > 0 {
        high = middle
      } else {
        return codePoints(in: rows, from: at + 1)
      }
    }
    return nil
  }

  static func replacement(for name: String) -> [UInt8]? {
    var name = name
    return name.withUTF8 { replacement(for: $0) }
  }

  /// The UTF-8 of a row's hex code points, from `start` to the end of its line.
  private static func codePoints(in rows: UnsafeBufferPointer<UInt8>, from start: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    var value: UInt32 = 0
    var index = start
    while true {
      let byte: UInt8? = index < rows.count ? rows[index] : nil
      if let byte, let digit = digitValue(byte, radix: 16) {
        value = value * 16 + digit
      } else {
        UTF8Bytes.append(scalar: value, to: &bytes)
        value = 0
        if byte != UInt8(ascii: " ") { return bytes }
      }
      index += 1
    }
  }

  /// Decodes the reference that starts with the `&` at `start`.
  ///
  /// - Returns: the index just after the reference, or `nil` when the bytes at `start` are not a
  ///   reference that decodes (the caller then keeps the `&` as text).
  ///   `legacy` allows the HTML text-content forms without `;` (`&copy2019`, `&#233`).
  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, legacy: Bool = true,
    into out: inout [UInt8]
  ) -> Int? {
    let next = start + 1
    guard next < bytes.count else { return nil }
    if bytes[next] == UInt8(ascii: "#") {
      return decodeNumeric(bytes, at: next + 1, requireSemicolon: !legacy, into: &out)
    }
    return decodeNamed(bytes, at: next, legacy: legacy, into: &out)
  }

  /// Decodes `&#...` with the digits starting at `index` (after the `#`).
  private static func decodeNumeric(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, requireSemicolon: Bool,
    into out: inout [UInt8]
  ) -> Int? {
    var i = index
    var radix: UInt32 = 10
    if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "x") {
      radix = 16
      i += 1
    }
    let digitsStart = i
    var value: UInt32 = 0
    while i < bytes.count, let digit = digitValue(bytes[i], radix: radix) {
      value = min(value &* radix &+ digit, 0x11_0000)
      i += 1
    }
    guard i > digitsStart else { return nil }
    if i < bytes.count, bytes[i] == UInt8(ascii: ";") {
      i += 1
    } else if requireSemicolon {
      return nil
    }
    UTF8Bytes.append(scalar: numericReplacement(value), to: &out)
    return i
  }

  /// Decodes a named reference whose name starts at `index` (after the `&`).
  private static func decodeNamed(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, legacy: Bool, into out: inout [UInt8]
  ) -> Int? {
    var end = index
    while end < bytes.count, end - index < longestName, isAlphanumeric(bytes[end]) { end += 1 }
    guard end > index else { return nil }
    if end < bytes.count, bytes[end] == UInt8(ascii: ";") {
      if appendCommon(bytes, from: index, to: end, into: &out) { return end + 1 }
      if let replacement = replacement(for: UnsafeBufferPointer(rebasing: bytes[index...end])) {
        out.append(contentsOf: replacement)
        return end + 1
      }
    }
    guard legacy else { return nil }
    // Legacy names without `;`: the longest one that prefixes the run wins.
    var length = min(end - index, longestLegacyName)
    while length >= 2 {
      let slice = UnsafeBufferPointer(rebasing: bytes[index..<(index + length)])
      if let replacement = replacement(for: slice) {
        out.append(contentsOf: replacement)
        return index + length
      }
      length -= 1
    }
    return nil
  }

  /// The names that make up nearly all references in feeds, decoded without a dictionary lookup.
  ///
  /// - Returns: whether `bytes[start..<end]` was one of them (and its character was appended).
  private static func appendCommon(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into out: inout [UInt8]
  ) -> Bool {
    func matches(_ name: StaticString) -> Bool {
      guard name.utf8CodeUnitCount == end - start else { return false }
      for offset in 0..<(end - start) where name.utf8Start[offset] != bytes[start + offset] {
        return false
      }
      return true
    }
    if matches("amp") {
      out.append(UInt8(ascii: "&"))
    } else if matches("lt") {
      out.append(UInt8(ascii: "<"))
    } else if matches("gt") {
      out.append(UInt8(ascii: ">"))
    } else if matches("quot") {
      out.append(UInt8(ascii: "\""))
    } else if matches("nbsp") {
      out.append(0xC2)
      out.append(0xA0)
    } else if matches("apos") {
      out.append(UInt8(ascii: "'"))
    } else {
      return false
    }
    return true
  }

  /// HTML5's replacement for a numeric reference: NUL, surrogates and out-of-range values become
  /// U+FFFD, and the C1 range is read as windows-1252.
  static func numericReplacement(_ value: UInt32) -> UInt32 {
    switch value {
    case 0, 0xD800...0xDFFF, 0x11_0000...: return 0xFFFD
    case 0x80...0x9F: return Windows1252.scalar(forC1: value)
    default: return value
    }
  }

  private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16:
      return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16:
      return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default: return false
    }
  }
}

/// The windows-1252 characters that HTML reads in place of the C1 controls U+0080...U+009F.
enum Windows1252 {
  /// Indexed by `value - 0x80`; 0 marks the five bytes windows-1252 leaves undefined.
  private static let c1: [UInt32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
  ]

  /// The windows-1252 character for a C1 value, or the value itself where 1252 has none.
  static func scalar(forC1 value: UInt32) -> UInt32 {
    guard (0x80...0x9F).contains(value) else { return value }
    let mapped = c1[Int(value - 0x80)]
    return mapped == 0 ? value : mapped
  }
}

/// Small UTF-8 helpers shared by the decoders.
enum UTF8Bytes {
  /// Appends the UTF-8 encoding of `scalar` (assumed valid) to `out`.
  @inline(__always)
  static func append(scalar: UInt32, to out: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      out.append(UInt8(scalar))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | (scalar >> 6)))
      out.append(UInt8(0x80 | (scalar & 0x3F)))
    case 0x800..<0x1_0000:
      out.append(UInt8(0xE0 | (scalar >> 12)))
      out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (scalar & 0x3F)))
    default:
      out.append(UInt8(0xF0 | (scalar >> 18)))
      out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
      out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (scalar & 0x3F)))
    }
  }

  /// The UTF-8 of U+FFFD REPLACEMENT CHARACTER.
  static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
}
