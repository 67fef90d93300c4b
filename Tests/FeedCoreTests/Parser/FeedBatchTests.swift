import Foundation
import Testing

@testable import FeedCore

/// The progressive parse hands over exactly the items of the whole-file parse.
@Suite("Items handed over in batches")
struct FeedBatchTests {
  /// Parses `url` both ways; returns the whole parse, the batches and the feed they left.
  static func bothWays(_ url: URL, sizes: BatchSizes = BatchSizes()) throws
    -> (whole: Feed, batches: [FeedBatch], rest: Feed)
  {
    let whole = try FeedParser.parse(contentsOf: url)
    var batches: [FeedBatch] = []
    let rest = try FeedParser.parse(contentsOf: url, batches: sizes) { batches.append($0) }
    return (whole, batches, rest)
  }

  @Test(
    "concatenated batches equal the whole parse for every real feed",
    .enabled(if: RealFeeds.isAvailable, RealFeeds.missingReason), arguments: RealFeeds.names)
  func realFeeds(name: String) throws {
    let url = RealFeeds.folder.appendingPathComponent(name)
    let (whole, batches, rest) = try Self.bothWays(url, sizes: BatchSizes(first: 2, limit: 8))
    #expect(batches.flatMap(\.items) == whole.items)
    #expect(rest.items.isEmpty)
    var withoutItems = whole
    withoutItems.items = []
    #expect(rest == withoutItems)
  }

  @Test("a generated feed of 3,000 items comes in growing batches, offsets counting")
  func generated() throws {
    let url = try Self.generatedFeed(items: 3_000)
    defer { try? FileManager.default.removeItem(at: url) }
    let (whole, batches, _) = try Self.bothWays(url)
    #expect(batches.flatMap(\.items) == whole.items)
    // Batches are cut between 64 KiB chunks: the first holds at least 16 items.
    #expect(batches.first.map { $0.items.count >= 16 && $0.items.count < 1_000 } == true)
    var offset = 0
    for batch in batches {
      #expect(batch.offset == offset)
      #expect(batch.title == "Generated")
      offset += batch.items.count
    }
    #expect(batches.count > 3 && batches.count < 20, "\(batches.map(\.items.count))")
    var fromData: [FeedItem] = []
    _ = try FeedParser.parse(Data(contentsOf: url)) { fromData += $0.items }
    #expect(fromData == whole.items)
  }

  @Test("a document that is not a feed throws before any batch")
  func notAFeed() throws {
    var count = 0
    #expect(throws: FeedParseError.self) {
      _ = try FeedParser.parse(Data("<html><body>hi</body></html>".utf8)) { _ in count += 1 }
    }
    #expect(count == 0)
  }

  /// The parse that reads ahead on another thread hands over the same batches, at the same
  /// offsets, and leaves the same feed (warnings included) as the parse on one thread.
  static func expectReadingAheadSame(_ url: URL, sizes: BatchSizes) throws {
    var one: [FeedBatch] = []
    let oneRest = try FeedParser.parse(contentsOf: url, batches: sizes) { one.append($0) }
    var two: [FeedBatch] = []
    let twoRest = try FeedParser.parse(contentsOf: url, batches: sizes, readingAhead: true) {
      two.append($0)
    }
    #expect(two.map(\.items) == one.map(\.items), "\(url.lastPathComponent)")
    #expect(two.map(\.offset) == one.map(\.offset))
    #expect(two.map(\.title) == one.map(\.title))
    #expect(twoRest == oneRest, "\(url.lastPathComponent)")
  }

  @Test(
    "reading ahead on another thread gives the batches of one thread, for every real feed",
    .enabled(if: RealFeeds.isAvailable, RealFeeds.missingReason), arguments: RealFeeds.names)
  func readingAheadRealFeeds(name: String) throws {
    try Self.expectReadingAheadSame(
      RealFeeds.folder.appendingPathComponent(name), sizes: BatchSizes(first: 2, limit: 8))
  }

  @Test("reading ahead: a long feed, bare ampersands, another encoding, a JSON Feed")
  func readingAheadShapes() throws {
    let long = try Self.generatedFeed(items: 3_000)
    defer { try? FileManager.default.removeItem(at: long) }
    try Self.expectReadingAheadSame(long, sizes: BatchSizes())
    try Self.expectReadingAheadSame(long, sizes: BatchSizes(first: 1, limit: 3))
    let folder = FileManager.default.temporaryDirectory
    let documents: [(String, Data)] = [
      (
        "amp.rss",
        Data(
          "<rss version=\"2.0\"><channel><title>A & B</title><item><title>x & y</title></item></channel></rss>"
            .utf8)
      ),
      (
        "latin1.rss",
        Data(
          Array(
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss version=\"2.0\"><channel><title>caf"
              .utf8) + [0xE9] + Array("</title><item><title>".utf8) + [0xE9, 0x74, 0xE9]
            + Array("</title></item></channel></rss>".utf8))
      ),
      (
        "feed.json",
        Data(
          #"{"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [{"id": "1", "title": "one"}]}"#
            .utf8)
      ),
    ]
    for (name, data) in documents {
      let url = folder.appendingPathComponent("artfeed-ahead-\(UUID().uuidString)-\(name)")
      try data.write(to: url)
      defer { try? FileManager.default.removeItem(at: url) }
      try Self.expectReadingAheadSame(url, sizes: BatchSizes(first: 1, limit: 2))
    }
  }

  @Test("reading ahead: a document that is not a feed, and one that cannot be read, throw")
  func readingAheadFailures() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-ahead-\(UUID().uuidString).html")
    try Data("<html><body>hi</body></html>".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var count = 0
    #expect(throws: FeedParseError.notAFeed(rootElement: "html")) {
      _ = try FeedParser.parse(contentsOf: url, readingAhead: true) { _ in count += 1 }
    }
    #expect(count == 0)
    // A folder opens, and its read fails on the reading thread: the error comes through.
    let folder = FileManager.default.temporaryDirectory
    do {
      _ = try FeedParser.parse(contentsOf: folder, readingAhead: true) { _ in count += 1 }
      Issue.record("a folder parsed")
    } catch {
      #expect(error.isUnreadable, "\(error)")
    }
    #expect(count == 0)
  }

  /// An RSS file of `count` small items with varied text, in the temporary folder.
  static func generatedFeed(items count: Int) throws -> URL {
    var xml = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Generated</title>"
    for index in 0..<count {
      xml += "<item><title>Item \(index) &amp; co</title><guid>g\(index)</guid>"
      xml += "<description>&lt;b&gt;\(String(repeating: "word ", count: index % 50))"
      xml += "&lt;/b&gt;</description><author>a\(index % 7)</author></item>\n"
    }
    xml += "</channel></rss>"
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-batches-\(UUID().uuidString).rss")
    try Data(xml.utf8).write(to: url)
    return url
  }
}
