#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the captured text of an element becomes the string stored in the model.
enum TextKind {
  /// One line: whitespace runs collapse to a space, ends trimmed.
  case line
  /// Plain text that may have several lines (`media:description type="plain"`): spaces and tabs
  /// collapse, line breaks stay (at most one blank line in a row).
  case multiline
  /// HTML, converted by `HTMLText`.
  case html
  /// An RSS `<title>`: HTML when it looks like HTML (a reference or a tag), else `line`.
  case lineOrHTML
  /// Character references decoded once, then `line` (categories).
  case decodedLine
  /// Trimmed, nothing else (links, ids).
  case trimmed

  /// The kind for an Atom text construct or a Media RSS element, from its `type` attribute:
  /// `html`, `xhtml` (and their MIME types) are HTML, anything else is `plain`.
  static func of(typeIn attributes: XMLAttributes, plain: TextKind) -> TextKind {
    switch attributes.textType {
    case .html, .xhtml: return .html
    case .absent, .text, .other: return plain
    }
  }
}

/// The conversions behind `TextKind`, on UTF-8 bytes.
///
/// Every result also reads the C1 controls U+0080...U+009F as windows-1252 (`&#146;` in a feed
/// means `’`, as in HTML) and is `nil` when nothing but whitespace is left.
enum FieldText {
  /// Converts `bytes` as `kind`, reusing `converter`'s storage for HTML and lines.
  ///
  /// - Parameter sibling: a string the result often equals (an item's `media:description` for
  ///   its summary, its link for its guid). When the result has the same bytes, `sibling`
  ///   itself is returned: the two fields share one storage instead of two copies.
  static func string(
    _ bytes: UnsafeBufferPointer<UInt8>, as kind: TextKind, converter: inout HTMLTextConverter,
    sibling: String? = nil
  ) -> String? {
    switch kind {
    case .line: return line(bytes, converter: &converter, sibling: sibling)
    case .multiline: return multiline(bytes, sibling: sibling)
    case .trimmed: return trimmed(bytes, sibling: sibling)
    case .html: return html(bytes, converter: &converter, sibling: sibling)
    case .lineOrHTML:
      return looksLikeHTML(bytes)
        ? html(bytes, converter: &converter, sibling: sibling)
        : line(bytes, converter: &converter, sibling: sibling)
    case .decodedLine: return decodedLine(bytes, converter: &converter)
    }
  }

  /// `line`, in `converter`'s storage; text whose spacing is already single spaces (most
  /// titles and names) is not copied at all.
  private static func line(
    _ bytes: UnsafeBufferPointer<UInt8>, converter: inout HTMLTextConverter, sibling: String?
  ) -> String? {
    var start = 0
    var end = bytes.count
    while start < end, HTMLMarkup.isWhitespace(bytes[start]) { start += 1 }
    while end > start, HTMLMarkup.isWhitespace(bytes[end - 1]) { end -= 1 }
    let inner = UnsafeBufferPointer(rebasing: bytes[start..<end])
    if TextScan.isCollapsed(inner) { return finished(inner, sibling: sibling) }
    converter.reset()
    converter.appendCollapsingWhitespace(bytes)
    return finished(converter.output.bytes, sibling: sibling)
  }

  /// Character references decoded once, then `line`; text without a `&` (most categories)
  /// has nothing to decode and goes straight to `line` in `converter`'s storage.
  private static func decodedLine(
    _ bytes: UnsafeBufferPointer<UInt8>, converter: inout HTMLTextConverter
  ) -> String? {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
    if memchr(base, Int32(UInt8(ascii: "&")), bytes.count) == nil {
      return line(bytes, converter: &converter, sibling: nil)
    }
    return decodedLine(bytes)
  }

  /// Character references decoded once, then `line`.
  static func decodedLine(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { decodedLine($0) }
  }

  /// Character references decoded once, then `line`.
  static func decodedLine(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var decoded: [UInt8] = []
    HTMLText.appendDecodingEntities(bytes, to: &decoded)
    return decoded.withUnsafeBufferPointer { line($0) }
  }

  static func html(
    _ bytes: UnsafeBufferPointer<UInt8>, converter: inout HTMLTextConverter,
    sibling: String? = nil
  ) -> String? {
    converter.reset()
    converter.convert(bytes)
    return finished(converter.output.bytes, sibling: sibling)
  }

  /// Whitespace runs collapsed to one space, ends trimmed.
  static func line(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var pendingSpace = false
    for byte in bytes {
      if HTMLMarkup.isWhitespace(byte) {
        pendingSpace = !out.isEmpty
      } else {
        if pendingSpace { out.append(0x20) }
        pendingSpace = false
        out.append(byte)
      }
    }
    return out.withUnsafeBufferPointer { finished($0) }
  }

  /// Lines kept (CR LF and CR read as LF), spaces collapsed, at most one blank line in a row.
  static func multiline(_ bytes: UnsafeBufferPointer<UInt8>, sibling: String? = nil) -> String? {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var pendingSpace = false
    var pendingNewlines = 0
    var previous: UInt8 = 0
    for byte in bytes {
      defer { previous = byte }
      if byte == 0x0A || byte == 0x0D {
        if byte == 0x0A && previous == 0x0D { continue }
        pendingNewlines += 1
        pendingSpace = false
      } else if HTMLMarkup.isWhitespace(byte) {
        pendingSpace = pendingNewlines == 0
      } else {
        if !out.isEmpty {
          if pendingNewlines > 0 {
            out.append(0x0A)
            if pendingNewlines > 1 { out.append(0x0A) }
          } else if pendingSpace {
            out.append(0x20)
          }
        }
        pendingSpace = false
        pendingNewlines = 0
        out.append(byte)
      }
    }
    return out.withUnsafeBufferPointer { finished($0, sibling: sibling) }
  }

