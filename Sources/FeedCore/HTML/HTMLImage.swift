/// Finds the first `<img src="...">` of an HTML fragment: the picture of an item that has no
/// Media RSS thumbnail or content.
///
/// A small scan over the bytes, separate from the HTML-to-text converter (which drops
/// `<img>`): a tag named `img` (any case), its `src` attribute quoted with `"` or `'` or
/// unquoted, character references decoded once. An `<img>` without a usable `src` is skipped.
enum HTMLImage {
  /// The address of the first image in `html`, or nil.
  static func firstSource(in html: UnsafeBufferPointer<UInt8>) -> String? {
    var index = 0
    while let open = find(UInt8(ascii: "<"), in: html, from: index) {
      index = open + 1
      guard isImageTag(html, at: index) else { continue }
      let end = find(UInt8(ascii: ">"), in: html, from: index) ?? html.count
      if let source = attribute(src: html, in: (index + 3)..<end) { return source }
      index = end
    }
    return nil
  }

  /// True when the bytes at `start` are `img` followed by a space, `/` or `>` (or the end).
  private static func isImageTag(_ html: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
    guard start + 3 <= html.count else { return false }
    let name = (html[start] | 0x20, html[start + 1] | 0x20, html[start + 2] | 0x20)
    guard name == (UInt8(ascii: "i"), UInt8(ascii: "m"), UInt8(ascii: "g")) else { return false }
    guard start + 3 < html.count else { return true }
    let next = html[start + 3]
    return HTMLMarkup.isWhitespace(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: ">")
  }

  /// The value of the `src` attribute among the tag's bytes, decoded; nil when absent or blank.
  private static func attribute(src html: UnsafeBufferPointer<UInt8>, in range: Range<Int>)
    -> String?
  {
    var index = range.lowerBound
    while index + 3 <= range.upperBound {
      let isName =
        (html[index] | 0x20, html[index + 1] | 0x20, html[index + 2] | 0x20)
        == (UInt8(ascii: "s"), UInt8(ascii: "r"), UInt8(ascii: "c"))
      let before = index == range.lowerBound || HTMLMarkup.isWhitespace(html[index - 1])
      guard isName, before else {
        index += 1
        continue
      }
      var cursor = index + 3
      while cursor < range.upperBound, HTMLMarkup.isWhitespace(html[cursor]) { cursor += 1 }
      guard cursor < range.upperBound, html[cursor] == UInt8(ascii: "=") else {
        index += 3
        continue
      }
      cursor += 1
      while cursor < range.upperBound, HTMLMarkup.isWhitespace(html[cursor]) { cursor += 1 }
      return value(html, from: cursor, before: range.upperBound)
    }
    return nil
  }

  /// An attribute value starting at `start`: quoted, or up to white space.
  private static func value(_ html: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int)
    -> String?
  {
    guard start < end else { return nil }
    let quote = html[start]
    let isQuoted = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
    var stop = isQuoted ? start + 1 : start
    while stop < end,
      isQuoted ? html[stop] != quote : !HTMLMarkup.isWhitespace(html[stop])
    {
      stop += 1
    }
    let raw = UnsafeBufferPointer(rebasing: html[(isQuoted ? start + 1 : start)..<stop])
    var decoded: [UInt8] = []
    HTMLText.appendDecodingEntities(raw, legacy: false, to: &decoded)
    let text = String(decoding: decoded, as: UTF8.self).trimmingASCIIWhitespace()
    return text.isEmpty ? nil : text
  }

  private static func find(_ byte: UInt8, in html: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int?
  {
    var index = start
    while index < html.count {
      if html[index] == byte { return index }
      index += 1
    }
    return nil
  }
}
