import Foundation
import TestSupport
import Testing

@testable import Subscriptions

/// The feeds file: newsboat's `urls` syntax, every line kept, edits that touch one line.
@Suite("Feeds file")
struct FeedsFileTests {
  static let resolver = SourceResolver(
    directory: URL(fileURLWithPath: "/home/ann/.config/artfeed"), home: "/home/ann")

  static func parse(_ text: String) -> FeedsFile {
    FeedsFile(parsing: Data(text.utf8), resolver: resolver)
  }

  static let sample = """
    # Art I follow
    https://backend.deviantart.com/rss.xml?q=boost%3Apopular art "digital painting" "~Popular"

    \t# indented comment
    https://www.flickr.com/services/feeds/photos_public.gne?tags=ink "!" ink
    query:Unread:unread = "yes"
    local.rss   # after a comment mark
    ~/feeds/moths.rss "a \\"quoted\\" tag"
    "https://example.org/unclosed

    """

  @Test("the bytes written are the bytes read, comments, blanks and bad lines included")
  func roundTrip() {
    for text in [
      Self.sample, "", "\n", "no-newline.rss", "a.rss\r\nb.rss\r\n", "\n\n# x\n\n",
      Self.sample + "last.rss",
    ] {
      #expect(Self.parse(text).data == Data(text.utf8), "\(text.debugDescription)")
    }
    var bytes = Data("ok.rss\n".utf8)
    bytes.append(contentsOf: [0xFF, 0xFE, 0x0A])
    let invalid = FeedsFile(parsing: bytes, resolver: Self.resolver)
    #expect(invalid.data == bytes)
    #expect(invalid.problems == [FeedsFile.Problem(line: 2, reason: "not UTF-8 text")])
  }

  @Test("sources, tags, titles and hidden marks are read as newsboat reads them")
  func reading() {
    let subscriptions = Self.parse(Self.sample).subscriptions
    #expect(subscriptions.map(\.line) == [2, 5, 7, 8])
    #expect(subscriptions[0].tags == ["art", "digital painting"])
    #expect(subscriptions[0].title == "Popular")
    #expect(!subscriptions[0].hidden)
    #expect(subscriptions[1].hidden && subscriptions[1].tags == ["ink"])
    #expect(
      subscriptions[2].address == .file(URL(fileURLWithPath: "/home/ann/.config/artfeed/local.rss"))
    )
    #expect(subscriptions[2].tags.isEmpty)
    #expect(subscriptions[3].address == .file(URL(fileURLWithPath: "/home/ann/feeds/moths.rss")))
    #expect(subscriptions[3].tags == ["a \"quoted\" tag"])
  }

  @Test("a line artfeed cannot read is reported with its number and kept")
  func problems() {
    let file = Self.parse(Self.sample + "ftp://example.org/feed.xml\nlocal.rss\n")
    #expect(file.problems.map(\.line) == [6, 9, 10, 11])
    #expect(
      file.problems[0].reason
        == "query:Unread:unread: newsboat's query: feeds are not read by artfeed")
    #expect(file.problems[1].description == "line 9: a quote is not closed; skipped")
    #expect(file.problems[2].reason.contains("only http, https and file addresses are read"))
    #expect(file.problems[3].reason == "local.rss is already on line 7")
    #expect(file.lines.count == 11)
  }

  @Test("add appends one line and keeps every other byte; duplicates are refused")
  func add() throws {
    var file = Self.parse(Self.sample)
    let added = try file.add(
      "https://example.org/new.xml", tags: ["a b", "c"], title: "New \"one\"")
    #expect(added.line == 10)
    #expect(
      file.data
        == Data(
          (Self.sample + "https://example.org/new.xml \"a b\" \"c\" \"~New \\\"one\\\"\"\n").utf8))
    #expect(Self.parse(String(decoding: file.data, as: UTF8.self)).subscriptions.last == added)
    #expect(
      throws: SubscriptionError.alreadySubscribed(source: "https://example.org/new.xml", line: 10)
    ) {
      try file.add("https://example.org/new.xml")
    }
    #expect(throws: SubscriptionError.alreadySubscribed(source: "./local.rss", line: 7)) {
      try file.add("./local.rss")
    }
    #expect(throws: SubscriptionError.self) { try file.add("-") }
    #expect(throws: SubscriptionError.self) { try file.add("x.rss", tags: ["!"]) }
  }

  @Test("add to a file without a final newline, or with CRLF, keeps it whole")
  func addAtEnd() throws {
    var bare = Self.parse("a.rss")
    try bare.add("b.rss")
    #expect(bare.data == Data("a.rss\nb.rss\n".utf8))
    var crlf = Self.parse("a.rss\r\n")
    try crlf.add("b.rss", tags: ["t"])
    #expect(crlf.data == Data("a.rss\r\nb.rss \"t\"\r\n".utf8))
    var empty = Self.parse("")
    try empty.add("https://example.org/")
    #expect(empty.data == Data("https://example.org/\n".utf8))
  }

  @Test("remove takes out one line and keeps the comments and order around it")
  func remove() throws {
    var file = Self.parse(Self.sample)
    let removed = try file.remove(
      "https://www.flickr.com/services/feeds/photos_public.gne?tags=ink")
    #expect(removed.line == 5)
    var expected = Self.sample.components(separatedBy: "\n")
    expected.remove(at: 4)
    #expect(String(decoding: file.data, as: UTF8.self) == expected.joined(separator: "\n"))
    #expect(file.subscriptions.map(\.line) == [2, 6, 7])
    try file.remove("/home/ann/feeds/moths.rss")
    #expect(
      file.subscriptions.map(\.source) == [
        "https://backend.deviantart.com/rss.xml?q=boost%3Apopular", "local.rss",
      ])
    #expect(throws: SubscriptionError.notSubscribed(source: "https://nope.example/")) {
      try file.remove("https://nope.example/")
    }
  }

  @Test("an edit replaces the file atomically and leaves only the file and its lock")
  func save() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let location = temp.url.appendingPathComponent("config/artfeed/feeds")
    let environment = ["HOME": temp.url.path]
    #expect(try FeedsFile.load(from: location, environment: environment) == nil)
    try FeedsFile.edit(at: location, environment: environment) {
      (file: inout FeedsFile?) throws(SubscriptionError) in
      #expect(file == nil)
      var created = FeedsFile.empty(at: location, environment: environment)
      try created.add("https://example.org/a.xml")
      file = created
    }
    let names = try FileManager.default.contentsOfDirectory(
      atPath: location.deletingLastPathComponent().path)
    #expect(names.sorted() == [".feeds.lock", "feeds"])
    let loaded = try #require(try FeedsFile.load(from: location, environment: environment))
    #expect(loaded.subscriptions.map(\.source) == ["https://example.org/a.xml"])
    #expect(
      FeedsFile.defaultLocation(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])?.path
        == "/x/artfeed/feeds")
    #expect(
      FeedsFile.defaultLocation(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"])?.path
        == "/h/.config/artfeed/feeds")
  }
}
