import FeedCore
import FeedModel
import Foundation
import Locking

/// The reader's state as the browser uses it: reads answer at once from memory, writes
/// return at once and happen in order on a background queue (docs/adr/0113).
///
/// Every change updates the in-memory overlay first, so the screen shows it immediately,
/// then goes to the database in its own transaction. Rows not in the overlay are read in one
/// batch from a second connection (WAL: it never waits for the writer). A failed write is
/// reported once as `StateEvent.failed`; its marks stay in the overlay and it is tried
/// again, in order, before the next change.
public final class ReaderState: Sendable {
  /// True when marks reach the disk; false when the state lives in memory this session.
  /// Waits for the opening (`open`) if it is still under way.
  public var isSaved: Bool {
    if let known = saved.withLock({ $0 }) { return known }
    return writer.onQueue { saved.withLock { $0 } ?? false }
  }
  /// Nil until the opening has run.
  private let saved: Locked<Bool?>
  // Not private: the followed artists' part is `ReaderState+Follows.swift`.
  let overlay: Locked<Overlay>
  let writer: StateWriter
  let clock: @Sendable () -> Date

  /// - Parameters:
  ///   - store: the database the writer queue owns.
  ///   - reader: a second connection for the batch lookups of visible rows (nil when the
  ///     store is in memory: everything there is in the overlay too).
  ///   - notify: receives `StateEvent`s, on the writer's thread.
  public init(
    store: any ReaderStateStore, reader: (any ReaderStateStore)?, isSaved: Bool,
    clock: @escaping @Sendable () -> Date = { Date() },
    notify: @escaping @Sendable (StateEvent) -> Void
  ) {
    saved = Locked(isSaved)
    self.clock = clock
    overlay = Locked(Overlay(reader: reader.map(StoreBox.init)))
    writer = StateWriter(store: StoreBox(store), clock: clock, notify: notify)
  }

  /// A state whose store `opening` makes on the writer's thread (see `open`, `openReadOnly`),
  /// setting `saved`. Until it has, lookups wait for it on that thread.
  private init(
    overlay: Locked<Overlay>, saved: Locked<Bool?>,
    notify: @escaping @Sendable (StateEvent) -> Void,
    opening: @escaping @Sendable () -> Result<StoreBox, StateError>,
    recovery: (@Sendable (StateError) -> StateWriter.Recovered?)?
  ) {
    let clock: @Sendable () -> Date = { Date() }
    self.saved = saved
    self.clock = clock
    self.overlay = overlay
    writer = StateWriter(opening: opening, recovery: recovery, clock: clock, notify: notify)
  }

  /// Opens `$XDG_DATA_HOME/artfeed/state.db` (see `StateFile.open`) with a second
  /// connection for lookups.
  ///
  /// Returns at once: SQLite is loaded and the file opened as the writer's first work, on
  /// its thread, while the caller goes on (the browser's first feed loads meanwhile).
  /// What the reader should know of it (a damaged file moved aside, marks kept in memory
  /// only) comes as one `StateEvent.notice`. Lookups made before it is open wait for it on
  /// the writer's thread. If SQLite cannot open even a memory database, every change and
  /// count fails, reported once as `StateEvent.failed`; marks stay in memory.
  ///
  /// Opening reads only the header and the schema, quick at any size (docs/adr/0115);
  /// `maintain()` checks every page and prunes, on the writer's queue, when the caller is
  /// ready (the browser: once its first list is on screen, so the two do not share the CPU).
  /// A file found damaged then, or by any statement, is moved aside and a fresh one started
  /// (`StateEvent.reset`), the session's marks written into it.
  public static func open(
    environment: [String: String], notify: @escaping @Sendable (StateEvent) -> Void
  ) -> ReaderState {
    let url = StateFile.defaultLocation(environment: environment)
    let overlay = Locked(Overlay(reader: nil, lookupsOnWriter: true))
    let saved = Locked<Bool?>(nil)
    let cannotOpen = StateError(.io, "SQLite cannot open even a memory database")
    return ReaderState(
      overlay: overlay, saved: saved, notify: notify,
      opening: {
        let opened: StateFile.Opened
        if let url {
          guard let found = StateFile.open(at: url, check: .schema) else {
            return .failure(cannotOpen)
          }
          opened = found
        } else {
          guard let memory = SQLiteStateStore.inMemory() else { return .failure(cannotOpen) }
          opened = StateFile.Opened(
            store: memory, isSaved: false,
            notices: [
              "State not saved, marks kept for this session only: set HOME or XDG_DATA_HOME"
            ])
        }
        var reader: StoreBox?
        if opened.isSaved, let url {
          try? opened.store.deferCheckpoints()
          reader = (try? SQLiteStateStore(path: url.path, check: .schema)).map(StoreBox.init)
        }
        overlay.withLock { $0.use(reader: reader, lookupsOnWriter: false) }
        saved.withLock { $0 = opened.isSaved }
        if !opened.notices.isEmpty { notify(.notice(opened.notices.joined(separator: "; "))) }
        return .success(StoreBox(opened.store))
      },
      recovery: url.map { url in recovery(of: url, overlay: overlay, saved: saved) })
  }

