import FeedArt
import FeedCore
import Foundation

/// `parse --json` on two cores: the parser hands each batch of items over, and a thread of
/// the pipeline resolves their picture addresses, decides what a reader sees of them
/// (`ItemShown`) and writes their JSON into a `FeedJSONStream`, while the parser reads the
/// next batch.
///
/// Batches wait in a queue of at most `depth`; a parser that gets ahead waits for room, so no
/// more than `depth + 2` batches are alive at once (the one being parsed, those queued, the
/// one being written). Batches are written in the order given, so the stream's bytes are
/// those of the same steps run one after the other (`Feed.writeJSON(shown:)`).
public final class ShownJSONPipeline: Sendable {
  private let line: Line
  private let done = DispatchSemaphore(value: 0)

  /// What the caller's thread and the pipeline's thread share.
  private final class Line: @unchecked Sendable {
    // @unchecked: `batches` and `closed` are touched only with `condition` locked; `stream`
    // only by the pipeline's thread until `finish` has waited for it to end.
    let condition = NSCondition()
    var batches: [[FeedItem]] = []
    var closed = false
    let depth: Int
    let stream: FeedJSONStream
    let base: URL?

    init(stream: FeedJSONStream, base: URL?, depth: Int) {
      self.stream = stream
      self.base = base
      self.depth = depth
    }
  }

  /// Starts the pipeline's thread, which writes into `stream`; `base` is the feed's address,
  /// against which relative picture addresses resolve (`MediaAddresses`).
  public init(stream: FeedJSONStream, base: URL?, depth: Int = 2) {
    precondition(depth >= 1, "a pipeline holds at least one batch")
    let line = Line(stream: stream, base: base, depth: depth)
    self.line = line
    let done = self.done
    Thread.detachNewThread {
      Self.work(line)
      done.signal()
    }
  }

  /// Hands `items` over, in order after those given before; waits while `depth` batches are
  /// waiting already.
  public func add(_ items: [FeedItem]) {
    guard !items.isEmpty else { return }
    line.condition.lock()
    while line.batches.count >= line.depth { line.condition.wait() }
    line.batches.append(items)
    line.condition.broadcast()
    line.condition.unlock()
  }

  /// Waits until every batch given is written; the stream is then the caller's again. Call it
  /// once, also when the parse failed.
  public func finish() {
    line.condition.lock()
    line.closed = true
    line.condition.broadcast()
    line.condition.unlock()
    done.wait()
  }

  private static func work(_ line: Line) {
    while true {
      line.condition.lock()
      while line.batches.isEmpty && !line.closed { line.condition.wait() }
      if line.batches.isEmpty {
        line.condition.unlock()
        return
      }
      let items = line.batches.removeFirst()
      line.condition.broadcast()
      line.condition.unlock()
      write(items, base: line.base, into: line.stream)
    }
  }

  /// One batch: what the pipeline's thread does, the same as a caller without a pipeline
  /// would do.
  public static func write(_ items: [FeedItem], base: URL?, into stream: FeedJSONStream) {
    // The parsed part keeps addresses as written; what a reader sees is resolved.
    let resolved = MediaAddresses.resolved(items, against: base)
    // By index: a loop over the items would copy each (a retain per string and list).
    for index in items.indices {
      stream.append(items[index], shown: ItemShown(resolved[index], artist: nil))
    }
  }
}
