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

  public init(title: String?, link: String?, author: String?, items: [FeedItem], offset: Int) {
    self.title = title
    self.link = link
    self.author = author
    self.items = items
    self.offset = offset
  }
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
  ///
  /// With `readingAhead`, another thread reads the file and decodes it (`InputDecoder`,
  /// `BareAmpersandEscaper`) while this one parses what it has read (`ByteRelay`): for a
  /// caller whose own work beside the parser leaves a core free (`parse --json`).
  public static func parse(
    contentsOf url: URL, batches sizes: BatchSizes = BatchSizes(), readingAhead: Bool = false,
    onBatch: (FeedBatch) -> Void
  ) throws(FeedParseError) -> Feed {
    let path = url.path
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    return try parse(
      descriptor: descriptor, name: path, batches: sizes, readingAhead: readingAhead,
      onBatch: onBatch)
  }

  /// Parses everything readable from `fileHandle` (standard input, a pipe), handing its items
  /// to `onBatch` in batches (see `parse(contentsOf:batches:onBatch:)`).
  public static func parse(
    fileHandle: FileHandle, batches sizes: BatchSizes = BatchSizes(), readingAhead: Bool = false,
    onBatch: (FeedBatch) -> Void
  ) throws(FeedParseError) -> Feed {
    let descriptor = fileHandle.fileDescriptor
    let name = descriptor == 0 ? "standard input" : "file descriptor \(descriptor)"
    return try parse(
      descriptor: descriptor, name: name, batches: sizes, readingAhead: readingAhead,
      onBatch: onBatch)
  }

  private static func parse(
    descriptor: Int32, name: String, batches sizes: BatchSizes, readingAhead: Bool,
    onBatch: (FeedBatch) -> Void
  ) throws(FeedParseError) -> Feed {
    var handout = BatchHandout(sizes)
    var parse = StreamingParse()
    parse.handsOutBatches = true
    if readingAhead {
      return try parseReadingAhead(
        descriptor: descriptor, name: name, parse: parse, handout: handout, onBatch: onBatch)
    }
    try readAll(descriptor: descriptor, name: name) { chunk in
      parse.push(chunk)
      handout.offer(parse.session, onBatch)
    }
    return try handout.finish(&parse, onBatch)
  }

  /// `parse(descriptor:...)` on two threads: a reader's thread reads and decodes into the
  /// relay, this one feeds libxml2 from it and hands the batches out, in the same order and
  /// sizes as one thread would.
  private static func parseReadingAhead(
    descriptor: Int32, name: String, parse: StreamingParse, handout: BatchHandout,
    onBatch: (FeedBatch) -> Void
  ) throws(FeedParseError) -> Feed {
    var handout = handout
    let relay = ByteRelay(depth: 8)
    let session = parse.session
    let reader = ReadAhead(parse: parse, relay: relay)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      reader.run(descriptor: descriptor, name: name)
      done.signal()
    }
    while let chunk = relay.receive() {
      chunk.withUnsafeBufferPointer { session.feed($0) }
      relay.recycle(chunk)
      handout.offer(session, onBatch)
    }
    done.wait()
    if let failure = reader.failure { throw failure }
    var finished = reader.parse
    finished.relay = nil
    return try handout.finish(&finished, onBatch)
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
        handout.offer(parse.session, onBatch)
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
  mutating func offer(_ session: SAXSession, _ onBatch: (FeedBatch) -> Void) {
    guard session.itemCount >= next else { return }
    hand(session, onBatch)
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

  private mutating func hand(_ session: SAXSession, _ onBatch: (FeedBatch) -> Void) {
    next = min(limit, next * 2)
    let items = session.takeItems(reservingCapacity: next + next / 4)
    let batch = FeedBatch(
      title: session.title, link: session.link, author: session.author,
      items: items, offset: handed)
    handed += items.count
    onBatch(batch)
  }
}

/// The reader's side of `parseReadingAhead`: the parse's input stages run on its thread,
/// their output going to the relay instead of libxml2.
private final class ReadAhead: @unchecked Sendable {
  // @unchecked: `parse` and `failure` are the reader thread's until it signals that it is
  // done; the parsing thread reads them only after waiting for that.
  var parse: StreamingParse
  var failure: FeedParseError?
  let relay: ByteRelay

  init(parse: StreamingParse, relay: ByteRelay) {
    self.parse = parse
    self.parse.relay = relay
    self.relay = relay
  }

  func run(descriptor: Int32, name: String) {
    // Below the parser's thread, which has the most to do (docs/adr/0218).
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 2)
    do {
      try FeedParser.readAll(descriptor: descriptor, name: name) { chunk in
        parse.push(chunk)
        relay.endOfPush()
      }
    } catch {
      failure = error
    }
    relay.close()
  }
}

/// Decoded input passed from a reading thread to a parsing one: pieces gathered into one
/// buffer per read, at most `depth` buffers waiting, and spent buffers handed back to be
/// filled again. A reader that finds the line full sleeps until half of it is taken, so
/// the two threads wake each other about once per `depth / 2` buffers, not once per buffer.
final class ByteRelay: @unchecked Sendable {
  // @unchecked: every property but `pending` is touched only with `condition` locked;
  // `pending` only by the reading thread.
  private let condition = NSCondition()
  private var waiting: [[UInt8]] = []
  private var spare: [[UInt8]] = []
  private var closed = false
  private var readerSleeps = false
  private var parserSleeps = false
  private let depth: Int
  private var pending: [UInt8] = []

  init(depth: Int) {
    precondition(depth >= 1, "a relay holds at least one buffer")
    self.depth = depth
  }

  /// Reader: adds decoded bytes to the buffer being filled.
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    pending.append(contentsOf: bytes)
  }

  /// Reader: sends the buffer being filled, waiting while `depth` buffers wait.
  func endOfPush() {
    guard !pending.isEmpty else { return }
    condition.lock()
    while waiting.count >= depth {
      readerSleeps = true
      condition.wait()
    }
    waiting.append(pending)
    pending = spare.popLast() ?? []
    if parserSleeps { condition.broadcast() }
    condition.unlock()
    pending.removeAll(keepingCapacity: true)
  }

  /// Reader: no more buffers come (after sending what is pending).
  func close() {
    endOfPush()
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  /// Parser: the next buffer, nil once the reader has closed and all are taken.
  func receive() -> [UInt8]? {
    condition.lock()
    defer { condition.unlock() }
    while waiting.isEmpty && !closed {
      parserSleeps = true
      condition.wait()
      parserSleeps = false
    }
    guard !waiting.isEmpty else { return nil }
    let next = waiting.removeFirst()
    if readerSleeps, waiting.count <= depth / 2 {
      readerSleeps = false
      condition.broadcast()
    }
    return next
  }

  /// Parser: a buffer it is done with, to be filled again.
  func recycle(_ buffer: [UInt8]) {
    condition.lock()
    if spare.count < depth { spare.append(buffer) }
    condition.unlock()
  }
}
