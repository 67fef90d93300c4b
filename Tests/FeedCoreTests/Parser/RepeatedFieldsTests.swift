import Foundation
import Testing

@testable import FeedCore

/// Fields that repeat another's bytes share its storage (`FieldText`'s `sibling`): what a
/// million items kept in memory cost depends on it (docs/adr/0176), and the values must stay
/// as parsed.
@Suite("Repeated fields of an item share one storage")
struct RepeatedFieldsTests {
  static let document = """
    <?xml version="1.0"?>
    <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>t</title>
    <item><title>A title long enough to be stored apart</title>
    <link>https://example.com/art/one-long-enough-address</link>
    <guid>https://example.com/art/one-long-enough-address</guid>
    <description>&lt;b&gt;The same words&lt;/b&gt; in both places, long enough to be stored.</description>
    <media:title>A title long enough to be stored apart</media:title>
    <media:description type="html">&lt;b&gt;The same words&lt;/b&gt; in both places, long enough to be stored.</media:description>
    </item>
    <item><title>A title long enough to be stored apart</title>
    <link>https://example.com/art/two-long-enough-address</link>
    <guid>https://example.com/art/two-long-enough-address?other</guid>
    <description>Other words in the description than in the media one.</description>
    <media:title>A title long enough to be stored apart!</media:title>
    <media:description>Other words in the media description than in the other.</media:description>
    </item></channel></rss>
    """

  /// The address of a string's bytes (native strings of more than 15 bytes are on the heap).
  static func storage(_ text: String?) -> UnsafePointer<UInt8>? {
    guard var text else { return nil }
    return text.withUTF8 { $0.baseAddress }
  }

  @Test("equal bytes: one storage, the values as parsed")
  func shared() throws {
    let item = try FeedParser.parse(Data(Self.document.utf8)).items[0]
    #expect(item.summary == "The same words in both places, long enough to be stored.")
    #expect(item.mediaDescription == item.summary)
    #expect(item.guid == item.link)
    #expect(item.mediaTitle == item.title)
    #expect(Self.storage(item.mediaDescription) == Self.storage(item.summary))
    #expect(Self.storage(item.guid) == Self.storage(item.link))
  }

  @Test("different bytes: each field keeps its own")
  func notShared() throws {
    let item = try FeedParser.parse(Data(Self.document.utf8)).items[1]
    #expect(item.guid == "https://example.com/art/two-long-enough-address?other")
    #expect(item.mediaTitle == "A title long enough to be stored apart!")
    #expect(item.mediaDescription == "Other words in the media description than in the other.")
    #expect(Self.storage(item.guid) != Self.storage(item.link))
  }
}
