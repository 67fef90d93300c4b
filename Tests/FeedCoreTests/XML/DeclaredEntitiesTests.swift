import Foundation
import Testing

@testable import FeedCore

@Suite("Documents' own entities and element name case")
struct DeclaredEntitiesTests {
  @Test("internal entities declared in the DOCTYPE are expanded in text, nested ones too")
  func internalEntities() throws {
    let feed = try parse(
      """
      <?xml version="1.0"?>
      <!DOCTYPE rss [
      <!ENTITY copy "(c)">
      <!ENTITY owner "Ada &amp; co &copy; &#x263A; &hellip;">
      <!ENTITY loop "a &loop; b">
      ]>
      <rss><channel><title>&owner;</title><item><title>x &copy; y</title>
      <description>&owner; &loop;</description></item></channel></rss>
      """)
    #expect(feed.title == "Ada & co (c) ☺ …")
    let item = try #require(feed.items.first)
    #expect(item.title == "x (c) y")
    #expect(item.summary == "Ada & co (c) ☺ …")
    #expect(feed.warnings.contains { $0.contains("'loop'") })
  }

  @Test("an exponential entity is capped with a warning, not expanded")
  func exponential() throws {
    var declarations = "<!ENTITY a0 \"0123456789\">\n"
    for level in 1...30 {
      declarations += "<!ENTITY a\(level) \"&a\(level - 1);&a\(level - 1);\">\n"
    }
    let feed = try parse(
      "<!DOCTYPE rss [\n\(declarations)]>\n"
        + "<rss><channel><item><title>&a12;</title><description>&a30;</description></item></channel></rss>"
    )
    let item = try #require(feed.items.first)
    #expect(item.title == String(repeating: "0123456789", count: 4_096))
    #expect(item.summary == nil)
    #expect(feed.warnings.contains { $0.contains("'a30'") })
  }

  @Test("element names in any case: pubdate, PUBDATE, Title, ITEM")
  func elementCase() throws {
    let feed = try parse(
      """
      <RSS version="2.0"><Channel><TITLE>T</TITLE>
      <ITEM><Title>a</Title><pubdate>Wed, 02 Oct 2002 13:00:00 GMT</pubdate><LINK>http://x/</LINK></ITEM>
      <item><title>b</title><PUBDATE>Thu, 03 Oct 2002 13:00:00 GMT</PUBDATE></item>
      </Channel></RSS>
      """)
    #expect(feed.title == "T")
    #expect(feed.items.map(\.title) == ["a", "b"])
    #expect(
      feed.items.map { stamp($0.published) } == ["2002-10-02T13:00:00Z", "2002-10-03T13:00:00Z"])
    #expect(feed.items.first?.link == "http://x/")
  }
}
