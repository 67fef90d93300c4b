import Foundation
import Testing

@testable import FeedModel
@testable import Subscriptions

/// OPML in and out: folders as tags, duplicates, entities, size, hostile input.
@Suite("OPML import and export")
struct OPMLTests {
  static let resolver = SourceResolver(directory: URL(fileURLWithPath: "/tmp"), home: nil)

  static let nested = """
    <?xml version="1.0" encoding="UTF-8"?>
    <opml version="2.0"><head><title>Mine</title></head><body>
      <outline text="Art">
        <outline text="Ink &amp; Paper">
          <outline type="rss" text="Moths" xmlUrl="https://example.org/moths.xml"/>
        </outline>
        <outline TEXT="Caf&#233;" xmlurl="https://example.org/cafe.xml" HTMLURL="https://example.org/"/>
      </outline>
      <outline title="Top" XMLURL="https://example.org/top.xml"/>
      <outline text="Again"><outline text="Moths" xmlUrl="https://example.org/moths.xml"/></outline>
      <outline text="Empty folder"/>
      <outline text="No address" xmlUrl="  "/>
    </body></opml>
    """

  @Test("outlines with xmlUrl are feeds, in any case, with their folders outermost first")
  func reading() throws {
    let feeds = try OPMLReader.feeds(in: Data(Self.nested.utf8))
    #expect(
      feeds.map(\.xmlURL) == [
        "https://example.org/moths.xml", "https://example.org/cafe.xml",
        "https://example.org/top.xml", "https://example.org/moths.xml",
      ])
    #expect(feeds[0].folders == ["Art", "Ink & Paper"])
    #expect(
      feeds[1]
        == OPMLFeed(
          xmlURL: "https://example.org/cafe.xml", title: "Café", htmlURL: "https://example.org/",
          folders: ["Art"]))
    #expect(feeds[2].folders.isEmpty && feeds[2].title == "Top")
    #expect(feeds[3].folders == ["Again"])
  }

  @Test("import: folders become tags, a feed in two folders gets both, duplicates are counted")
  func importing() throws {
    var file = FeedsFile(
      parsing: Data("# mine\nhttps://example.org/top.xml\n".utf8), resolver: Self.resolver)
    let report = file.importing(try OPMLReader.feeds(in: Data(Self.nested.utf8)))
    #expect(report.description == "imported 2 feeds, 1 already subscribed")
    #expect(
      String(decoding: file.data, as: UTF8.self) == """
        # mine
        https://example.org/top.xml
        https://example.org/moths.xml "Art/Ink & Paper" "Again" "~Moths"
        https://example.org/cafe.xml "Art" "~Café"

        """)
    let again = file.importing(try OPMLReader.feeds(in: Data(Self.nested.utf8)))
    #expect(again.description == "imported 0 feeds, 3 already subscribed")
    var other = FeedsFile(parsing: Data(), resolver: Self.resolver)
    let odd = other.importing([OPMLFeed(xmlURL: "feed://x.org/"), OPMLFeed(xmlURL: "rel.xml")])
    #expect(odd.description == "imported 0 feeds, 0 already subscribed, 2 not readable")
  }

  @Test("export writes nested folders that import reads back as the same tags")
  func roundTrip() throws {
    let entries = [
      OPMLWriter.Entry(
        xmlURL: "https://a.org/f?x=1&y=2", title: "A \"quoted\" <one>", htmlURL: "https://a.org/",
        tags: ["Art/Ink", "Fav"]),
      OPMLWriter.Entry(xmlURL: "https://b.org/f", title: "B\nline", tags: []),
      OPMLWriter.Entry(xmlURL: "https://c.org/f", title: "C", tags: ["Art"]),
    ]
    let text = OPMLWriter.document(entries, date: Date(timeIntervalSince1970: 0))
    #expect(text.contains("<dateCreated>Thu, 01 Jan 1970 00:00:00 GMT</dateCreated>"))
    #expect(
      text.contains(
        "<outline type=\"rss\" text=\"A &quot;quoted&quot; &lt;one&gt;\" title=\"A &quot;quoted&quot; &lt;one&gt;\" xmlUrl=\"https://a.org/f?x=1&amp;y=2\" htmlUrl=\"https://a.org/\"/>"
      ))
    let feeds = try OPMLReader.feeds(in: Data(text.utf8))
    #expect(
      feeds.map(\.xmlURL) == [
        "https://a.org/f?x=1&y=2", "https://c.org/f", "https://a.org/f?x=1&y=2", "https://b.org/f",
      ])
    #expect(feeds.map(\.folders) == [["Art", "Ink"], ["Art"], ["Fav"], []])
    #expect(feeds[0].title == "A \"quoted\" <one>" && feeds[3].title == "B\nline")
    var file = FeedsFile(parsing: Data(), resolver: Self.resolver)
    _ = file.importing(feeds)
    #expect(file.subscriptions.map(\.tags) == [["Art/Ink", "Fav"], ["Art"], []])
    #expect(file.subscriptions.map(\.title) == ["A \"quoted\" <one>", "C", "B line"])
  }

  @Test("import keeps each outline's title as a ~ title, plain and on one line")
  func importedTitles() throws {
    let feeds = [
      OPMLFeed(xmlURL: "https://a.org/f", title: "Moths & more"),
      OPMLFeed(xmlURL: "https://b.org/f", title: "https://b.org/f"),
      OPMLFeed(xmlURL: "https://c.org/f", title: "  "),
      OPMLFeed(xmlURL: "https://d.org/f"),
      OPMLFeed(xmlURL: "https://e.org/f", title: "two\nlines \u{1B}]0;x\u{07} \u{202E}end"),
      OPMLFeed(xmlURL: "https://f.org/f", title: String(repeating: "long ", count: 200)),
    ]
    var file = FeedsFile(parsing: Data(), resolver: Self.resolver)
    #expect(file.importing(feeds).added == 6)
    let titles = file.subscriptions.map(\.title)
    // An outline whose title is its address (what export writes for a feed with no title
    // yet) gets none: the feed's own title shows once it is fetched.
    #expect(titles[0...3] == ["Moths & more", nil, nil, nil])
    #expect(titles[4] == "two lines  ]0;x   end")
    #expect(titles[5]?.count == FeedsFile.maxImportedTitle)
    let reread = FeedsFile(parsing: file.data, resolver: Self.resolver)
    #expect(reread.subscriptions.map(\.title) == titles)
    #expect(reread.problems.isEmpty)
  }

  @Test(
    "an xmlUrl with a line break, CR, ESC or bidi control is skipped: it writes no line",
    arguments: [
      "https://a.org/x\nhttps://evil.org/", "https://a.org/x\rhttps://evil.org/",
      "https://a.org/\u{1B}]0;PWNED\u{07}", "https://a.org/\u{9B}31m", "https://a.org/\u{202E}lmth",
    ])
  func controlInAddress(address: String) throws {
    var file = FeedsFile(parsing: Data("# mine\n".utf8), resolver: Self.resolver)
    let report = file.importing([OPMLFeed(xmlURL: address, folders: ["Art\n\u{1B}[2J"])])
    #expect(report.added == 0 && report.skipped.count == 1)
    #expect(report.skipped.first?.contains("holds a control character") == true)
    #expect(
      report.skipped.allSatisfy { !$0.unicodeScalars.contains(where: ControlCharacters.isControl) })
    #expect(String(decoding: file.data, as: UTF8.self) == "# mine\n")
  }

  @Test(
    "bad OPML is a clear error",
    arguments: [
      ("", "not OPML: the document is empty"),
      ("<html><body/></html>", "not OPML: the root element is <html>, not <opml>"),
      (
        "<opml><body><outline text='x'></body></opml>",
        "not OPML: XML error at line 1: an end tag does not match its start tag"
      ),
      ("just text", "not OPML: XML error"),
      ("<opml><body><outline text='a' text='b'/></body></opml>", "not OPML: XML error"),
    ])
  func bad(input: String, message: String) {
    #expect {
      try OPMLReader.feeds(in: Data(input.utf8))
    } throws: { error in
      (error as? SubscriptionError)?.description.hasPrefix(message) == true
    }
  }

  @Test(
    "an XML error says what is wrong in words, never only a number",
    arguments: [
      "<opml><body><outline text='x'></body></opml>", "just text",
      "<opml><body><outline text='a' text='b'/></body></opml>", "<opml><body>&nope;</body></opml>",
      "<opml><body><outline text=\"x/></body></opml>", "<opml><body></body></opml><more/>",
    ])
  func xmlErrorsInWords(input: String) {
    do {
      _ = try OPMLReader.feeds(in: Data(input.utf8))
      Issue.record("\(input) was read")
    } catch {
      #expect(error.description.hasPrefix("not OPML: XML error "), "\(error)")
      #expect(error.description.contains(/: [a-z]/), "\(error)")
      #expect(!error.description.contains(/error [0-9]/), "\(error)")
    }
  }

  @Test("billion laughs and XXE are refused before parsing, at once")
  func hostileEntities() {
    var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE opml [\n<!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      laughs +=
        "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
    }
    laughs = laughs.replacingOccurrences(of: "&lol0;", with: "&lol;")
    laughs += "]>\n<opml><body><outline text=\"&lol9;\" xmlUrl=\"https://x.org/\"/></body></opml>"
    let xxe = """
      <?xml version="1.0"?><!DOCTYPE opml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <opml><body><outline text="&xxe;" xmlUrl="https://x.org/"/></body></opml>
      """
    for input in [laughs, xxe] {
      let start = ContinuousClock.now
      #expect(
        throws: SubscriptionError.badOPML(
          "the document declares entities (<!ENTITY>), which artfeed does not read")
      ) {
        try OPMLReader.feeds(in: Data(input.utf8))
      }
      #expect(ContinuousClock.now - start < .seconds(1))
    }
  }

  @Test("10,000 outlines in 100 folders read in well under a second")
  func large() throws {
    var text = "<?xml version=\"1.0\"?><opml version=\"2.0\"><head/><body>\n"
    for folder in 0..<100 {
      text += "<outline text=\"Folder \(folder)\">\n"
      for feed in 0..<100 {
        text +=
          "  <outline type=\"rss\" text=\"Feed \(feed) &amp; co\" xmlUrl=\"https://example.org/\(folder)/\(feed).xml\" htmlUrl=\"https://example.org/\(folder)/\"/>\n"
      }
      text += "</outline>\n"
    }
    text += "</body></opml>\n"
    let data = Data(text.utf8)
    let start = ContinuousClock.now
    let feeds = try OPMLReader.feeds(in: data)
    let read = ContinuousClock.now - start
    var file = FeedsFile(parsing: Data(), resolver: Self.resolver)
    let report = file.importing(feeds)
    let imported = ContinuousClock.now - start
    print("OPML: \(data.count) bytes, 10,000 outlines read in \(read), imported in \(imported)")
    #expect(feeds.count == 10_000 && report.added == 10_000)
    #expect(feeds[9_999].folders == ["Folder 99"])
    #expect(read < .seconds(5))
  }
}
