/// HTML to plain text, as feeds need it: markup dropped, structure kept as line breaks.
///
/// - Tags are dropped; the text of links and other inline elements is kept, `<img>` leaves
///   nothing (its `alt` is not text).
/// - `<br>` is a line break (`\n`); `<p>`, `<div>`, `<li>`, headings and the other block
///   elements are a paragraph break (`\n\n`); table cells are separated by a space.
/// - `<script>` and `<style>` are dropped with their content, as are comments.
/// - Every HTML5 named reference and every numeric reference is decoded; `&nbsp;` is U+00A0
///   NO-BREAK SPACE (it displays as a space and keeps its words together).
/// - Runs of ASCII whitespace collapse to one space; whitespace at the start, at the end and next
///   to a break disappears.
///
/// The converter works on UTF-8 bytes in one pass and never fails: malformed markup is read the
/// way a browser would, roughly (an unmatched `<` is text, an unterminated tag is dropped).
public enum HTMLText {
  /// The plain text of an HTML fragment.
  public static func plainText(_ html: String) -> String {
    var html = html
    return html.withUTF8 { bytes in
      var converter = HTMLTextConverter()
      converter.convert(bytes)
      return String(decoding: converter.output.bytes, as: UTF8.self)
    }
  }

  /// The `src` of the first `<img>` of an HTML fragment, decoded once (see `HTMLImage`); nil
  /// when there is none.
  public static func firstImageSource(_ html: String) -> String? {
    var html = html
    return html.withUTF8 { HTMLImage.firstSource(in: $0) }
  }

  /// `text` with its character references decoded and nothing else changed.
  public static func decodingEntities(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      var out: [UInt8] = []
      appendDecodingEntities(bytes, to: &out)
      return String(decoding: out, as: UTF8.self)
    }
  }

  /// Appends `bytes` to `out` with character references decoded (`legacy`: also the HTML
  /// forms without `;`).
  static func appendDecodingEntities(
    _ bytes: UnsafeBufferPointer<UInt8>, legacy: Bool = true, to out: inout [UInt8]
  ) {
    out.reserveCapacity(out.count + bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "&"),
        let next = HTMLEntities.decode(bytes, at: i, legacy: legacy, into: &out)
      {
        i = next
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
  }
}

/// The state of one HTML-to-text conversion; reusable across fragments with `reset()`.
struct HTMLTextConverter: ~Copyable {
  /// What separates two pieces of text; a stronger separator absorbs weaker ones.
  enum Separator: UInt8, Comparable {
    case none, space, line, paragraph

    static func < (lhs: Separator, rhs: Separator) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The plain text so far, UTF-8.
  private(set) var output = ByteBuffer(capacity: 4 * 1024)
  private var pending = Separator.none
  private var scratch: [UInt8] = []
  /// Whether a piece of markup or a reference met the end of the input since `reset()`: then
  /// more input could have read it differently (set by `HTMLMarkup.skip` too).
  var ranOut = false

  /// Whether converting more input now gives what converting the whole input at once would:
  /// text runs split anywhere convert the same, so it holds unless something ran out.
  var isResumable: Bool { !ranOut }

  /// Empties the output, keeping its storage.
  mutating func reset() {
    output.removeAll()
    pending = .none
    ranOut = false
  }

  /// Converts `html` and appends its text to `output`. After a conversion that `isResumable`,
  /// converting `b` continues exactly as converting `a + b` at once would have after `a`.
  mutating func convert(_ html: UnsafeBufferPointer<UInt8>) {
    var i = 0
    var lastReference = -1
    while i < html.count {
      let byte = html[i]
      if byte == UInt8(ascii: "<") {
        if let next = HTMLMarkup.skip(html, at: i, converter: &self) {
          i = next
        } else {
          appendText(byte)
          i += 1
        }
      } else if byte == UInt8(ascii: "&") {
        lastReference = i
        i = appendReference(html, at: i)
      } else {
        let end = TextScan.markupOrReference(in: html, from: i)
        appendText(UnsafeBufferPointer(rebasing: html[i..<end]))
        i = end
      }
    }
    // Only the last reference can reach the end (a reference that fails to decode leaves its
    // name as text, so the text after it counts too).
    if lastReference >= 0, HTMLTextConverter.referenceMeetsEnd(html, at: lastReference) {
      ranOut = true
    }
  }

  /// Whether the reference at `index` (an `&`) reaches the end of `html`: the decoder reads
  /// `#`, then letters and digits, then looks at one more byte, so it did not see the end
  /// only when a byte of another kind follows within `html`.
  private static func referenceMeetsEnd(_ html: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    var i = index + 1
    if i < html.count, html[i] == UInt8(ascii: "#") { i += 1 }
    while i < html.count, HTMLTextConverter.isAlphanumeric(html[i]) { i += 1 }
    return i >= html.count
  }

  @inline(__always)
  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  /// Appends text that holds no markup and no reference, collapsing its whitespace. Prose
  /// whose spacing is already single spaces is copied in one piece.
  private mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
    var start = 0
    var end = text.count
    while start < end, HTMLMarkup.isWhitespace(text[start]) { start += 1 }
    if start > 0 { separate(.space) }
    guard start < end else { return }
    while HTMLMarkup.isWhitespace(text[end - 1]) { end -= 1 }
    let inner = UnsafeBufferPointer(rebasing: text[start..<end])
    if TextScan.isCollapsed(inner) {
      flushSeparator()
      output.append(inner)
    } else {
      appendCollapsingWhitespace(inner)
    }
    if end < text.count { separate(.space) }
  }

  /// Appends plain text with its whitespace runs collapsed to single spaces (no markup, no
  /// references): the `TextKind.line` conversion, sharing this converter's storage.
  mutating func appendCollapsingWhitespace(_ text: UnsafeBufferPointer<UInt8>) {
    var i = 0
    while i < text.count {
      if HTMLMarkup.isWhitespace(text[i]) {
        separate(.space)
        i += 1
        continue
      }
      var end = i + 1
      while end < text.count, !HTMLMarkup.isWhitespace(text[end]) { end += 1 }
      flushSeparator()
      output.append(UnsafeBufferPointer(rebasing: text[i..<end]))
      i = end
    }
  }

  /// Requests at least `separator` before the next text.
  mutating func separate(_ separator: Separator) {
    if separator > pending { pending = separator }
  }

  @inline(__always)
  private mutating func flushSeparator() {
    if pending == .none { return }
    if output.count > 0 {
      switch pending {
      case .none: break
      case .space: output.append(UInt8(ascii: " "))
      case .line: output.append(UInt8(ascii: "\n"))
      case .paragraph: output.append("\n\n")
      }
    }
    pending = .none
  }

  private mutating func appendText(_ byte: UInt8) {
    if HTMLMarkup.isWhitespace(byte) {
      separate(.space)
    } else {
      flushSeparator()
      output.append(byte)
    }
  }

  /// Decodes the reference at `index` (an `&`) as text; decoded whitespace collapses like any.
  private mutating func appendReference(_ html: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    scratch.removeAll(keepingCapacity: true)
    guard let next = HTMLEntities.decode(html, at: index, into: &scratch) else {
      appendText(UInt8(ascii: "&"))
      return index + 1
    }
    for byte in scratch { appendText(byte) }
    return next
  }
}
