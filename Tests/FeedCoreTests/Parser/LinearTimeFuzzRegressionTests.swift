import Foundation
import Testing

@testable import FeedCore

/// Inputs whose cost must grow linearly: a run of one character, deep nesting, unclosed
/// openers. Each is big enough (200k) that quadratic work would take minutes, so the suite's
/// time limit turns such a slowdown into a failure; libFuzzer's per-input timeout (see
/// `Fuzz/`) covers the same class on small inputs.
@Suite("Linear time on repetitive input", .timeLimit(.minutes(1)))
struct LinearTimeFuzzRegressionTests {
  static let count = 200_000

  static let htmlRuns: [(String, String)] = [
    ("'<' run", String(repeating: "<", count: count)),
    ("'&' run", String(repeating: "&", count: count)),
    ("'&#' run", String(repeating: "&#", count: count)),
    ("'&amp' run without ';'", String(repeating: "&amp", count: count / 4)),
    ("<b> nesting", String(repeating: "<b>", count: count) + "x"),
    ("<div> nesting", String(repeating: "<div>", count: count / 2) + "x"),
    ("unclosed comments", String(repeating: "<!--", count: count / 2)),
    ("unclosed tag", "<a href=\"" + String(repeating: "x", count: count)),
    ("unclosed script", "<script>" + String(repeating: "<p>", count: count / 2)),
    ("whitespace run", String(repeating: " \t\n", count: count) + "x"),
    ("combining marks", "e" + String(repeating: "\u{301}", count: count)),
  ]

  @Test("HTML to text", arguments: htmlRuns)
  func htmlText(name: String, html: String) {
    let text = HTMLText.plainText(html)
    #expect(text.utf8.count <= html.utf8.count * 3, "\(name)")
  }

  @Test("decoding references", arguments: htmlRuns)
  func decodingEntities(name: String, html: String) {
    #expect(!HTMLText.decodingEntities(html).isEmpty, "\(name)")
  }

  /// A feed around `body`, in an item's description.
  static func feed(description body: String) -> Data {
    Data(
      """
      <rss version="2.0"><channel><title>t</title><item><title>i</title>
      <description>\(body)</description></item></channel></rss>
      """.utf8)
  }

  @Test(
    "the parser",
    arguments: [
      ("bare '&' run", feed(description: String(repeating: "& ", count: count))),
      ("escaped '<' run", feed(description: String(repeating: "&lt;", count: count))),
      ("escaped <b> nesting", feed(description: String(repeating: "&lt;b&gt;", count: count / 2))),
      (
        "CDATA '<' run",
        feed(description: "<![CDATA[" + String(repeating: "<", count: count) + "]]>")
      ),
      (
        "nested items",
        Data(
          ("<rss><channel>" + String(repeating: "<item><title>x</title>", count: count / 4)).utf8)
      ),
      (
        "nested elements",
        Data(("<rss><channel><item>" + String(repeating: "<x>", count: count)).utf8)
      ),
      (
        "attribute run",
        Data(
          ("<rss><channel><item><media:content url=\"" + String(repeating: "&amp;", count: count))
            .utf8)
      ),
    ])
  func parser(name: String, document: Data) {
    let feed = try? FeedParser.parse(document)
    #expect(feed != nil, "\(name)")
  }

  @Test(
    "dates",
    arguments: [
      String(repeating: "1", count: count), String(repeating: " ", count: count) + "x",
      String(repeating: "Jan ", count: count / 4), String(repeating: "+", count: count),
      String(repeating: "12:", count: count / 3),
    ])
  func dates(text: String) {
    #expect(FeedDate.parse(text) == nil)
  }
}
