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

  /// A big input, made when its test runs and shown by name only (not 200k characters).
  struct Input: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () -> String
    var testDescription: String { name }
  }

  static let htmlRuns: [Input] = [
    Input(name: "'<' run") { String(repeating: "<", count: count) },
    Input(name: "'&' run") { String(repeating: "&", count: count) },
    Input(name: "'&#' run") { String(repeating: "&#", count: count) },
    Input(name: "'&amp' run without ';'") { String(repeating: "&amp", count: count / 4) },
    Input(name: "<b> nesting") { String(repeating: "<b>", count: count) + "x" },
    Input(name: "<div> nesting") { String(repeating: "<div>", count: count / 2) + "x" },
    Input(name: "unclosed comments") { String(repeating: "<!--", count: count / 2) },
    Input(name: "unclosed tag") { "<a href=\"" + String(repeating: "x", count: count) },
    Input(name: "unclosed script") { "<script>" + String(repeating: "<p>", count: count / 2) },
    Input(name: "whitespace run") { String(repeating: " \t\n", count: count) + "x" },
    Input(name: "combining marks") { "e" + String(repeating: "\u{301}", count: count) },
  ]

  @Test("HTML to text", arguments: htmlRuns)
  func htmlText(input: Input) {
    let html = input.make()
    #expect(HTMLText.plainText(html).utf8.count <= html.utf8.count * 3)
  }

  @Test("decoding references", arguments: htmlRuns)
  func decodingEntities(input: Input) {
    #expect(!HTMLText.decodingEntities(input.make()).isEmpty)
  }

  /// A feed around `body`, in an item's description.
  static func feed(description body: String) -> String {
    """
    <rss version="2.0"><channel><title>t</title><item><title>i</title>
    <description>\(body)</description></item></channel></rss>
    """
  }

  static let documents: [Input] = [
    Input(name: "bare '&' run") { feed(description: String(repeating: "& ", count: count)) },
    Input(name: "escaped '<' run") { feed(description: String(repeating: "&lt;", count: count)) },
    Input(name: "escaped <b> nesting") {
      feed(description: String(repeating: "&lt;b&gt;", count: count / 2))
    },
    Input(name: "CDATA '<' run") {
      feed(description: "<![CDATA[" + String(repeating: "<", count: count) + "]]>")
    },
    Input(name: "nested items") {
      "<rss><channel>" + String(repeating: "<item><title>x</title>", count: count / 4)
    },
    Input(name: "nested elements") {
      "<rss><channel><item>" + String(repeating: "<x>", count: count)
    },
    Input(name: "attribute run") {
      "<rss><channel><item><media:content url=\"" + String(repeating: "&amp;", count: count)
    },
  ]

  @Test("the parser", arguments: documents)
  func parser(input: Input) {
    #expect((try? FeedParser.parse(Data(input.make().utf8))) != nil)
  }

  @Test(
    "dates",
    arguments: [
      Input(name: "digits") { String(repeating: "1", count: count) },
      Input(name: "spaces") { String(repeating: " ", count: count) + "x" },
      Input(name: "month names") { String(repeating: "Jan ", count: count / 4) },
      Input(name: "signs") { String(repeating: "+", count: count) },
      Input(name: "clock pieces") { String(repeating: "12:", count: count / 3) },
    ])
  func dates(input: Input) {
    #expect(FeedDate.parse(input.make()) == nil)
  }
}
