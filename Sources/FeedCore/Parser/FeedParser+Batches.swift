import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finished items handed over while a document is still being parsed.
public struct FeedBatch: Sendable {
  /// The feed's title as far as it has been read (RSS and Atom put it before the items).
  public var title: String?
  /// The feed's link and its own author, as far as they have been read (before the items in
  /// the feeds that have them).
  public var link: String?
  public var author: String?
  /// The next items in document order, moved out of the parser (not copied).
  public var items: [FeedItem]
  /// How many items earlier batches held.
  public var offset: Int
}

/// How big the batches of a progressive parse are: `first` items, then twice as many each
/// time up to `limit`, so that the first screen is ready after a screenful of items and the
/// per-batch cost of a long feed stays small.
///
/// Batches are cut between 64 KiB chunks, so a long feed of small items hands over hundreds
/// at the first cut whatever `first` is. `first` matters for feeds of large items: the
/// bundled popular feed holds 27 of its 64 in the first chunk, and with 16 the first screen
/// is laid out and its pictures read while the rest is parsed on another core (a first
/// batch of 64 would wait for the whole feed: docs/adr/0151).
public struct BatchSizes: Sendable, Equatable {
  public var first: Int
  public var limit: Int

  public init(first: Int = 16, limit: Int = 4096) {
    precondition(first >= 1 && limit >= first, "batch sizes must be 1 <= first <= limit")
    self.first = first
    self.limit = limit
  }
}

extension FeedParser {
  /// Parses the file at `url`, handing its items to `onBatch` in batches as they are read.
  ///
  /// The concatenated batches are the items `parse(contentsOf:)` returns, in order. A document
  /// that is not a feed throws before any batch (items are only read under a feed's root).
  /// - Returns: the feed without items (they all went to `onBatch`).
  public static func parse(
    contentsOf url: URL, batches sizes: BatchSizes = BatchSizes(),
    onBatch: (FeedBatch) -> Void
  ) throws(FeedParseError) -> Feed {
    let path = url.path
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    return try parse(descriptor: descriptor, name: path, batches: sizes, onBatch: onBatch)
  }

  /// Parses everything readable from `fileHandle` (standard input, a pipe), handing its items
  /// to `onBatch` in batches (see `parse(contentsOf:batches:onBatch:)`).
  public static func parse(
    fileHandle: FileHandle, batches sizes: BatchSizes = BatchSizes(),
    onBatch: (FeedBatch) -> Void
  ) throws(FeedParseError) -> Feed {
    let descriptor = fileHandle.fileDescriptor
    let name = descriptor == 0 ? "standard input" : "file descriptor \(descriptor)"
    return try parse(descriptor: descriptor, name: name, batches: sizes, onBatch: onBatch)
  }

  private static func parse(
    descriptor: Int32, name: String, batches sizes: BatchSizes, onBatch: (FeedBatch) -> Void
  ) throws(FeedParseError) -> Feed {
    var handout = BatchHandout(sizes)
    var parse = StreamingParse()
    parse.handsOutBatches = true
    try readAll(descriptor: descriptor, name: name) { chunk in
      parse.push(chunk)
      handout.offer(parse, onBatch)
    }
    return try handout.finish(&parse, onBatch)
  }

  /// Parses a document held in memory, handing its items to `onBatch` in batches (see
  /// `parse(contentsOf:batches:onBatch:)`).
  public static func parse(
    _ data: Data, batches sizes: BatchSizes = BatchSizes(), onBatch: (FeedBatch) -> Void
  ) throws(FeedParseError) -> Feed {
    var handout = BatchHandout(sizes)
    var parse = StreamingParse()
    parse.handsOutBatches = true
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var offset = 0
      while offset < bytes.count {
        let end = min(offset + chunkSize, bytes.count)
        parse.push(UnsafeBufferPointer(rebasing: bytes[offset..<end]))
        handout.offer(parse, onBatch)
        offset = end
      }
    }
    return try handout.finish(&parse, onBatch)
  }
}

/// Decides when a progressive parse hands its finished items over, and counts them.
struct BatchHandout {
  private let limit: Int
  private var next: Int
  private var handed = 0

  init(_ sizes: BatchSizes) {
    limit = sizes.limit
    next = sizes.first
  }

  /// Hands the finished items over once there are at least as many as the next batch holds.
  mutating func offer(_ parse: StreamingParse, _ onBatch: (FeedBatch) -> Void) {
    guard parse.session.itemCount >= next else { return }
    hand(parse, onBatch)
  }

  /// Ends the parse: hands over what is left (after the document proved to be a feed).
  mutating func finish(_ parse: inout StreamingParse, _ onBatch: (FeedBatch) -> Void)
    throws(FeedParseError) -> Feed
  {
    var feed = try parse.finish()
    if !feed.items.isEmpty {
      onBatch(
        FeedBatch(
          title: feed.title, link: feed.link, author: feed.author, items: feed.items,
          offset: handed))
      handed += feed.items.count
      feed.items = []
    }
    return feed
  }

  private mutating func hand(_ parse: StreamingParse, _ onBatch: (FeedBatch) -> Void) {
    next = min(limit, next * 2)
    let items = parse.session.takeItems(reservingCapacity: next + next / 4)
    let batch = FeedBatch(
      title: parse.session.title, link: parse.session.link, author: parse.session.author,
      items: items, offset: handed)
    handed += items.count
    onBatch(batch)
  }
}