  /// A damaged file moved aside and a fresh one opened in its place, the session's marks to
  /// write into it; nil for a state in memory (it has no file) or when that fails.
  private static func recovery(of url: URL, overlay: Locked<Overlay>, saved: Locked<Bool?>)
    -> @Sendable (StateError) -> StateWriter.Recovered?
  {
    { error in
      guard saved.withLock({ $0 }) == true,
        let (fresh, notice) = StateFile.startAfresh(url, because: error)
      else { return nil }
      try? fresh.deferCheckpoints()
      let lookups = (try? SQLiteStateStore(path: url.path, check: .schema)).map(StoreBox.init)
      let rewrite = overlay.withLock { $0.replaceReader(lookups) }
      return StateWriter.Recovered(store: StoreBox(fresh), rewrite: rewrite, notice: notice)
    }
  }

  /// Checks every page of the file (`PRAGMA quick_check`: a damaged one is started afresh)
  /// and prunes items that left every feed `retention` ago (starred items and followed
  /// artists' stay), unless a prune ran in the last `SQLiteStateStore.pruneInterval`; both
  /// on the writer's queue.
  ///
  /// Nothing to do for a state in memory (no file to check, nothing kept for days).
  public func maintain(retention: TimeInterval = ReaderState.defaultRetention) {
    let saved = self.saved
    writer.maintain(
      pruningBefore: clock().addingTimeInterval(-retention),
      if: { saved.withLock { $0 } == true })
  }

  /// The state for a run that must change nothing on disk (`artfeed render`): the file read
  /// where it is (`ReadOnlyStateStore`), what the run records kept in memory, or an empty
  /// state when there is no file. It behaves as the browser's (a load records its items, so
  /// the counts are the browser's; the rows show the file's marks), and nothing reaches the
  /// file; it reads only the pages of the rows it is asked for, the feeds' counts and the
  /// rows of the lists it records, never the whole file (docs/adr/0170).
  ///
  /// Returns at once: SQLite is loaded and the file opened on the writer's thread, while the
  /// caller goes on (render's feed parses meanwhile). Lookups of marks go to that thread too.
  /// A file of an older schema version is copied into memory and migrated there (reading it
  /// in place would need the migration's writes). If even a memory database cannot be
  /// opened, every change and count fails, reported once as `StateEvent.failed`, and marks
  /// read unknown.
  public static func openReadOnly(
    environment: [String: String], notify: @escaping @Sendable (StateEvent) -> Void
  ) -> ReaderState {
    let file = StateFile.defaultLocation(environment: environment)?.path
    let overlay = Locked(Overlay(reader: nil, lookupsOnWriter: true))
    return ReaderState(
      overlay: overlay, saved: Locked(false), notify: notify,
      opening: {
        let present = file.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        let store: any ReaderStateStore
        if let present, let reading = try? SQLiteStateStore(readingOnly: present) {
          store = ReadOnlyStateStore(file: reading)
        } else if let present, let copy = SQLiteStateStore.inMemoryCopy(of: present) {
          store = copy
        } else {
          store = ReadOnlyStateStore(file: nil)
        }
        let box = StoreBox(store)
        // The overlay reads marks through the writer's store: on the writer's thread only.
        overlay.withLock { $0.use(reader: box, lookupsOnWriter: true) }
        return .success(box)
      }, recovery: nil)
  }

