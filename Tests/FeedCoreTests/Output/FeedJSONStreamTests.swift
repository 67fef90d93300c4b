import Foundation
import Testing

@testable import FeedCore

/// `FeedJSONStream` against the whole-model writer it replaces in `parse --json`.
@Suite("Streamed parse --json: the whole model's bytes in bounded memory")
struct FeedJSONStreamTests {
  /// A stand-in for FeedArt's rule: the artist depends on the feed's head and the item.
  static func artist(head: Feed, author: String?, title: String?) -> String? {
    author.map { "\($0) of \(head.title ?? "-")" } ?? title.map { "untitled \($0)" }
  }

  static func shown(_ item: FeedItem, artist: String?) -> ItemShown {
    ItemShown(
      title: item.title ?? "", titleDerived: item.title == nil, artist: artist,
      rowPicture: item.thumbnails.first?.url, pictures: item.contents.map(\.url),
      alts: item.contents.map(\.alt))
  }

  /// `count` items with fields that need escaping, nils and long text.
  static func feed(items count: Int) -> Feed {
    let items = (0..<count).map { index -> FeedItem in
      let title: String? = index % 3 == 0 ? nil : "Title \"\(index)\" \u{202E}"
      let author: String? = index % 4 == 0 ? nil : "Artist \(index % 7)"
      let date = Date(timeIntervalSince1970: Double(index) * 977)
      let summary = String(repeating: "text \(index) ", count: index % 50)
      let thumbnail = MediaThumbnail(url: "https://x/\(index).jpg", width: index)
      let content = MediaContent(url: "https://x/\(index)-full.jpg", alt: "alt\n\(index)")
      return FeedItem(
        title: title, link: "https://x/\(index)", published: date, author: author,
        summary: summary, thumbnails: [thumbnail], contents: [content])
    }
    return Feed(
      format: .atom, title: "Feed \\ title", link: "https://x", author: "Owner",
      warnings: ["9:1: late"], items: items)
  }

  /// The streamed document for `feed`, its items appended one at a time.
  static func streamed(_ feed: Feed, memoryLimit: Int, chunkSize: Int = 1 << 16) throws -> (
    bytes: [UInt8], spilled: Bool
  ) {
    let stream = FeedJSONStream(memoryLimit: memoryLimit)
    for item in feed.items { stream.append(item, shown: shown(item, artist: "wrong")) }
    var head = feed
    head.items = []
    var bytes: [UInt8] = []
    let failure = stream.finish(
      head: head, chunkSize: chunkSize, terminator: "\n",
      artist: { artist(head: feed, author: $0, title: $1) }
    ) { bytes.append(contentsOf: $0) }
    #expect(failure == nil)
    return (bytes, stream.spilled)
  }

  /// The streamed document with each artist guessed right and `guessesHold`: printed as it
  /// was written, to a sink or (`toFile`) to a file descriptor, where a spilled spool goes by
  /// `sendfile`.
  static func streamedHolding(_ feed: Feed, memoryLimit: Int, toFile: Bool) throws -> (
    bytes: [UInt8], spilled: Bool
  ) {
    let stream = FeedJSONStream(memoryLimit: memoryLimit)
    for item in feed.items {
      let guess = artist(head: feed, author: item.author, title: item.title)
      stream.append(item, shown: shown(item, artist: guess))
    }
    var head = feed
    head.items = []
    let finishOut: ((UnsafeBufferPointer<UInt8>) -> Void, Int32?) -> String? = { sink, fd in
      stream.finish(
        head: head, terminator: "\n", guessesHold: true, descriptor: fd,
        artist: { _, _ in "never asked" }, to: sink)
    }
    guard toFile else {
      var bytes: [UInt8] = []
      let failure = finishOut({ bytes.append(contentsOf: $0) }, nil)
      #expect(failure == nil)
      return (bytes, stream.spilled)
    }
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-holding-\(UUID().uuidString).json").path
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(fd >= 0)
    defer {
      close(fd)
      unlink(path)
    }
    let failure = finishOut(
      { piece in _ = piece.baseAddress.map { write(fd, $0, piece.count) } }, fd)
    #expect(failure == nil)
    return (Array(try Data(contentsOf: URL(fileURLWithPath: path))), stream.spilled)
  }

  @Test(
    "guesses that hold are printed as written: to a sink, or to a file from the spool's file",
    arguments: [0, 1, 37, 500], [0, 4096, 64 << 20])
  func guessesHold(items: Int, memoryLimit: Int) throws {
    let feed = Self.feed(items: items)
    let expected = Self.whole(feed)
    for toFile in [false, true] {
      let (bytes, spilled) = try Self.streamedHolding(
        feed, memoryLimit: memoryLimit, toFile: toFile)
      #expect(bytes == expected, "to a file: \(toFile)")
      #expect(spilled == (memoryLimit == 0 ? items > 0 : memoryLimit == 4096 && items >= 37))
    }
  }

  static func whole(_ feed: Feed) -> [UInt8] {
    var bytes: [UInt8] = []
    feed.writeJSON(
      terminator: "\n",
      shown: { shown($0, artist: artist(head: feed, author: $0.author, title: $0.title)) }
    ) { bytes.append(contentsOf: $0) }
    return bytes
  }

  @Test(
    "the same bytes as the whole model's writer, in memory or spilled to a file",
    arguments: [0, 1, 2, 37, 500], [0, 4096, 64 << 20])
  func sameBytes(items: Int, memoryLimit: Int) throws {
    let feed = Self.feed(items: items)
    let (bytes, spilled) = try Self.streamed(feed, memoryLimit: memoryLimit)
    #expect(bytes == Self.whole(feed))
    // A limit of 0 spills at the first item, 4 KiB within 37 items; 64 MiB holds 500.
    let expected = memoryLimit == 0 ? items > 0 : memoryLimit == 4096 ? items >= 37 : false
    #expect(spilled == expected)
  }

  @Test("pieces of any size give the same document")
  func chunkSizes() throws {
    let feed = Self.feed(items: 120)
    let expected = Self.whole(feed)
    for chunkSize in [1, 7, 100] {
      #expect(try Self.streamed(feed, memoryLimit: 1000, chunkSize: chunkSize).bytes == expected)
    }
  }

  @Test("a temporary file that cannot be made is reported, not ignored")
  func unwritableDirectory() {
    let stream = FeedJSONStream(
      memoryLimit: 0, temporaryDirectory: "/nonexistent-artfeed-\(UUID().uuidString)")
    for item in Self.feed(items: 3).items {
      stream.append(item, shown: Self.shown(item, artist: nil))
    }
    let failure = stream.finish(head: Feed(format: .rss), artist: { _, _ in nil }) { _ in }
    #expect(failure?.hasPrefix("cannot make a temporary file in /nonexistent-artfeed-") == true)
  }

  @Test("the temporary file is gone from its folder while it is used")
  func noFileLeftBehind() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-spool-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let stream = FeedJSONStream(memoryLimit: 0, temporaryDirectory: folder.path)
    for item in Self.feed(items: 50).items {
      stream.append(item, shown: Self.shown(item, artist: nil))
    }
    #expect(stream.spilled)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    var count = 0
    let failure = stream.finish(head: Feed(format: .rss), artist: { _, _ in nil }) {
      count += $0.count
    }
    #expect(failure == nil && count > 50 * 100)
  }
}