  /// Leading and trailing whitespace removed.
  static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, sibling: String? = nil) -> String? {
    var start = 0
    var end = bytes.count
    while start < end, HTMLMarkup.isWhitespace(bytes[start]) { start += 1 }
    while end > start, HTMLMarkup.isWhitespace(bytes[end - 1]) { end -= 1 }
    return finished(UnsafeBufferPointer(rebasing: bytes[start..<end]), sibling: sibling)
  }

  /// Whether text looks like HTML: a character reference (`&amp;`, `&#x27;`) or a tag
  /// (`<b>`, `</span>`, `<br/>`). `a < b` and `R&D` do not.
  static func looksLikeHTML(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "&"), isReference(bytes, at: i + 1) { return true }
      if byte == UInt8(ascii: "<"), i + 1 < bytes.count {
        let next = bytes[i + 1] == UInt8(ascii: "/") ? i + 2 : i + 1
        if next < bytes.count, (bytes[next] | 0x20) >= UInt8(ascii: "a"),
          (bytes[next] | 0x20) <= UInt8(ascii: "z"), bytes[(i + 1)...].contains(UInt8(ascii: ">"))
        {
          return true
        }
      }
      i += 1
    }
    return false
  }

  /// `#digits;`, `#xhex;` or `name;` at `index`.
  private static func isReference(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    var i = index
    if i < bytes.count, bytes[i] == UInt8(ascii: "#") { i += 1 }
    let start = i
    while i < bytes.count, i - start <= HTMLEntities.longestName {
      let byte = bytes[i]
      let isNameByte =
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      if !isNameByte { break }
      i += 1
    }
    return i > start && i < bytes.count && bytes[i] == UInt8(ascii: ";")
  }

  /// The string for finished bytes: Unicode whitespace trimmed from both ends (U+00A0 and
  /// U+3000 too, as Python's `str.strip` does), C1 controls read as windows-1252, and `nil`
  /// when nothing is left. `sibling` is returned instead of a new string when it has the same
  /// bytes.
  static func finished(_ whole: UnsafeBufferPointer<UInt8>, sibling: String? = nil) -> String? {
    let bytes = trimmingUnicodeWhitespace(whole)
    if bytes.isEmpty { return nil }
    guard hasC1(bytes) else {
      if let sibling, sameBytes(sibling, bytes) { return sibling }
      return String(decoding: bytes, as: UTF8.self)
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 8)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0xC2, i + 1 < bytes.count, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F {
        UTF8Bytes.append(scalar: Windows1252.scalar(forC1: UInt32(bytes[i + 1])), to: &out)
        i += 2
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether `string` is a heap string (longer than the 15 bytes Swift keeps inline, where
  /// sharing saves nothing) whose UTF-8 is `bytes`.
  @inline(__always)
  private static func sameBytes(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count > 15, string.utf8.count == bytes.count, let base = bytes.baseAddress else {
      return false
    }
    let equal = string.utf8.withContiguousStorageIfAvailable { stored in
      stored.baseAddress.map { memcmp($0, base, bytes.count) == 0 } ?? false
    }
    return equal ?? false
  }

  /// `bytes` without leading and trailing white space characters (Unicode White_Space).
  static func trimmingUnicodeWhitespace(
    _ bytes: UnsafeBufferPointer<UInt8>
  ) -> UnsafeBufferPointer<UInt8> {
    // Nearly always: printable ASCII at both ends, nothing to trim.
    if let first = bytes.first, let last = bytes.last, first > 0x20, first < 0x80, last > 0x20,
      last < 0x80
    {
      return bytes
    }
    var start = 0
    var end = bytes.count
    while start < end {
      let length = whitespaceLength(bytes, at: start)
      if length == 0 { break }
      start += length
    }
    while end > start {
      // Step back to the first byte of the last character.
      var lead = end - 1
      while lead > start, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
      guard whitespaceLength(bytes, at: lead) == end - lead else { break }
      end = lead
    }
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  /// The byte length of the white space character at `index`, or 0 if it is not one.
  @inline(__always)
  private static func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let byte = bytes[index]
    if byte < 0x80 { return (byte >= 0x09 && byte <= 0x0D) || byte == 0x20 ? 1 : 0 }
    func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
    switch byte {
    case 0xC2: return at(1) == 0x85 || at(1) == 0xA0 ? 2 : 0
    case 0xE1: return at(1) == 0x9A && at(2) == 0x80 ? 3 : 0
    case 0xE2:
      if at(1) == 0x80 {
        let third = at(2)
        return (third >= 0x80 && third <= 0x8A) || third == 0xA8 || third == 0xA9 || third == 0xAF
          ? 3 : 0
      }
      return at(1) == 0x81 && at(2) == 0x9F ? 3 : 0
    case 0xE3: return at(1) == 0x80 && at(2) == 0x80 ? 3 : 0
    default: return 0
    }
  }

  /// Whether the UTF-8 holds a C1 control (`C2 80`...`C2 9F`); `memchr` finds the `C2`s.
  @inline(__always)
  private static func hasC1(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var offset = 0
    while offset < bytes.count - 1 {
      guard let found = memchr(base + offset, 0xC2, bytes.count - 1 - offset) else { return false }
      let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if bytes[index + 1] <= 0x9F { return true }
      offset = index + 1
    }
    return false
  }
}
