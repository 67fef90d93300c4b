import Foundation
import Testing

@testable import FeedCore

@Suite("Whole feeds")
struct FeedModelTests {
  @Test("an RSS 2.0 DeviantArt-style feed becomes the whole model")
  func rss2() throws {
    let feed = try parse(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom">
        <channel>
          <title>DeviantArt: Popular</title>
          <link>https://www.deviantart.com/popular/</link>
          <description>DeviantArt RSS for &lt;b&gt;Popular&lt;/b&gt;</description>
          <atom:link rel="next" href="https://backend.deviantart.com/rss.xml?offset=60"/>
          <image><title>Not the feed title</title><url>https://x/logo.png</url></image>
          <item>
            <title>Leya</title>
            <link>https://art0fck.deviantart.com/art/Leya-671530106</link>
            <guid isPermaLink="true">https://art0fck.deviantart.com/art/Leya-671530106</guid>
            <pubDate>Tue, 28 Mar 2017 03:37:53 PDT</pubDate>
            <media:title type="plain">Leya</media:title>
            <media:keywords></media:keywords>
            <media:rating>adult</media:rating>
            <media:category label="Artistic Nude">photography/people/nude</media:category>
            <media:credit role="author" scheme="urn:ebu">art0fCK</media:credit>
            <media:copyright url="https://art0fck.deviantart.com">Copyright 2017 art0fCK</media:copyright>
            <media:description type="html">artofckphoto.com</media:description>
            <media:thumbnail url="https://t/150.jpg" height="150" width="100"/>
            <media:thumbnail url="https://t/300.jpg" height="450" width="300"/>
            <media:content url="https://pre/full.jpg" height="1095" width="730" medium="image"/>
            <description>artofckphoto.com&lt;br /&gt;&lt;div&gt;&lt;img src=&quot;https://t/300.jpg&quot; /&gt;&lt;/div&gt;</description>
          </item>
        </channel>
      </rss>
      """)
    var expected = Feed(
      format: .rss, title: "DeviantArt: Popular", link: "https://www.deviantart.com/popular/",
      description: "DeviantArt RSS for Popular", warnings: [],
      items: [
        FeedItem(
          title: "Leya", link: "https://art0fck.deviantart.com/art/Leya-671530106",
          guid: "https://art0fck.deviantart.com/art/Leya-671530106",
          published: FeedDate.parse("2017-03-28T10:37:53Z"), author: "art0fCK",
          categories: ["photography/people/nude"], summary: "artofckphoto.com",
          mediaTitle: "Leya", mediaDescription: "artofckphoto.com", mediaText: nil,
          mediaKeywords: [],
          credits: [MediaCredit(role: "author", scheme: "urn:ebu", name: "art0fCK")],
          thumbnails: [
            MediaThumbnail(url: "https://t/150.jpg", width: 100, height: 150),
            MediaThumbnail(url: "https://t/300.jpg", width: 300, height: 450),
          ],
          contents: [
            MediaContent(url: "https://pre/full.jpg", medium: "image", width: 730, height: 1095)
          ],
          rating: "adult", copyright: "Copyright 2017 art0fCK", firstImage: "https://t/300.jpg")
      ])
    expected.nextLink = "https://backend.deviantart.com/rss.xml?offset=60"
    #expect(feed == expected)
  }

  @Test("RSS 1.0 (RDF) with Dublin Core: items beside the channel, rdf:about as guid")
  func rss1() throws {
    let feed = try parse(
      """
      <?xml version="1.0" encoding="ISO-8859-1"?>
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
               xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel rdf:about="https://slashdot.org/">
          <title>Slashdot</title><link>https://slashdot.org/</link>
          <description>News for nerds</description>
        </channel>
        <item rdf:about="https://slashdot.org/story/1?a=1&amp;b=2">
          <title>Story one</title><link>https://slashdot.org/story/1</link>
          <description>Text &lt;i&gt;here&lt;/i&gt;</description>
          <dc:creator>msmash</dc:creator><dc:subject>security</dc:subject>
          <dc:date>2024-03-02T15:00:00+00:00</dc:date>
        </item>
        <item rdf:about="https://slashdot.org/story/2"><title>Story two</title></item>
      </rdf:RDF>
      """)
    #expect(feed.format == .rss)
    #expect(feed.title == "Slashdot")
    #expect(feed.description == "News for nerds")
    #expect(feed.items.count == 2)
    let item = try #require(feed.items.first)
    #expect(item.guid == "https://slashdot.org/story/1?a=1&b=2")
    #expect(item.author == "msmash")
    #expect(item.categories == ["security"])
    #expect(item.summary == "Text here")
    #expect(stamp(item.published) == "2024-03-02T15:00:00Z")
  }

  @Test("RSS 0.91 and UserLand's namespaced RSS 2.0 are RSS")
  func oldRSS() throws {
    let old = try parse(
      """
      <?xml version="1.0"?>
      <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN"
        "http://my.netscape.com/publish/formats/rss-0.91.dtd">
      <rss version="0.91"><channel><title>Old</title>
        <item><title>Caf&eacute; news</title><link>http://x/1</link></item>
      </channel></rss>
      """)
    #expect(old.items.map(\.title) == ["Café news"])
    let userland = try parse(
      """
      <rss version="2.0" xmlns="http://backend.userland.com/rss2"><channel><title>U</title>
        <item><title>Namespaced</title></item></channel></rss>
      """)
    #expect(userland.title == "U")
    #expect(userland.items.map(\.title) == ["Namespaced"])
  }

  @Test("Atom 1.0: text constructs by type, alternate links, authors, categories")
  func atom() throws {
    let feed = try parse(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
        <title type="html">A &amp;amp; B</title>
        <subtitle>The subtitle</subtitle>
        <link rel="self" href="https://x/feed.atom"/>
        <link href="https://x/"/>
        <author><name>Feed Author</name></author>
        <entry>
          <title type="text">1 &lt; 2</title>
          <link rel="enclosure" href="https://x/a.mp3"/>
          <link rel="alternate" type="text/html" href="https://x/entry"/>
          <id>tag:x,2024:1</id>
          <published>2024-01-02T03:04:05Z</published>
          <updated>2024-02-02T03:04:05Z</updated>
          <author><name>Entry Author</name><uri>https://x/u</uri></author>
          <category term="swift" label="Swift"/><category term="swift"/><category term="linux"/>
          <summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>One &amp; <b>two</b></p><p>three</p></div></summary>
          <content type="html">&lt;p&gt;ignored: summary wins&lt;/p&gt;</content>
          <source><title>Source title</title><author><name>Source Author</name></author></source>
          <media:thumbnail url="https://x/t.jpg" width="120" height="90"/>
        </entry>
        <entry><title>Second</title><content type="html">&lt;p&gt;Only &lt;i&gt;content&lt;/i&gt;&lt;/p&gt;</content></entry>
      </feed>
      """)
    #expect(feed.format == .atom)
    #expect(feed.title == "A & B")
    #expect(feed.description == "The subtitle")
    #expect(feed.link == "https://x/")
    let entry = try #require(feed.items.first)
    #expect(entry.title == "1 < 2")
    #expect(entry.link == "https://x/entry")
    #expect(entry.guid == "tag:x,2024:1")
    #expect(stamp(entry.published) == "2024-01-02T03:04:05Z")
    #expect(entry.author == "Entry Author")
    #expect(entry.categories == ["swift", "linux"])
    #expect(entry.summary == "One & two\n\nthree")
    #expect(entry.thumbnails == [MediaThumbnail(url: "https://x/t.jpg", width: 120, height: 90)])
    #expect(feed.items.last?.summary == "Only content")
    #expect(feed.items.last?.author == nil)
  }

