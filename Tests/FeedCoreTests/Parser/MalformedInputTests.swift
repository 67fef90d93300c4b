import Foundation
import Testing

@testable import FeedCore

/// A corpus of broken and hostile inputs, generated here (no binary fixtures in git).
@Suite("Malformed and hostile input")
struct MalformedInputTests {
  static func items(_ count: Int) -> String {
    (1...count).map {
      "<item><title>Item \($0)</title><description>Text \($0) &amp; more</description></item>"
    }
    .joined(separator: "\n")
  }

  static func isPositioned(_ warning: String) -> Bool {
    warning.range(of: #"^\d+:\d+: "#, options: .regularExpression) != nil
  }

  @Test("truncated XML keeps the items before the cut and warns with line:column")
  func truncated() throws {
    let whole =
      "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>Cut</title>\n"
      + Self.items(5) + "\n</channel></rss>"
    let cut = String(whole[..<whole.range(of: "Text 4")!.upperBound])
    let feed = try parse(cut)
    #expect(feed.items.prefix(3).map(\.title) == ["Item 1", "Item 2", "Item 3"])
    // The item open at the cut is kept with what it had.
    #expect(feed.items.count == 4)
    #expect(feed.items.last?.title == "Item 4")
    #expect(!feed.warnings.isEmpty)
    #expect(feed.warnings.allSatisfy(Self.isPositioned))
  }

  @Test("mismatched tags and a bare ampersand are recovered")
  func recoveredErrors() throws {
    let feed = try parse(
      """
      <rss version="2.0"><channel>
      <item><title>Fish & Chips</title><description>a <b>bold</i> move</description></item>
      <item><title>Next &amp; last</title></item>
      </channel></rss>
      """)
    #expect(feed.items.count == 2)
    #expect(feed.items.last?.title == "Next & last")
    #expect(feed.warnings.contains { $0.hasPrefix("2:") })
  }

  @Test("undefined HTML entities are decoded; other undefined entities warn and vanish")
  func undefinedEntities() throws {
    let feed = try parse(
      "<rss><channel><item><title>M&uuml;nchen &bogus; &hellip;</title><link>http://x/?a=&auml;</link></item></channel></rss>"
    )
    let item = try #require(feed.items.first)
    #expect(item.title == "München …")
    #expect(item.link == "http://x/?a=ä")
    #expect(feed.warnings.contains { $0.contains("bogus") })
  }

  @Test("wrong declared encodings do not fail the feed")
  func wrongDeclaredEncoding() throws {
    let ascii = try parse(
      bytes: Array(
        "<?xml version=\"1.0\" encoding=\"UTF-16\"?><rss><channel><item><title>plain</title></item></channel></rss>"
          .utf8))
    #expect(ascii.items.first?.title == "plain")
    let latin1 = try parse(
      bytes: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss><channel><item><title>".utf8)
        + [0x47, 0x72, 0xFC, 0xDF, 0x65] + Array("</title></item></channel></rss>".utf8))
    #expect(latin1.items.first?.title == "Gr\u{FFFD}\u{FFFD}e")
  }

  @Test("raw control characters and NUL bytes inside a feed")
  func controlBytes() throws {
    let feed = try parse(
      bytes: Array("<rss><channel><item><title>a".utf8) + [0x00, 0x07, 0x1B]
        + Array("b</title></item><item><title>next</title></item></channel></rss>".utf8))
    #expect(feed.items.map(\.title) == ["a\u{FFFD}\u{FFFD}\u{FFFD}b", "next"])
  }

  @Test("an HTML page is not a feed, and the error says it is HTML")
  func htmlPage() throws {
    let pages = [
      "<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>Home</title></head><body><p>Hi<br></body></html>",
      "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>x</title></head><body/></html>",
      "\n<!doctype html>\n<HTML><BODY>Unclosed",
    ]
    for page in pages {
      #expect(throws: FeedParseError.notAFeed(rootElement: "html")) { try parse(page) }
    }
    #expect(FeedParseError.notAFeed(rootElement: "html").description.contains("HTML page"))
  }

  @Test("XML that is not a feed names its root element")
  func otherXML() throws {
    #expect(throws: FeedParseError.notAFeed(rootElement: "svg")) {
      try parse("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect/></svg>")
    }
    #expect(FeedParseError.notAFeed(rootElement: "svg").description.contains("<svg>"))
  }

  @Test("empty input, empty file and whitespace only are `emptyInput`")
  func empty() throws {
    #expect(throws: FeedParseError.emptyInput) { try FeedParser.parse(Data()) }
    #expect(throws: FeedParseError.emptyInput) { try parse(" \n\t\r\n") }
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("feedcore-empty-\(UUID().uuidString).rss")
    try Data().write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(throws: FeedParseError.emptyInput) { try FeedParser.parse(contentsOf: url) }
  }

  @Test("JSON that is not a JSON Feed is recognised as JSON, and says why")
  func json() throws {
    #expect(throws: FeedParseError.json(reason: "no JSON Feed version")) {
      try parse(#"{"title": "not a feed", "items": []}"#)
    }
    #expect(throws: FeedParseError.json(reason: "a list, not an object")) {
      try parse("  [1, 2, 3]")
    }
    #expect(throws: FeedParseError.json(reason: "not valid JSON")) { try parse("{\"a\": ") }
    let feed = try parse(#"{"version": "https://jsonfeed.org/version/1.1", "items": []}"#)
    #expect(feed.format == .json && feed.items.isEmpty)
  }

