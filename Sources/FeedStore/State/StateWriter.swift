import FeedCore
import Foundation
import Locking

/// The background writer of `ReaderState`: a serial queue that owns the store and applies
/// changes in the order they were made, each in its own transaction.
///
/// Changes that fail stay queued (`pending`) and are tried again, in order, before the next
/// one; the first failure is reported, and so is the recovery.
final class StateWriter: @unchecked Sendable {
  // @unchecked: `store`, `pending`, `savedThrough` and `failing` are touched only on `queue`;
  // `shared` is behind its lock.
  private let queue = DispatchQueue(label: "artfeed.state.writer", qos: .utility)
  private let store: StoreBox
  private let clock: @Sendable () -> Date
  private let notify: @Sendable (StateEvent) -> Void
  private var pending: [(sequence: Int?, change: StateChange)] = []
  private var savedThrough = 0
  private var failing = false
  private let shared = Locked<Shared>(Shared())

  struct Shared: Sendable {
    var lastBulk: Bulk?
    var latestCounts: StateCounts?
  }

  /// The last bulk mark: what it changed once written, or its keys while not written.
  enum Bulk: Sendable {
    case written(sequence: Int, changed: [ItemKey])
    case unwritten(sequence: Int, keys: [ItemKey])

    var sequence: Int {
      switch self {
      case .written(let sequence, _), .unwritten(let sequence, _): sequence
      }
    }
  }

  init(
    store: StoreBox, clock: @escaping @Sendable () -> Date,
    notify: @escaping @Sendable (StateEvent) -> Void
  ) {
    self.store = store
    self.clock = clock
    self.notify = notify
  }

  var latestCounts: StateCounts? { shared.withLock { $0.latestCounts } }

  /// Queues `change` (`sequence`: its overlay change, for marks).
  func write(_ change: StateChange, sequence: Int?) {
    queue.async {
      self.pending.append((sequence, change))
      self.flush()
    }
  }

  /// Hashes `items` and records them, on the queue.
  func observe(_ feed: FeedKey, items: [FeedItem], complete: Bool) {
    queue.async {
      let keys = items.map(ItemKey.init)
      self.pending.append((nil, .observe(feed, keys, complete: complete)))
      self.flush()
    }
  }

  func requestCounts(allItems: [FeedKey]) {
    queue.async {
      self.flush()
      do throws(StateError) {
        let counts = StateCounts(
          feeds: try self.store.store.counts(),
          allItems: try self.store.store.combinedCounts(of: allItems))
        self.shared.withLock { $0.latestCounts = counts }
        self.notify(.counts(counts))
      } catch {
        self.notify(.failed(error))
      }
    }
  }

  func prune(before cutoff: Date) {
    queue.async {
      self.flush()
      do throws(StateError) {
        try self.store.store.prune(leftBefore: cutoff)
      } catch {
        self.notify(.failed(error))
      }
    }
  }

  /// Runs `body` on the queue once every change before it has been tried, with the number
  /// of the last change such that it and all before it are on disk.
  func afterWrites(_ body: @escaping @Sendable (Int) -> Void) {
    queue.async {
      self.flush()
      body(self.savedThrough)
    }
  }

  /// Takes the last bulk mark if `token` names it, after its write has been tried. An
  /// unwritten one is also taken out of the queue of changes to retry.
  func takeUndo(_ token: UndoToken) -> Bulk? {
    queue.sync {
      guard let bulk = shared.withLock({ $0.lastBulk }), bulk.sequence == token.sequence else {
        return nil
      }
      shared.withLock { $0.lastBulk = nil }
      if case .unwritten = bulk { pending.removeAll { $0.sequence == token.sequence } }
      return bulk
    }
  }

  func finish(timeout: Duration) -> Bool {
    let done = DispatchSemaphore(value: 0)
    queue.async {
      self.flush()
      done.signal()
    }
    let nanoseconds =
      timeout.components.seconds * 1_000_000_000
      + timeout.components.attoseconds / 1_000_000_000
    return done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success
  }

  /// Writes the pending changes in order, stopping at the first failure.
  private func flush() {
    while let (sequence, change) = pending.first {
      do throws(StateError) {
        let changed = try store.store.apply(change, at: clock())
        if change.isBulkMark, let sequence {
          shared.withLock { $0.lastBulk = .written(sequence: sequence, changed: changed) }
        }
      } catch {
        if change.isBulkMark, let sequence, case .setRead(let keys, _) = change {
          shared.withLock { $0.lastBulk = .unwritten(sequence: sequence, keys: keys) }
        }
        if !failing { notify(.failed(error)) }
        failing = true
        return
      }
      pending.removeFirst()
      if let sequence { savedThrough = sequence }
    }
    if failing {
      failing = false
      notify(.recovered)
    }
  }
}
