#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The markup side of `HTMLTextConverter`: tags, comments and the elements that matter for text.
enum HTMLMarkup {
  /// How an element affects the text around it.
  enum TagEffect {
    case inline
    case lineBreak
    case paragraph
    case cell
    /// `<script>`, `<style>`: the content up to the matching end tag is not text.
    case rawText
  }

  /// Elements that are not inline, keyed by `packedName` of the lowercased name. Anything
  /// not listed is inline. No string is made for a tag.
  static let effects: TagEffectTable = {
    var entries: [(key: UInt64, effect: TagEffect)] = [
      (packed("br"), .lineBreak), (packed("td"), .cell), (packed("th"), .cell),
    ]
    let blocks: [StaticString] = [
      "p", "div", "li", "h1", "h2", "h3", "h4", "h5",
      "h6", "ul", "ol", "dl", "dt", "dd", "blockquote", "pre",
      "table", "tr", "hr", "section", "article", "header", "footer", "nav",
      "aside", "main", "figure", "figcaption", "address", "form", "fieldset", "details",
      "summary", "center", "caption", "tbody", "thead", "tfoot", "body", "html",
      "head",
    ]
    for name in blocks { entries.append((packed(name), .paragraph)) }
    let rawText: [StaticString] = ["script", "style", "template", "noscript", "iframe", "object"]
    for name in rawText { entries.append((packed(name), .rawText)) }
    return TagEffectTable(entries)
  }()

  /// Up to 10 lowercase ASCII bytes as one integer: the first 8 bytes, the length in the top
  /// bits mixed with bytes 9 and 10. Distinct for distinct names of the table.
  @inline(__always)
  static func packedName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> UInt64
  {
    var key = UInt64(count) << 59
    for offset in 0..<count {
      let byte = UInt64(bytes[start + offset] | lowercaseBit(bytes[start + offset]))
      key ^= offset < 8 ? byte << (8 * UInt64(offset)) : byte << (8 * UInt64(offset - 8) + 3)
    }
    return key
  }

  private static func packed(_ name: StaticString) -> UInt64 {
    let buffer = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    return packedName(buffer, from: 0, count: buffer.count)
  }