  @Test("random binary data is recognised as binary")
  func binary() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let bytes = (0..<4096).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    #expect(throws: FeedParseError.binary) { try parse(bytes: bytes) }
  }

  @Test(
    "text that is not markup says it is plain text and how it starts",
    arguments: [
      ("hello", "hello"), ("  Name,Count\n1,2", "Name,Count"),
      ("# Notes\n\nabout feeds", "# Notes"),
      ("hello <b>world</b>", "hello <b>world</b>"),
      ("\u{1B}[31mred\u{1B}[0m and a long line of text after it", "[31mred[0m and a long line of…"),
    ])
  func plainText(text: String, start: String) throws {
    #expect(throws: FeedParseError.plainText(start: start)) { try parse(text) }
    #expect(FeedParseError.plainText(start: start).description.contains("plain text"))
    #expect(!FeedParseError.plainText(start: start).description.contains("Document is empty"))
  }

  @Test("markup that is not XML reports libxml2's position and message")
  func notXML() throws {
    do {
      _ = try parse("<<< this is not XML >>>")
      Issue.record("expected an error")
    } catch let error {
      guard case .notXML(let line, let column, let message) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(line == 1)
      #expect(column >= 1)
      #expect(!message.isEmpty)
      #expect(error.description.contains("not XML"))
    }
  }

  @Test("a missing file and a directory are unreadable, not 'not a feed'")
  func unreadable() throws {
    let missing = URL(fileURLWithPath: "/nonexistent/feedcore/feed.rss")
    #expect(
      throws: FeedParseError.unreadable(path: missing.path, reason: "No such file or directory")
    ) {
      try FeedParser.parse(contentsOf: missing)
    }
    do {
      _ = try FeedParser.parse(contentsOf: FileManager.default.temporaryDirectory)
      Issue.record("a directory parsed")
    } catch {
      #expect(error.isUnreadable)
    }
  }

  @Test("XXE: external entities and DTDs are never read")
  func externalEntities() throws {
    let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? "root:x:0:0"
    let marker = String(passwd.prefix(while: { $0 != "\n" }))
    let documents = [
      """
      <?xml version="1.0"?>
      <!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <rss><channel><title>&xxe;</title><item><title>&xxe;</title>
      <description>&xxe;</description><link>x&xxe;</link></item></channel></rss>
      """,
      """
      <?xml version="1.0"?>
      <!DOCTYPE rss [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>
      <rss><channel><item><title>t</title></item></channel></rss>
      """,
      """
      <?xml version="1.0"?>
      <!DOCTYPE rss SYSTEM "file:///etc/passwd">
      <rss><channel><item><title>t</title></item></channel></rss>
      """,
      """
      <?xml version="1.0"?>
      <!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <rss><channel><item><media:content xmlns:media="http://search.yahoo.com/mrss/" url="&xxe;"/></item></channel></rss>
      """,
    ]
    for document in documents {
      let feed = try parse(document)
      let json = feed.jsonString()
      #expect(!json.contains(marker))
      #expect(!json.contains("root:"))
    }
  }

  @Test("billion laughs: no expansion, bounded output")
  func billionLaughs() throws {
    var declarations = "<!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      declarations +=
        "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
    }
    let document =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n\(declarations)]>\n"
      + "<rss><channel><title>&lol9;</title><item><title>&lol9;</title><description>&lol9;&lol9;</description></item></channel></rss>"
    let feed = try parse(document)
    let json = feed.jsonString()
    #expect(json.count < 10_000)
    #expect(!json.contains("lollollol"))
    #expect(feed.warnings.contains { $0.contains("lol9") })
  }

  @Test("a ~50 MB feed streams from a file with every item")
  func largeFile() throws {
    let itemCount = 16_000
    let filler = String(
      repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 54)
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("feedcore-large-\(UUID().uuidString).rss")
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer {
      try? handle.close()
      try? FileManager.default.removeItem(at: url)
    }
    handle.write(
      Data(
        "<?xml version=\"1.0\"?>\n<rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\"><channel><title>Big</title>\n"
          .utf8))
    var chunk = ""
    for index in 1...itemCount {
      chunk +=
        "<item><title>Item \(index)</title><link>https://x/\(index)</link>"
        + "<description>Short \(index)</description><content:encoded><![CDATA[<p>\(filler)</p>]]></content:encoded></item>\n"
      if index % 1_000 == 0 {
        handle.write(Data(chunk.utf8))
        chunk = ""
      }
    }
    handle.write(Data((chunk + "</channel></rss>\n").utf8))
    try handle.synchronize()
    let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
    #expect(size > 50_000_000)
    let feed = try FeedParser.parse(contentsOf: url)
    #expect(feed.items.count == itemCount)
    #expect(feed.items.last?.title == "Item \(itemCount)")
    #expect(feed.items.last?.summary == "Short \(itemCount)")
    #expect(feed.warnings.isEmpty)
  }
}
