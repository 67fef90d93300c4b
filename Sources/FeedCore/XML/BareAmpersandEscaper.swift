#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes each `&` that starts no reference as `&amp;`, so that libxml2 reads it as text.
///
/// Feeds put URLs with bare `&` in attributes and text (`?width=140&quality=85`). libxml2's
/// recovery reads `&quality` as a reference missing its `;`, reports it and drops the name, so
/// the URL loses its parameters (libxml2 2.9.14); a long run of bare `&` also takes time
/// quadratic in its length there (docs/adr/0026). Escaping them before libxml2 sees them keeps
/// them literally (as feedparser does) and costs one `memchr` pass.
///
/// A reference is `&name;` (an XML name of at most `maximumNameLength` bytes) or `&#digits;` /
/// `&#xhex;`; anything else is bare. CDATA sections and comments are copied untouched (an `&`
/// means itself there). A possible reference or markup start cut by a chunk boundary is held
/// back until the next chunk.
struct BareAmpersandEscaper {
  private enum Mode {
    case markup, cdata, comment
  }

  /// Longer names than this are read as text; HTML5's longest is 31 bytes.
  static var maximumNameLength: Int { 64 }

  private var mode = Mode.markup
  private var carry: [UInt8] = []
  private var output: [UInt8] = []
  /// How many `&` were escaped so far.
  private(set) var escapedCount = 0

  /// Escapes `input` and hands the result to `emit` (at most once per call).
  mutating func escape(
    _ input: UnsafeBufferPointer<UInt8>, final: Bool,
    emit: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    if carry.isEmpty {
      escapeBody(input, final: final, emit: emit)
      return
    }
    // Rare: only a reference or markup start that met the end of the previous chunk.
    let joined = carry + Array(input)
    carry.removeAll(keepingCapacity: true)
    joined.withUnsafeBufferPointer { escapeBody($0, final: final, emit: emit) }
  }