  /// Pages of the database file read so far by the store `openReadOnly` made (what a first
  /// screen cost in I/O); nil for other states.
  public var pagesRead: Int? {
    writer.onQueue { writer.withStore { ($0 as? ReadOnlyStateStore)?.pagesRead } }
  }

  /// How long items that left every feed are kept by default: 90 days (`keep-days`).
  public static let defaultRetention: TimeInterval = 90 * 86_400

  // MARK: - Reading (synchronous, cheap)

  /// The marks of `keys` (the visible rows), in their order: from memory, the rest in one
  /// batch from the database. Cost: O(keys).
  public func marks(for keys: [ItemKey]) -> [ItemMarks] {
    looking { lookUp(keys) }
  }

  /// `marks(for:)` given to `answer`: at once, or on the writer's thread while the state is
  /// still opening and for `render`'s (`openReadOnly`), after the work asked of it before,
  /// so the caller never waits for it.
  public func marks(for keys: [ItemKey], answer: @escaping @Sendable ([ItemMarks]) -> Void) {
    guard overlay.withLock({ $0.lookupsOnWriter }) else { return answer(lookUp(keys)) }
    writer.afterWrites { _ in answer(self.lookUp(keys)) }
  }

  private func lookUp(_ keys: [ItemKey]) -> [ItemMarks] {
    do {
      return try overlay.withLock { overlay throws(StateError) in try overlay.marks(for: keys) }
    } catch {
      // The lookup met a damaged page: the writer checks the file (and starts afresh).
      writer.verify()
      return keys.map { _ in .unknown }
    }
  }

  /// Runs `body`, which may read through the overlay's lookup connection: here, or on the
  /// writer's thread when that connection is the writer's own store.
  func looking<Value>(_ body: () -> Value) -> Value {
    guard overlay.withLock({ $0.lookupsOnWriter }) else { return body() }
    return writer.onQueue(body)
  }

  /// The marks of many `keys` (a whole list, for a filter or the next unread item) without
  /// keeping them in memory: for work off the UI loop. The lock is taken a chunk at a time,
  /// so lookups of visible rows wait at most for one chunk.
  public func peek(_ keys: [ItemKey]) -> [ItemMarks] {
    var marks: [ItemMarks] = []
    marks.reserveCapacity(keys.count)
    var start = 0
    while start < keys.count {
      let chunk = Array(keys[start..<min(keys.count, start + 512)])
      marks += looking { overlay.withLock { $0.peek(chunk) } }
      start += chunk.count
    }
    return marks
  }

  /// The marks of one item.
  public func marks(of key: ItemKey) -> ItemMarks {
    marks(for: [key])[0]
  }

  /// The counts of the last `requestCounts`; nil before the first arrives.
  public var latestCounts: StateCounts? { writer.latestCounts }

  // MARK: - Changing (returns at once; written in the background)

  /// Marks `keys` read or unread. For more than one key (a bulk mark: `A`), returns the token
  /// that undoes it.
  ///
  /// A bulk mark updates memory a chunk at a time (visible rows' lookups wait at most for
  /// one chunk); call it off the UI loop.
  @discardableResult
  public func setRead(_ keys: [ItemKey], _ read: Bool) -> UndoToken? {
    let sequence = overlay.withLock { $0.nextSequence() }
    var start = 0
    repeat {
      let chunk = keys[start..<min(keys.count, start + 4096)]
      overlay.withLock { $0.change(chunk, number: sequence) { $0.read = read } }
      start += chunk.count
    } while start < keys.count
    writer.write(.setRead(keys, read), sequence: sequence)
    return keys.count > 1 && read ? UndoToken(sequence: sequence) : nil
  }

