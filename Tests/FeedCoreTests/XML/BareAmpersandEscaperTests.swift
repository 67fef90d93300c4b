import Foundation
import Testing

@testable import FeedCore

@Suite("Bare ampersands")
struct BareAmpersandEscaperTests {
  static let url = "https://e.com/i.jpg?width=140&quality=85&fit=max"

  @Test("a URL with bare & keeps its parameters in media:thumbnail, link and description")
  func urlParameters() throws {
    let item = try rssItem(
      """
      <title>Fish & Chips &amp; more</title><link>\(Self.url)</link>
      <description>see \(Self.url) &amp; &lt;b&gt;bold&lt;/b&gt;</description>
      <media:thumbnail url="\(Self.url)" width="140"/>
      """)
    #expect(item.title == "Fish & Chips & more")
    #expect(item.link == Self.url)
    #expect(item.summary == "see \(Self.url) & bold")
    #expect(item.thumbnails.first?.url == Self.url)
    #expect(item.thumbnails.first?.width == 140)
  }

  @Test("references stay references; & before something else is text")
  func references() throws {
    let item = try rssItem(
      "<guid>a &#65;&#x42; &uuml; &amp;amp; & &# &#x; &#12a; &; &-x; AT&T</guid>")
    #expect(item.guid == "a AB ü &amp; & &# &#x; &#12a; &; &-x; AT&T")
  }

  @Test("an & in CDATA and comments is left alone")
  func cdataAndComments() throws {
    let item = try rssItem(
      "<!-- a & b --><description><![CDATA[<a href=\"?a=1&b=2\">x & y &amp; z</a>]]></description>"
    )
    #expect(item.summary == "x & y & z")
    let raw = try rssItem("<guid><![CDATA[a & b &amp; c]]></guid>")
    #expect(raw.guid == "a & b &amp; c")
  }

  @Test("160,000 bare & then &amp; keep every character, and the count is one warning")
  func longRun() throws {
    let run = String(repeating: "&", count: 160_000)
    let feed = try parse(
      "<rss><channel><item><title>x</title><description>\(run)&amp;</description></item></channel></rss>"
    )
    let item = try #require(feed.items.first)
    #expect(item.summary == run + "&")
    #expect(feed.warnings == ["160000 \"&\" not starting a reference, read as text"])
  }

  @Test("the result does not depend on where the chunks split")
  func anySplit() {
    let documents = [
      "<r a=\"x&y&amp;z\">a&b &#38; &lt; &#x26;<![CDATA[c&d]]>e&f<!-- g&h -->i&j&</r>",
      "<r>&name_that_is_long;&#1234567;&x<!DOCTYPE x><![CDATA[]]]]>&<!-&-></r>",
    ]
    for document in documents {
      let bytes = Array(document.utf8)
      let whole = Self.escaped([bytes[...]])
      for split in 0...bytes.count {
        let pieces = [bytes[..<split], bytes[split...]]
        #expect(Self.escaped(pieces) == whole, "split at \(split)")
      }
    }
    #expect(
      String(decoding: Self.escaped([Array(documents[0].utf8)[...]]), as: UTF8.self)
        == "<r a=\"x&amp;y&amp;z\">a&amp;b &#38; &lt; &#x26;<![CDATA[c&d]]>e&amp;f<!-- g&h -->i&amp;j&amp;</r>"
    )
  }

  static func escaped(_ pieces: [ArraySlice<UInt8>]) -> [UInt8] {
    var escaper = BareAmpersandEscaper()
    var output: [UInt8] = []
    for piece in pieces {
      piece.withUnsafeBufferPointer { escaper.escape($0, final: false) { output += $0 } }
    }
    escaper.escape(UnsafeBufferPointer(start: nil, count: 0), final: true) { output += $0 }
    return output
  }
}