  /// Whether `byte` is ASCII whitespace as HTML defines it.
  @inline(__always)
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
  }

  /// Bit `b` set for each byte `b` < 64 that ends a run of text: whitespace, `&`, `<`.
  private static let specialMask: UInt64 =
    1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x0D | 1 << 0x20 | 1 << 0x26 | 1 << 0x3C

  /// Whether `byte` ends a run of plain text: `<`, `&` or whitespace.
  @inline(__always)
  static func isSpecial(_ byte: UInt8) -> Bool {
    byte < 64 && (specialMask >> UInt64(byte)) & 1 != 0
  }

  /// Skips the markup that starts with the `<` at `index`, telling `converter` about breaks.
  ///
  /// Markup cut off by the end of `html` (no closing `>`, `-->` or raw-text end tag, or a `<`
  /// that is the last byte) is read to the end, and `converter.ranOut` is set: more input
  /// could have read it differently.
  ///
  /// - Returns: the index after the markup, or `nil` when this `<` is not markup but text.
  static func skip(
    _ html: UnsafeBufferPointer<UInt8>, at index: Int, converter: inout HTMLTextConverter
  ) -> Int? {
    let next = index + 1
    guard next < html.count else {
      converter.ranOut = true
      return nil
    }
    let end: Int?
    switch html[next] {
    case UInt8(ascii: "!"):
      if starts(html, at: next + 1, with: "--") {
        end = find(html, "-->", from: next + 3).map { $0 + 3 }
      } else {
        end = endOfTag(html, from: next + 1)
      }
    case UInt8(ascii: "?"):
      end = endOfTag(html, from: next + 1)
    case UInt8(ascii: "/"):
      guard next + 1 < html.count else {
        converter.ranOut = true
        return nil
      }
      guard isLetter(html[next + 1]) else { return nil }
      let (effect, _) = tagEffect(html, nameStart: next + 1)
      apply(effect, closing: true, to: &converter)
      end = endOfTag(html, from: next + 1)
    default:
      guard isLetter(html[next]) else { return nil }
      let (effect, nameEnd) = tagEffect(html, nameStart: next)
      if effect == .rawText {
        let name = UnsafeBufferPointer(rebasing: html[next..<nameEnd])
        end = endOfTag(html, from: nameEnd).flatMap {
          skipRawText(html, from: $0, closingName: name)
        }
      } else {
        apply(effect, closing: false, to: &converter)
        end = endOfTag(html, from: nameEnd)
      }
    }
    guard let end else {
      converter.ranOut = true
      return html.count
    }
    return end
  }

  private static func apply(
    _ effect: TagEffect, closing: Bool, to converter: inout HTMLTextConverter
  ) {
    switch effect {
    case .inline, .rawText: break
    case .lineBreak: converter.separate(.line)
    case .paragraph: converter.separate(.paragraph)
    case .cell: converter.separate(.space)
    }
  }

  /// The effect of the element whose name starts at `nameStart`, and the index after the name.
  private static func tagEffect(
    _ html: UnsafeBufferPointer<UInt8>, nameStart: Int
  ) -> (TagEffect, Int) {
    var end = nameStart
    while end < html.count, isNameByte(html[end]) { end += 1 }
    let length = end - nameStart
    guard length <= 10 else { return (.inline, end) }
    return (effects.effect(packedName(html, from: nameStart, count: length)) ?? .inline, end)
  }

  /// Skips the content of a raw-text element up to and including `</name ...>`; `nil` when
  /// the input ends first.
  private static func skipRawText(
    _ html: UnsafeBufferPointer<UInt8>, from start: Int,
    closingName name: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    var i = start
    while let close = find(html, "</", from: i) {
      let nameStart = close + 2
      var matches = nameStart + name.count <= html.count
      var offset = 0
      while matches, offset < name.count {
        matches = html[nameStart + offset] | 0x20 == name[offset] | 0x20
        offset += 1
      }
      if matches { return endOfTag(html, from: nameStart + name.count) }
      i = close + 2
    }
    return nil
  }

  /// The index after the `>` that ends the tag, skipping quoted attribute values; `nil` when
  /// the input ends first.
  private static func endOfTag(_ html: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = html.baseAddress else { return nil }
    var i = start
    while i < html.count {
      let byte = html[i]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        // A quote only opens a value right after `=` (possibly after spaces); the value (a
        // URL, often) is skipped in one `memchr` for its closing quote.
        if previousNonSpace(html, before: i, after: start) == UInt8(ascii: "=") {
          let rest = html.count - i - 1
          guard rest > 0, let close = memchr(base + i + 1, Int32(byte), rest) else { return nil }
          i = base.distance(to: close.assumingMemoryBound(to: UInt8.self))
        }
      } else if byte == UInt8(ascii: ">") {
        return i + 1
      }
      i += 1
    }
    return nil
  }

  private static func previousNonSpace(
    _ html: UnsafeBufferPointer<UInt8>, before index: Int, after start: Int
  ) -> UInt8 {
    var i = index - 1
    while i >= start, isWhitespace(html[i]) { i -= 1 }
    return i >= start ? html[i] : 0
  }

  private static func find(
    _ html: UnsafeBufferPointer<UInt8>, _ needle: StaticString, from start: Int
  ) -> Int? {
    let count = needle.utf8CodeUnitCount
    var i = start
    while i + count <= html.count {
      if html[i] == needle.utf8Start[0], starts(html, at: i, with: needle) { return i }
      i += 1
    }
    return nil
  }

  private static func starts(
    _ html: UnsafeBufferPointer<UInt8>, at index: Int, with prefix: StaticString
  ) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard index >= 0, index + count <= html.count else { return false }
    for offset in 0..<count where html[index + offset] != prefix.utf8Start[offset] { return false }
    return true
  }

  @inline(__always)
  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  @inline(__always)
  private static func isNameByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
  }

  @inline(__always)
  static func lowercaseBit(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? 0x20 : 0
  }
}