  /// Flips an item's read mark (`m`); returns its new marks.
  @discardableResult
  public func toggleRead(_ key: ItemKey) -> ItemMarks {
    let now = !marks(of: key).read
    setRead([key], now)
    return marks(of: key)
  }

  /// Stars or unstars `keys`.
  public func setStarred(_ keys: [ItemKey], _ starred: Bool) {
    let sequence = overlay.withLock { overlay in
      overlay.change(keys) { $0.starred = starred }
    }
    writer.write(.setStarred(keys, starred), sequence: sequence)
  }

  /// Flips an item's star (`s`); returns its new marks.
  @discardableResult
  public func toggleStarred(_ key: ItemKey) -> ItemMarks {
    setStarred([key], !marks(of: key).starred)
    return marks(of: key)
  }

  /// Undoes the last bulk mark, if `token` names it: the items it changed become unread
  /// again. False when a later bulk mark replaced it (only the last one can be undone).
  ///
  /// Waits for the bulk mark's own write if it is still under way (it alone knows which
  /// items it changed).
  @discardableResult
  public func undo(_ token: UndoToken) -> Bool {
    guard let undone = writer.takeUndo(token) else { return false }
    switch undone {
    case .written(_, let changed):
      setRead(changed, false)
    case .unwritten(_, let keys):
      // The mark never reached the disk: forget it; the database still has the old marks.
      overlay.withLock { $0.forget(keys, ifChangedBy: token.sequence) }
    }
    return true
  }

  /// Records a visit to `feed` now; returns the one before (what "new since your last
  /// visit" counts from), nil if none.
  @discardableResult
  public func visit(_ feed: FeedKey) -> Date? {
    let now = clock()
    let previous = looking { overlay.withLock { $0.visit(feed, now: now) } }
    writer.write(.visit(feed, now), sequence: nil)
    return previous
  }

  /// Records that `feed`'s list holds `items` (`complete`: the whole list, which lets items
  /// missing from it be pruned later). The items are hashed on the writer's queue.
  public func observe(_ feed: FeedKey, items: [FeedItem], complete: Bool) {
    writer.observe(feed, items: ItemChunks(items), complete: complete)
  }

  /// `observe` for a list as the browser keeps it (no item is copied on the caller's thread).
  public func observe(_ feed: FeedKey, items: ItemChunks, complete: Bool) {
    writer.observe(feed, items: items, complete: complete)
  }

  /// Asks for counts of every feed and of "All items" over `allItems` (with how many are
  /// new since its last visit if `countingNew`: a pass over the items); they arrive as
  /// `StateEvent.counts` once every change made before is written. Requests made while one
  /// waits are answered once.
  public func requestCounts(allItems: [FeedKey], countingNew: Bool = true) {
    writer.requestCounts(allItems: allItems, countingNew: countingNew)
  }

  /// Forgets what memory holds about written marks, so the next reads show marks another
  /// artfeed made (`r`/`R`). Marks not written yet stay. `done` runs (on the writer's
  /// thread) once that is so.
  public func refresh(then done: (@Sendable () -> Void)? = nil) {
    writer.afterWrites { savedThrough in
      self.overlay.withLock { $0.forgetSaved(through: savedThrough) }
      done?()
    }
  }

  /// Runs `done` (on the writer's thread) after everything asked of the writer so far.
  public func whenQueued(_ done: @escaping @Sendable () -> Void) {
    writer.afterWrites { _ in done() }
  }

  /// Waits until every change made so far has been tried (at quit); false on timeout.
  public func finishWrites(timeout: Duration = .seconds(5)) -> Bool {
    writer.finish(timeout: timeout)
  }
}

/// A store used by one thread at a time: under the overlay's lock, or on the writer queue.
final class StoreBox: @unchecked Sendable {
  let store: any ReaderStateStore
  init(_ store: any ReaderStateStore) { self.store = store }
}