  @Test("summary prefers description, then content:encoded, then dc:description")
  func summaryPriority() throws {
    let both = try rssItem(
      "<content:encoded>&lt;p&gt;full&lt;/p&gt;</content:encoded><description>short</description>")
    #expect(both.summary == "short")
    let encoded = try rssItem(
      "<dc:description>dc</dc:description><content:encoded>&lt;p&gt;full&lt;/p&gt;</content:encoded>"
    )
    #expect(encoded.summary == "full")
    let empty = try rssItem("<description>  </description><dc:description>dc</dc:description>")
    #expect(empty.summary == "dc")
    let none = try rssItem("<media:description>only media</media:description>")
    #expect(none.summary == nil)
    #expect(none.mediaDescription == "only media")
  }

  @Test("an RSS title is literal unless it looks like HTML")
  func titles() throws {
    #expect(try rssItem("<title>a &lt; b &amp; R&amp;D</title>").title == "a < b & R&D")
    #expect(try rssItem("<title>Tom &amp;amp; Jerry</title>").title == "Tom & Jerry")
    #expect(try rssItem("<title>it&amp;#x27;s</title>").title == "it's")
    #expect(
      try rssItem("<title>&lt;span class='r'&gt;₹&lt;/span&gt;4,000</title>").title == "₹4,000")
    #expect(try rssItem("<title>  two\n  lines </title>").title == "two lines")
    #expect(try rssItem("<description>no title</description>").title == nil)
    #expect(try rssItem("<dc:title>from dc</dc:title>").title == "from dc")
  }

  @Test("links: <link>, else a permalink guid; guid keeps isPermaLink=false ids as ids")
  func links() throws {
    #expect(try rssItem("<guid>https://x/p/1</guid>").link == "https://x/p/1")
    let tag = try rssItem("<guid isPermaLink=\"false\">https://x/p/1</guid>")
    #expect(tag.link == nil)
    #expect(tag.guid == "https://x/p/1")
    // Case, surrounding white space and references do not hide a "false".
    for spelled in [" FALSE ", "False", "&#102;alse", "f&#x61;lse"] {
      #expect(try rssItem("<guid isPermaLink=\"\(spelled)\">https://x/p/1</guid>").link == nil)
    }
    #expect(try rssItem("<guid isPermaLink=\"no\">https://x/p/1</guid>").link == "https://x/p/1")
    #expect(try rssItem("<guid>tag:x,2006:1</guid>").link == nil)
    #expect(try rssItem("<atom:link href=\"https://x/alt\"/>").link == "https://x/alt")
  }

  @Test("an item nested in an item is not a second item")
  func nestedItems() throws {
    let feed = try parse(
      """
      <rss version="2.0"><channel>
        <item><title>One</title><item/></item>
        <item><title>Two</title><item><title>inner</title></item></item>
      </channel></rss>
      """)
    #expect(feed.items.map(\.title) == ["One", "Two"])
  }

  @Test("categories: <category>, dc:subject, media:category, de-duplicated in document order")
  func categories() throws {
    let item = try rssItem(
      """
      <category domain="x">News</category><dc:subject>Tech</dc:subject>
      <media:category>Photos</media:category><category>News</category>
      <media:keywords>not, categories</media:keywords>
      """)
    #expect(item.categories == ["News", "Tech", "Photos"])
    #expect(item.mediaKeywords == ["not", "categories"])
  }

  @Test("an RSS feed with no items and no title parses to an empty feed")
  func emptyFeed() throws {
    let feed = try parse("<rss version=\"2.0\"><channel></channel></rss>")
    #expect(feed == Feed(format: .rss))
  }

  @Test("the same bytes parse the same way from Data, a file and a file handle")
  func sources() throws {
    let xml = "<rss><channel><title>T</title><item><title>I</title></item></channel></rss>"
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("feedcore-sources-\(UUID().uuidString).rss")
    try Data(xml.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let fromData = try parse(xml)
    #expect(try FeedParser.parse(contentsOf: url) == fromData)
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    #expect(try FeedParser.parse(fileHandle: handle) == fromData)
  }

  @Test("a feed of many chunks whose items change size keeps every item, in order")
  func manyItemsOfChangingSize() throws {
    // The item list is sized from the first items of a `Data` or file; here they are tiny and
    // the later ones long, and the whole spans many 64 KiB chunks.
    var xml = "<rss><channel>"
    for index in 0..<3000 {
      let body = index < 200 ? "" : String(repeating: "word \(index) ", count: index % 40)
      xml += "<item><title>Item \(index)</title><description>\(body)</description></item>"
    }
    xml += "</channel></rss>"
    let feed = try parse(xml)
    #expect(feed.items.count == 3000)
    #expect(feed.items.map(\.title) == (0..<3000).map { "Item \($0)" })
    let expected = String(repeating: "word 2039 ", count: 39).dropLast()
    #expect(feed.items[2039].summary == String(expected))
    #expect(feed.items[150].summary == nil)
  }
}
