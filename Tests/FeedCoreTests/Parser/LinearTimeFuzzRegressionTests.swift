import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// Inputs whose cost must grow linearly: a run of one character, deep nesting, unclosed
/// openers. Each is big enough (200k) that quadratic work would take minutes, so the suite's
/// time limit turns such a slowdown into a failure; libFuzzer's per-input timeout (see
/// `Fuzz/`) covers the same class on small inputs.
@Suite("Linear time on repetitive input", .timeLimit(.minutes(1)))
struct LinearTimeFuzzRegressionTests {
  static let count = 200_000

  static let htmlRuns: [NamedInput] = [
    NamedInput(name: "'<' run") { String(repeating: "<", count: count) },
    NamedInput(name: "'&' run") { String(repeating: "&", count: count) },
    NamedInput(name: "'&#' run") { String(repeating: "&#", count: count) },
    NamedInput(name: "'&amp' run without ';'") { String(repeating: "&amp", count: count / 4) },
    NamedInput(name: "<b> nesting") { String(repeating: "<b>", count: count) + "x" },
    NamedInput(name: "<div> nesting") { String(repeating: "<div>", count: count / 2) + "x" },
    NamedInput(name: "unclosed comments") { String(repeating: "<!--", count: count / 2) },
    NamedInput(name: "unclosed tag") { "<a href=\"" + String(repeating: "x", count: count) },
    NamedInput(name: "unclosed script") { "<script>" + String(repeating: "<p>", count: count / 2) },
    NamedInput(name: "whitespace run") { String(repeating: " \t\n", count: count) + "x" },
    NamedInput(name: "combining marks") { "e" + String(repeating: "\u{301}", count: count) },
  ]

  @Test("HTML to text", arguments: htmlRuns)
  func htmlText(input: NamedInput) {
    let html = input.make()
    #expect(HTMLText.plainText(html).utf8.count <= html.utf8.count * 3)
  }

  @Test("decoding references", arguments: htmlRuns)
  func decodingEntities(input: NamedInput) {
    #expect(!HTMLText.decodingEntities(input.make()).isEmpty)
  }

  /// A feed around `body`, in an item's description.
  static func feed(description body: String) -> String {
    """
    <rss version="2.0"><channel><title>t</title><item><title>i</title>
    <description>\(body)</description></item></channel></rss>
    """
  }

  static let documents: [NamedInput] = [
    NamedInput(name: "bare '&' run") { feed(description: String(repeating: "& ", count: count)) },
    NamedInput(name: "escaped '<' run") {
      feed(description: String(repeating: "&lt;", count: count))
    },
    NamedInput(name: "escaped <b> nesting") {
      feed(description: String(repeating: "&lt;b&gt;", count: count / 2))
    },
    NamedInput(name: "CDATA '<' run") {
      feed(description: "<![CDATA[" + String(repeating: "<", count: count) + "]]>")
    },
    NamedInput(name: "nested items") {
      "<rss><channel>" + String(repeating: "<item><title>x</title>", count: count / 4)
    },
    NamedInput(name: "nested elements") {
      "<rss><channel><item>" + String(repeating: "<x>", count: count)
    },
    NamedInput(name: "attribute run") {
      "<rss><channel><item><media:content url=\"" + String(repeating: "&amp;", count: count)
    },
  ]

  @Test("the parser", arguments: documents)
  func parser(input: NamedInput) {
    #expect((try? FeedParser.parse(Data(input.make().utf8))) != nil)
  }

  @Test(
    "dates",
    arguments: [
      NamedInput(name: "digits") { String(repeating: "1", count: count) },
      NamedInput(name: "spaces") { String(repeating: " ", count: count) + "x" },
      NamedInput(name: "month names") { String(repeating: "Jan ", count: count / 4) },
      NamedInput(name: "signs") { String(repeating: "+", count: count) },
      NamedInput(name: "clock pieces") { String(repeating: "12:", count: count / 3) },
    ])
  func dates(input: NamedInput) {
    #expect(FeedDate.parse(input.make()) == nil)
  }
}

/// Parameterized cases show the input's name, not its 200k characters.
extension NamedInput: CustomTestStringConvertible {
  public var testDescription: String { name }
}
