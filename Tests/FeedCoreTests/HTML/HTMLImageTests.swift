import Foundation
import Testing

@testable import FeedCore

@Suite("The description's first picture")
struct HTMLImageTests {
  func first(_ html: String) -> String? {
    var html = html
    return html.withUTF8 { HTMLImage.firstSource(in: $0) }
  }

  @Test("the first <img> with a src, quoted either way or not, references decoded")
  func sources() {
    #expect(
      first(#"text <br /><div><img src="https://a/1.jpg" /></div><img src="b">"#)
        == "https://a/1.jpg")
    #expect(first("<IMG alt='x' SRC='https://a/2.png?x=1&amp;y=2'>") == "https://a/2.png?x=1&y=2")
    #expect(first("<img src=https://a/3.gif width=5>") == "https://a/3.gif")
    #expect(
      first(#"<img alt="no source"><img data-src="x" src="https://a/4.webp">"#)
        == "https://a/4.webp")
    #expect(first("<imgur src='x'> <p>no picture</p>") == nil)
    #expect(first("<img src=\"\">") == nil)
    #expect(first("plain text") == nil)
    #expect(first("<img src=\"unterminated") == "unterminated")
  }

  @Test("the parser keeps it in firstImage, which the JSON output leaves out")
  func parsed() throws {
    let xml = """
      <rss version="2.0"><channel><title>t</title>
      <item><title>a</title><description>&lt;p&gt;Hi&lt;img src="https://a/x.png"&gt;&lt;/p&gt;</description></item>
      <item><title>b</title><description>plain</description></item>
      </channel></rss>
      """
    let feed = try FeedParser.parse(Data(xml.utf8))
    #expect(feed.items.map(\.firstImage) == ["https://a/x.png", nil])
    #expect(feed.items[0].summary == "Hi")
    #expect(!feed.jsonString().contains("firstImage") && !feed.jsonString().contains("x.png"))
  }
}
