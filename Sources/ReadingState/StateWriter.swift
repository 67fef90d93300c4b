import FeedCore
import FeedModel
import Foundation
import Locking
import Workers

/// The background writer of `ReaderState`: a thread of its own (`SerialWorker`, not a
/// `DispatchQueue`, whose worker pool keeps a timer running once used) that owns the store and
/// applies changes in the order they were made, each in its own transaction.
///
/// Changes that fail stay queued (`pending`) and are tried again, in order, before the next
/// one; the first failure is reported, and so is the recovery. A file found damaged (by the
/// check `verify` starts, or by any statement) is moved aside and a fresh one started, if
/// the writer was given a way to (`recovery`). When the queue runs dry after writing, the
/// WAL is checkpointed (the store defers it, so a bulk mark's commit does not wait for it).
final class StateWriter: @unchecked Sendable {
  // @unchecked: `store`, `pending`, `savedThrough`, `failing` and `unchecked` are touched
  // only on `queue`; `shared` is behind its lock.
  private let queue = SerialWorker(name: "artfeed-state")
  /// Nil until `opening` has run (see `init(opening:...)`), or when it failed (`openFailure`).
  private var store: StoreBox?
  private var openFailure: StateError?
  private let clock: @Sendable () -> Date
  private let notify: @Sendable (StateEvent) -> Void
  private var pending: [(sequence: Int?, change: StateChange)] = []
  private var savedThrough = 0
  private var failing = false
  /// Changes written since the last checkpoint.
  private var unchecked = 0
  private let shared = Locked<Shared>(Shared())
  /// Moves a damaged file aside and opens a fresh one (see `ReaderState.open`).
  let recovery: (@Sendable (StateError) -> Recovered?)?

  /// What a recovery gives: the fresh store, the changes to write into it again, and the
  /// line that tells the reader.
  struct Recovered: Sendable {
    var store: StoreBox
    var rewrite: [StateChange]
    var notice: String
  }

  struct Shared: Sendable {
    var lastBulk: Bulk?
    var latestCounts: StateCounts?
    /// Blocks queued and not yet started.
    var queued = 0
    /// Count requests queued: only the last one counts.
    var countRequests = 0
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

  /// A writer on `store`, opened by the caller (tests, commands' own stores); a damaged
  /// file is reported, not moved aside.
  init(
    store: StoreBox, clock: @escaping @Sendable () -> Date,
    notify: @escaping @Sendable (StateEvent) -> Void
  ) {
    self.store = store
    self.clock = clock
    self.notify = notify
    recovery = nil
  }

  /// A writer whose store `opening` makes, as the first work of the writer's own thread: the
  /// caller's thread never waits for SQLite (its library's loading, a copy of the file).
  /// When `opening` fails, every change and count fails with its error, reported once.
  init(
    opening: @escaping @Sendable () -> Result<StoreBox, StateError>,
    recovery: (@Sendable (StateError) -> Recovered?)?,
    clock: @escaping @Sendable () -> Date, notify: @escaping @Sendable (StateEvent) -> Void
  ) {
    self.clock = clock
    self.notify = notify
    self.recovery = recovery
    enqueue {
      switch opening() {
      case .success(let store): self.store = store
      case .failure(let error): self.openFailure = error
      }
    }
  }

  /// The store, on the queue.
  private func current() throws(StateError) -> any ReaderStateStore {
    guard let store else {
      throw openFailure ?? StateError(.io, "the state's database is not open")
    }
    return store.store
  }

  /// Runs `body` on the writer's thread after everything asked of the writer before; the
  /// caller waits (never call it from the writer's thread).
  func onQueue<Value>(_ body: () -> Value) -> Value {
    queue.sync(body)
  }

  /// `body` given the store, on the queue (nil when it is not open).
  func withStore<Value>(_ body: (any ReaderStateStore) -> Value?) -> Value? {
    store.flatMap { body($0.store) }
  }

  var latestCounts: StateCounts? { shared.withLock { $0.latestCounts } }

  /// Runs `body` on the queue, then checkpoints if nothing else is queued.
  private func enqueue(_ body: @escaping @Sendable () -> Void) {
    shared.withLock { $0.queued += 1 }
    queue.async {
      let left = self.shared.withLock { shared -> Int in
        shared.queued -= 1
        return shared.queued
      }
      body()
      if left == 0 { self.checkpointIfWritten() }
    }
  }

  /// Queues `change` (`sequence`: its overlay change, for marks).
  func write(_ change: StateChange, sequence: Int?) {
    enqueue {
      self.pending.append((sequence, change))
      self.flush()
    }
  }

  /// Hashes `items` and records them, on the queue.
  func observe(_ feed: FeedKey, items: ItemChunks, complete: Bool) {
    enqueue {
      // One pass: each item is read (its block decoded) once for both.
      var keys: [ItemKey] = []
      var artists: [Int64?] = []
      keys.reserveCapacity(items.count)
      artists.reserveCapacity(items.count)
      var hashes = ArtistHashes()
      for item in items {
        keys.append(ItemKey(item))
        artists.append(hashes.of(item))
      }
      self.pending.append((nil, .observe(feed, keys, complete: complete, artists: artists)))
      self.flush()
    }
  }

