import FeedArt
import FeedCore
import Foundation

/// `parse --json` beside the parser: the parser hands each batch of items over; one thread of
/// the pipeline resolves their picture addresses and decides what a reader sees of them
/// (`ItemShown`), another writes their JSON into a `FeedJSONStream`, while the parser reads
/// the next batch. Three threads on two cores: none of the three is half of the work, so the
/// scheduler keeps both cores busy where two threads left one waiting.
///
/// Each stage's queue holds at most `depth` batches; a stage that gets ahead waits for room,
/// so no more than `2 * depth + 3` batches are alive at once. Batches are written in the
/// order given, so the stream's bytes are those of the same steps run one after the other
/// (`write(_:base:into:)`).
public final class ShownJSONPipeline: Sendable {
  private let toShown: Line<[FeedItem]>
  private let done = DispatchSemaphore(value: 0)

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
    let toShown = Line<[FeedItem]>(depth: depth)
    let toWriter = Line<Shown>(depth: depth)
    self.toShown = toShown
    let done = self.done
    Thread.detachNewThread {
      while let items = toShown.take() {
        toWriter.put(Shown(items: items, shown: Self.shown(items, base: base)))
      }
      toWriter.close()
    }
    let box = StreamBox(stream: stream)
    Thread.detachNewThread {
      while let batch = toWriter.take() {
        Self.write(batch.items, shown: batch.shown, into: box.stream)
      }
      done.signal()
    }
  }

  /// Hands `items` over, in order after those given before; waits while `depth` batches are
  /// waiting already.
  public func add(_ items: [FeedItem]) {
    guard !items.isEmpty else { return }
    toShown.put(items)
  }

  /// Waits until every batch given is written; the stream is then the caller's again. Call it
  /// once, also when the parse failed.
  public func finish() {
    toShown.close()
    done.wait()
  }

  /// One batch: what the pipeline's threads do, the same as a caller without a pipeline
  /// would do.
  public static func write(_ items: [FeedItem], base: URL?, into stream: FeedJSONStream) {
    write(items, shown: shown(items, base: base), into: stream)
  }

  /// What a reader sees of each item: the parsed part keeps addresses as written; what a
  /// reader sees is resolved.
  private static func shown(_ items: [FeedItem], base: URL?) -> [ItemShown] {
    let resolved = MediaAddresses.resolved(items, against: base)
    // By index: a loop over the items would copy each (a retain per string and list).
    return resolved.indices.map { ItemShown(resolved[$0], artist: nil) }
  }

  private static func write(_ items: [FeedItem], shown: [ItemShown], into stream: FeedJSONStream)
  {
    for index in items.indices { stream.append(items[index], shown: shown[index]) }
  }
}