  private mutating func escapeBody(
    _ bytes: UnsafeBufferPointer<UInt8>, final: Bool,
    emit: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    output.removeAll(keepingCapacity: true)
    var position = 0
    var passed = 0
    var keepFrom = bytes.count
    var changed = false
    // The next `<!` at or after `position` (`bytes.count`: none), found again only once passed.
    var bang = -1
    scan: while position < bytes.count {
      switch mode {
      case .cdata, .comment:
        let terminator: StaticString = mode == .cdata ? "]]>" : "-->"
        if let end = BareAmpersandEscaper.find(terminator, anchor: 0, in: bytes, from: position) {
          position = end + 3
          mode = .markup
        } else {
          if !final { keepFrom = bytes.count - BareAmpersandEscaper.tailLength(bytes, terminator) }
          break scan
        }
      case .markup:
        let found = memchr(base + position, 0x26, bytes.count - position)
        let ampersand =
          found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? bytes.count
        if bang < position {
          bang =
            BareAmpersandEscaper.find("<!", anchor: 1, in: bytes, from: position) ?? bytes.count
        }
        if bang < ampersand {
          switch markupStart(bytes, at: bang, final: final) {
          case .some(let next): position = next
          case .none:
            keepFrom = bang
            break scan
          }
        } else if ampersand < bytes.count {
          switch BareAmpersandEscaper.reference(bytes, at: ampersand) {
          case .reference(let end):
            position = end
          case .incomplete where !final:
            keepFrom = ampersand
            break scan
          case .bare, .incomplete:
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[passed...ampersand]))
            output.append(contentsOf: "amp;".utf8)
            passed = ampersand + 1
            position = ampersand + 1
            changed = true
            escapedCount += 1
          }
        } else {
          if !final, bytes[bytes.count - 1] == UInt8(ascii: "<") { keepFrom = bytes.count - 1 }
          break scan
        }
      }
    }
    if keepFrom < bytes.count { carry.append(contentsOf: bytes[keepFrom...]) }
    if changed {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[passed..<keepFrom]))
      output.withUnsafeBufferPointer(emit)
    } else if keepFrom > 0 {
      emit(UnsafeBufferPointer(rebasing: bytes[0..<keepFrom]))
    }
  }

  /// Enters a CDATA section or comment at `<!`; returns where scanning goes on, or `nil` when
  /// the chunk ends before the markup can be told apart.
  private mutating func markupStart(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, final: Bool
  ) -> Int? {
    switch Self.opener(bytes, at: index) {
    case .comment?:
      mode = .comment
      return index + 4
    case .cdata?:
      mode = .cdata
      return index + 9
    case .declaration?: return index + 2
    case nil: return final ? bytes.count : nil
    }
  }

  /// What `<!` opens.
  enum Opener { case comment, cdata, declaration }

  /// What the `<!` at `index` opens (anything but a comment or a CDATA section is a
  /// declaration); nil when the chunk ends before it can be told.
  static func opener(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Opener? {
    for (text, opener): (StaticString, Opener) in [("<!--", .comment), ("<![CDATA[", .cdata)] {
      let length = text.utf8CodeUnitCount
      let available = min(length, bytes.count - index)
      let prefix = UnsafeBufferPointer(start: text.utf8Start, count: available)
      guard UnsafeBufferPointer(rebasing: bytes[index..<index + available]).elementsEqual(prefix)
      else { continue }
      return available == length ? opener : nil
    }
    return .declaration
  }

  enum Reference: Equatable {
    /// A reference ending just before `end`.
    case reference(end: Int)
    case bare
    /// The input ends before it is clear.
    case incomplete
  }

  /// What the `&` at `index` starts.
  static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Reference {
    // The five XML names and ASCII character references, which escaped HTML is made of.
    if let (_, end) = TextReferenceFolder.resolved(bytes, at: index) { return .reference(end: end) }
    guard let base = bytes.baseAddress else { return .incomplete }
    let count = bytes.count
    var cursor = index + 1
    guard cursor < count else { return .incomplete }
    if base[cursor] == UInt8(ascii: "#") {
      cursor += 1
      guard cursor < count else { return .incomplete }
      let hex = base[cursor] == UInt8(ascii: "x")
      if hex { cursor += 1 }
      let start = cursor
      while cursor < count, cursor - start <= 8,
        isDigit(base[cursor]) || (hex && isHexLetter(base[cursor]))
      {
        cursor += 1
      }
      guard cursor < count else { return .incomplete }
      return cursor > start && base[cursor] == UInt8(ascii: ";")
        ? .reference(end: cursor + 1) : .bare
    }
    guard isNameStart(base[cursor]) else { return .bare }
    let limit = min(count, cursor + 1 + maximumNameLength)
    cursor += 1
    while cursor < limit, isNameByte(base[cursor]) { cursor += 1 }
    if cursor < limit {
      return base[cursor] == UInt8(ascii: ";") ? .reference(end: cursor + 1) : .bare
    }
    return limit == count ? .incomplete : .bare
  }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  @inline(__always)
  private static func isHexLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 6 }

  /// ASCII name bytes as bit masks for 0x00-0x3F (`-` `.` digits `:`) and 0x40-0x7F (letters,
  /// `_`); every byte from 0x80 up counts as a name byte (UTF-8 of non-ASCII letters).
  private static var nameMasks: (UInt64, UInt64) {
    (0x07FF_6000_0000_0000, 0x07FF_FFFE_87FF_FFFE)
  }

  @inline(__always)
  static func isNameStart(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte >= 0x40 && nameMasks.1 >> (byte & 63) & 1 != 0)
      || byte == UInt8(ascii: ":")
  }

  @inline(__always)
  static func isNameByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte < 0x40 ? nameMasks.0 : nameMasks.1) >> (byte & 63) & 1 != 0
  }

  /// The index of the first `needle` starting in `from..<to` (it may end beyond `to`).
  ///
  /// Found by `memchr` on the needle's byte at `anchor` (its rarest in feeds: the `!` of `<!`,
  /// where `<` starts every tag), then compared in full.
  static func find(
    _ needle: StaticString, anchor: Int, in bytes: UnsafeBufferPointer<UInt8>, from: Int,
    to: Int? = nil
  ) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let length = needle.utf8CodeUnitCount
    let end = min(bytes.count, (to ?? bytes.count) + length - 1)
    var cursor = from + anchor
    while end - cursor > length - anchor - 1 {
      let searched = end - (length - anchor - 1) - cursor
      guard let hit = memchr(base + cursor, Int32(needle.utf8Start[anchor]), searched) else {
        return nil
      }
      let start = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base - anchor
      if start >= from, start + length <= bytes.count,
        (0..<length).allSatisfy({ base[start + $0] == needle.utf8Start[$0] })
      {
        return start
      }
      cursor = start + anchor + 1
    }
    return nil
  }

  /// How many bytes at the end of `bytes` could begin `terminator` (0 to its length - 1).
  static func tailLength(
    _ bytes: UnsafeBufferPointer<UInt8>, _ terminator: StaticString
  ) -> Int {
    let length = terminator.utf8CodeUnitCount
    for tail in stride(from: min(length - 1, bytes.count), to: 0, by: -1) {
      var matches = true
      for offset in 0..<tail
      where bytes[bytes.count - tail + offset] != terminator.utf8Start[offset] {
        matches = false
        break
      }
      if matches { return tail }
    }
    return 0
  }
}