  /// Runs `PRAGMA quick_check` off the caller's thread; a damaged file is started afresh.
  func verify() {
    enqueue { self.check() }
  }

  private func check() {
    do throws(StateError) {
      try (self.current() as? SQLiteStateStore)?.quickCheck()
    } catch {
      if !self.recover(from: error) { self.report(error) }
    }
  }

  /// `verify`, then `prune`, if `condition` holds once the work before is done (the store
  /// is open: whether it is a file is known).
  func maintain(pruningBefore cutoff: Date, if condition: @escaping @Sendable () -> Bool) {
    enqueue {
      guard condition() else { return }
      self.check()
      self.prune(before: cutoff)
    }
  }

  func requestCounts(allItems: [FeedKey], countingNew: Bool) {
    shared.withLock { $0.countRequests += 1 }
    enqueue {
      // A later request is queued: it will count after this one's changes too.
      let later = self.shared.withLock { shared -> Bool in
        shared.countRequests -= 1
        return shared.countRequests > 0
      }
      guard !later else { return }
      self.flush()
      do throws(StateError) {
        let counts = try self.counts(allItems: allItems, countingNew: countingNew)
        self.shared.withLock { $0.latestCounts = counts }
        self.notify(.counts(counts))
      } catch {
        if self.recover(from: error) {
          return self.requestCounts(allItems: allItems, countingNew: countingNew)
        }
        self.report(error)
      }
    }
  }

  private func counts(allItems: [FeedKey], countingNew: Bool) throws(StateError) -> StateCounts {
    let store = try current()
    let all: FeedCounts
    let starred: Int
    if let sqlite = store as? SQLiteStateStore {
      all = try sqlite.combinedCounts(of: allItems, countingNew: countingNew)
      starred = try sqlite.starredCount()
    } else if let reading = store as? ReadOnlyStateStore {
      all = try reading.combinedCounts(of: allItems, countingNew: countingNew)
      starred = try reading.starredCount()
    } else {
      all = try store.combinedCounts(of: allItems)
      starred = 0
    }
    return StateCounts(feeds: try store.counts(), allItems: all, starred: starred)
  }

  private func prune(before cutoff: Date) {
    flush()
    do throws(StateError) {
      let store = try current()
      if let file = store as? SQLiteStateStore {
        _ = try file.pruneIfDue(leftBefore: cutoff)
      } else {
        _ = try store.prune(leftBefore: cutoff)
      }
    } catch {
      if !recover(from: error) { report(error) }
    }
  }

  /// Runs `body` on the queue once every change before it has been tried, with the number
  /// of the last change such that it and all before it are on disk.
  func afterWrites(_ body: @escaping @Sendable (Int) -> Void) {
    enqueue {
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
      self.checkpointIfWritten()
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
        let changed = try current().apply(change, at: clock())
        if change.isBulkMark, let sequence {
          shared.withLock { $0.lastBulk = .written(sequence: sequence, changed: changed) }
        }
      } catch {
        if recover(from: error) { continue }
        if change.isBulkMark, let sequence, case .setRead(let keys, _) = change {
          shared.withLock { $0.lastBulk = .unwritten(sequence: sequence, keys: keys) }
        }
        report(error)
        return
      }
      pending.removeFirst()
      unchecked += 1
      if let sequence { savedThrough = sequence }
      checkpointIfLarge()
    }
    if failing {
      failing = false
      notify(.recovered)
    }
  }

  /// Reports a failure once, until writes succeed again.
  private func report(_ error: StateError) {
    if !failing { notify(.failed(error)) }
    failing = true
  }

  /// A damaged file: moves it aside and carries on in a fresh one, writing the session's
  /// marks into it first. False when `error` is not damage or nothing could be done.
  private func recover(from error: StateError) -> Bool {
    guard error.kind == .corrupt, let recovered = recovery?(error) else { return false }
    store = recovered.store
    pending.insert(contentsOf: recovered.rewrite.map { (nil, $0) }, at: 0)
    unchecked = 0
    notify(.reset(recovered.notice))
    return true
  }

  /// Checkpoints between two changes once the WAL has grown past `walLimit` (a long run of
  /// loads and marks never leaves the queue dry), so it stays small by size too.
  private func checkpointIfLarge() {
    guard let sqlite = store?.store as? SQLiteStateStore,
      sqlite.walBytes > SQLiteStateStore.walLimit * 4
    else { return }
    unchecked = 0
    _ = try? sqlite.checkpoint()
  }

  private func checkpointIfWritten() {
    guard unchecked > 0, pending.isEmpty else { return }
    unchecked = 0
    _ = try? (store?.store as? SQLiteStateStore)?.checkpoint()
  }
}
