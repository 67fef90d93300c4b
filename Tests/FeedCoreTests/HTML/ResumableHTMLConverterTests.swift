import Testing

@testable import FeedCore

extension ResumableHTMLConverter {
  /// Converts `html` through a scratch buffer, as `FeedBuilder` does with its capture buffer.
  mutating func convert(_ html: [UInt8]) -> String {
    var buffer = ByteBuffer(capacity: html.count)
    html.withUnsafeBufferPointer { buffer.append($0) }
    return String(decoding: convert(&buffer), as: UTF8.self)
  }
}

@Suite("HTML conversion that continues the previous field")
struct ResumableHTMLConverterTests {
  /// Fragments whose ends are hard to split: references with and without `;`, legacy names
  /// that a longer name extends, markup, comments and raw text cut anywhere.
  static let fragments: [String] =
    HTMLTextTests.cases.map(\.html) + [
      "a &notin; b &not c &amp",
      "x &#233 y &#x1F600; z &#12",
      "see <a href=\"https://e.com/?a=1&amp;b=2\">the link</a> <br /><br /><div>"
        + "<img src=\"t.jpg\" alt=\"thumbnail\" /></div>",
      "one<!-- a > b -- c -->two<!--x-->",
      "<script>if (a < b) { c(\"</p>\") }</script>after</scripts>",
      "tag <b title='a > b'>bold</b> <?pi x?> <!DOCTYPE html> end",
      "spaces   \t\n between  words  <p>  and  </p>  paragraphs  ",
      "中文 &uuml;ber <i>👩‍🎨</i> &CounterClockwiseContourIntegral; ∳",
    ]

  @Test("continuing from any prefix gives the whole fragment's text", arguments: fragments)
  func anySplit(fragment: String) {
    let bytes = Array(fragment.utf8)
    let whole = HTMLText.plainText(fragment)
    for split in 0...bytes.count {
      var converter = ResumableHTMLConverter()
      _ = converter.convert(Array(bytes[0..<split]))
      let text = converter.convert(bytes)
      #expect(text == whole, "split at byte \(split)")
    }
  }

  @Test("a DeviantArt description continues its media:description")
  func deviantArtShape() {
    let media = "stream is <b>available</b> &amp; painting<br />"
    let description = media + "<br /><div><img src=\"https://x/y.jpg\" alt=\"thumbnail\" /></div>"
    var converter = ResumableHTMLConverter()
    let mediaText = converter.convert(Array(media.utf8))
    let text = converter.convert(Array(description.utf8))
    #expect(converter.resumedCount == 1)
    #expect(mediaText == "stream is available & painting")
    #expect(text == HTMLText.plainText(description))
  }

  @Test("a reference cut by the end of the previous field is read again in full")
  func cutReference() {
    var converter = ResumableHTMLConverter()
    _ = converter.convert(Array("a &notin".utf8))
    let text = converter.convert(Array("a &notin; b".utf8))
    #expect(converter.resumedCount == 0)
    #expect(text == "a ∉ b")
  }
}
