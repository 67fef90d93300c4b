import FeedArt
import FeedCore
import Foundation

/// `parse --json` beside the parser: the parser hands each batch of items over with the
/// feed's head as read so far; one thread of the pipeline resolves their picture addresses
/// and decides what a reader sees of them (`ItemShown`, the artist guessed by that head's
/// rule), another writes their JSON into a `FeedJSONStream`, while the parser reads the next
/// batch. `guessRules` says which rules the guesses took, for `FeedJSONStream.finish`.
///
/// With the parser's, three threads share two cores: none is half of the work, so the
/// scheduler keeps both cores busy where two threads left one waiting. The pipeline's threads
/// run at nice +2: the parser's is the longest, and when all want a core it gets the larger
/// share (docs/adr/0218).
///
/// Each stage's queue holds at most `depth` batches; a stage that gets ahead waits for room,
/// so no more than `2 * depth + 3` batches are alive at once. Batches are written in the
/// order given, so the stream's bytes are those of the same steps run one after the other
/// (`write(_:base:head:into:)`).
public final class ShownJSONPipeline: Sendable {
  private let toShown: Line<Batch>
  private let done = DispatchSemaphore(value: 0)
  private let rules: RulesBox

  /// A queue between two threads.
  private final class Line<Batch>: @unchecked Sendable {
    // @unchecked: `batches` and `closed` are touched only with `condition` locked.
    private let condition = NSCondition()
    private var batches: [Batch] = []
    private var closed = false
    private let depth: Int

    init(depth: Int) { self.depth = depth }

    /// Adds `batch`, waiting while `depth` batches wait.
    func put(_ batch: Batch) {
      condition.lock()
      while batches.count >= depth { condition.wait() }
      batches.append(batch)
      condition.broadcast()
      condition.unlock()
    }

    /// The next batch; nil once the line is closed and empty.
    func take() -> Batch? {
      condition.lock()
      defer { condition.unlock() }
      while batches.isEmpty && !closed { condition.wait() }
      guard !batches.isEmpty else { return nil }
      let batch = batches.removeFirst()
      condition.broadcast()
      return batch
    }

    func close() {
      condition.lock()
      closed = true
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Items with the head they were read under.
  private struct Batch: @unchecked Sendable {
    // @unchecked: moved from one thread to the next, never shared.
    var items: [FeedItem]
    var head: FeedHead
  }

  /// The rules the guesses took: the shown thread's until `finish` has waited for it.
  private final class RulesBox: @unchecked Sendable {
    var rules: [ItemArtist.Rule] = []
  }

  /// A batch with what a reader sees of each item.
  private struct Shown: @unchecked Sendable {
    // @unchecked: moved from one thread to the next, never shared.
    var items: [FeedItem]
    var shown: [ItemShown]
  }

  /// A stream handed to the writing thread, which alone touches it until `finish` has waited.
  private struct StreamBox: @unchecked Sendable {
    let stream: FeedJSONStream
  }

  /// Starts the pipeline's threads, which write into `stream`; `base` is the feed's address,
  /// against which relative picture addresses resolve (`MediaAddresses`).
  public init(stream: FeedJSONStream, base: URL?, depth: Int = 2) {
    precondition(depth >= 1, "a pipeline holds at least one batch")
    let toShown = Line<Batch>(depth: depth)
    let toWriter = Line<Shown>(depth: depth)
    self.toShown = toShown
    let rules = RulesBox()
    self.rules = rules
    let done = self.done
    Thread.detachNewThread {
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 2)
      while let batch = toShown.take() {
        let rule = ItemArtist.Rule(batch.head)
        if !rules.rules.contains(rule) { rules.rules.append(rule) }
        let shown = Self.shown(batch.items, base: base, rule: rule)
        toWriter.put(Shown(items: batch.items, shown: shown))
      }
      toWriter.close()
    }
    let box = StreamBox(stream: stream)
    Thread.detachNewThread {
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 2)
      while let batch = toWriter.take() {
        Self.write(batch.items, shown: batch.shown, into: box.stream)
      }
      done.signal()
    }
  }

  /// Hands `items` over, in order after those given before, with the feed's head as read
  /// when they were (`FeedBatch`; its `address` is the feed's); waits while `depth` batches
  /// are waiting already.
  public func add(_ items: [FeedItem], head: FeedHead) {
    guard !items.isEmpty else { return }
    toShown.put(Batch(items: items, head: head))
  }

  /// Waits until every batch given is written; the stream is then the caller's again. Call it
  /// once, also when the parse failed.
  public func finish() {
    toShown.close()
    done.wait()
  }

  /// The rules the artists were guessed by, each once; read after `finish`.
  public var guessRules: [ItemArtist.Rule] { rules.rules }

  /// One batch: what the pipeline's threads do, the same as a caller without a pipeline
  /// would do.
  public static func write(
    _ items: [FeedItem], base: URL?, head: FeedHead, into stream: FeedJSONStream
  ) {
    write(items, shown: shown(items, base: base, rule: ItemArtist.Rule(head)), into: stream)
  }

  /// What a reader sees of each item: the parsed part keeps addresses as written; what a
  /// reader sees is resolved. The artist is guessed by `rule` from the parsed part.
  private static func shown(_ items: [FeedItem], base: URL?, rule: ItemArtist.Rule)
    -> [ItemShown]
  {
    let resolved = MediaAddresses.resolved(items, against: base)
    // By index: a loop over the items would copy each (a retain per string and list).
    return resolved.indices.map {
      ItemShown(
        resolved[$0], artist: rule.artist(author: items[$0].author, title: items[$0].title))
    }
  }

  private static func write(_ items: [FeedItem], shown: [ItemShown], into stream: FeedJSONStream) {
    for index in items.indices { stream.append(items[index], shown: shown[index]) }
  }
}
