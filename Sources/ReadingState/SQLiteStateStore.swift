import FeedModel
import Foundation

/// The reader's state in a SQLite database (`ReaderStateStore`).
///
/// WAL mode with `synchronous=FULL`: readers never wait for the writer, a commit survives a
/// power cut, and `kill -9` at any point leaves each transaction whole or absent. Every
/// change is one `BEGIN IMMEDIATE` transaction, so two artfeeds writing at once take turns
/// (each waits up to the busy timeout) and neither loses a mark.
public final class SQLiteStateStore: ReaderStateStore {
  let db: SQLiteConnection
  /// The database file, or `:memory:`.
  public var path: String { db.path }
  private var statements: [String: SQLiteStatement] = [:]
  /// How long a statement waits for another connection's lock, in milliseconds.
  private let busyTimeout: Int32
  /// The shared lock that tells `state vacuum` this process has the file open (nil for a
  /// database in memory).
  private let users: StateUsers?

  /// How much of the file opening reads to know it is sound.
  public enum Check: Sendable {
    /// `PRAGMA quick_check`: every page, slow on a big file (docs/adr/0115): for the
    /// commands, which are about to write.
    case pages
    /// The header and the schema only (a file that is not a database, or a damaged first
    /// page, fails here); damage deeper in the file fails the statement that meets it, with
    /// `.corrupt`. The browser opens this way and runs `quickCheck()` off its loop.
    case schema
  }

  /// Opens the database at `path` (creating it, mode 0600), migrates it to the latest
  /// version and checks it (`check`).
  ///
  /// - Throws: `.corrupt` for a file that is not a sound database (`StateFile.open` moves it
  ///   aside), `.newerVersion` for a version it does not know, or why the file cannot be
  ///   opened.
  public init(path: String, busyTimeout milliseconds: Int32 = 5000, check: Check = .pages)
    throws(StateError)
  {
    if path != ":memory:" { Self.createPrivately(path) }
    users = path == ":memory:" ? nil : StateUsers(database: path, milliseconds: milliseconds)
    db = try SQLiteConnection(path: path)
    busyTimeout = milliseconds
    db.setBusyTimeout(milliseconds: milliseconds)
    try db.execute("PRAGMA temp_store = MEMORY")
    let db = self.db
    try Self.retryingWhileBusy(milliseconds: milliseconds) { () throws(StateError) in
      // Before anything writes (WAL mode changes the header): a newer version stays untouched.
      try StateSchema.refuseUnknown(db)
      if path != ":memory:" {
        let mode = try db.text("PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
          throw StateError(.readOnly, "\(path): cannot switch to WAL (journal mode \(mode ?? "?"))")
        }
        try db.execute("PRAGMA synchronous = FULL")
        try db.execute("PRAGMA journal_size_limit = \(Self.walLimit)")
      }
      // Reads the schema: a damaged first page or schema fails here.
      _ = try db.integer("SELECT count(*) FROM sqlite_master")
      if check == .pages, path != ":memory:" { try Self.quickCheck(db) }
      try StateSchema.migrate(db)
    }
    try db.execute(Self.chosenTable)
  }

  /// Leaves copying the WAL into the database (a checkpoint, which SQLite otherwise runs
  /// inside the commit that passes 1,000 pages) to `checkpoint()`: the browser's writer runs
  /// it when it has nothing else to write, so a bulk mark's commit does not wait for it.
  public func deferCheckpoints() throws(StateError) {
    try db.execute("PRAGMA wal_autocheckpoint = 0")
  }

  /// Copies what the WAL holds into the database, as far as no reader needs it (PASSIVE:
  /// never waits for another connection); when that copied it all and the WAL has grown past
  /// `walLimit`, empties the file too (TRUNCATE, waiting at most 50 ms for readers), so that
  /// no big WAL outlives a session killed later, nor makes the next opening read it
  /// (docs/adr/0171). Returns whether the WAL was emptied.
  @discardableResult
  public func checkpoint() throws(StateError) -> Bool {
    guard path != ":memory:" else { return false }
    let (busy, log, copied) = try walCheckpoint("PASSIVE")
    guard busy == 0, log == copied, walBytes > Self.walLimit else { return false }
    db.setBusyTimeout(milliseconds: 50)
    defer { db.setBusyTimeout(milliseconds: busyTimeout) }
    let truncated = try? walCheckpoint("TRUNCATE")
    return truncated?.busy == 0
  }

  /// The WAL's size past which an idle checkpoint empties it, and past which the writer
  /// checkpoints between two changes (`StateWriter`); SQLite also truncates it to this size
  /// whenever it starts the WAL over (`journal_size_limit`).
  public static let walLimit = 4 << 20

  /// Runs `PRAGMA wal_checkpoint(mode)`: whether it was blocked, the WAL's frames, and how
  /// many of them are in the database now.
  private func walCheckpoint(_ mode: String) throws(StateError)
    -> (busy: Int64, log: Int64, copied: Int64)
  {
    let pragma = try db.prepare("PRAGMA wal_checkpoint(\(mode))")
    guard try pragma.step() else { return (0, 0, 0) }
    return (pragma.int64(0), pragma.int64(1), pragma.int64(2))
  }

  /// The size of the WAL file in bytes (0 when there is none).
  public var walBytes: Int {
    guard path != ":memory:" else { return 0 }
    var info = stat()
    return stat(path + "-wal", &info) == 0 ? Int(info.st_size) : 0
  }

  /// A store that reads the file at `path` where it is and never writes it (`artfeed
  /// render`): opening reads the header and the schema only, and every read afterwards the
  /// pages its rows are on (docs/adr/0170). Throws for a missing file, one that is not a
  /// state database, or one of another version than this artfeed's (an older one would
  /// need migrating first, which writes).
  public init(readingOnly path: String, busyTimeout milliseconds: Int32 = 5000)
    throws(StateError)
  {
    users = StateUsers(database: path, milliseconds: milliseconds)
    db = try SQLiteConnection(path: path, readOnly: true)
    busyTimeout = milliseconds
    db.setBusyTimeout(milliseconds: milliseconds)
    try db.execute("PRAGMA temp_store = MEMORY")
    let found = try StateSchema.version(of: db)
    guard found == StateSchema.latest else {
      throw StateError(
        .newerVersion, "\(path) is state version \(found), not \(StateSchema.latest)")
    }
    _ = try db.integer("SELECT count(*) FROM sqlite_master")
    try db.execute(Self.chosenTable)
  }

  /// The items a statement works on (`choose`), and their artists' hashes when a list is
  /// recorded with them (a table of one column, for `IN temp.chosen`).
  static let chosenTable = """
    CREATE TEMP TABLE IF NOT EXISTS chosen(id INTEGER PRIMARY KEY) WITHOUT ROWID;
    CREATE TEMP TABLE IF NOT EXISTS chosen_artists(id INTEGER PRIMARY KEY, artist INTEGER)
      WITHOUT ROWID;
    """

  /// Pages read from the file since the store opened (SQLite's cache misses).
  public var pagesRead: Int { db.pagesRead }

  /// A store on a connection to a database in memory (already filled), migrated.
  private init(connection: SQLiteConnection) throws(StateError) {
    db = connection
    busyTimeout = 5000
    users = nil
    try db.execute("PRAGMA temp_store = MEMORY")
    try StateSchema.migrate(db)
    try db.execute(Self.chosenTable)
  }

  /// `PRAGMA quick_check`: throws `.corrupt` unless every page is sound.
  public func quickCheck() throws(StateError) {
    try Self.quickCheck(db)
  }

  private static func quickCheck(_ db: SQLiteConnection) throws(StateError) {
    let check = try db.text("PRAGMA quick_check") ?? ""
    guard check == "ok" else { throw StateError(.corrupt, "\(db.path): \(check)") }
  }

  /// Runs `body` again while it fails with busy, for up to `milliseconds`.
  ///
  /// The busy timeout covers waiting for a lock, but not every way opening can meet another
  /// connection: switching a fresh file to WAL needs the only lock on it, and when two
  /// connections both hold a shared lock and want that, SQLite fails one at once rather than
  /// let them wait for each other (two `artfeed`s started together on a fresh data folder).
  /// Every step of `body` is safe to repeat: the pragmas are idempotent and each migration
  /// re-reads the version inside its own transaction.
  static func retryingWhileBusy(
    milliseconds: Int32, _ body: () throws(StateError) -> Void
  ) throws(StateError) {
    let deadline = DispatchTime.now() + .milliseconds(Int(milliseconds))
    var pause: UInt32 = 1_000
    while true {
      do {
        return try body()
      } catch  where error.kind == .busy && DispatchTime.now() < deadline {
        // A random pause, growing to 50 ms, so two openers do not retry in step.
        usleep(UInt32.random(in: pause / 2...pause))
        pause = min(pause * 2, 50_000)
      }
    }
  }

  /// A store that lives in memory only: the session's state when the file cannot be used.
  public static func inMemory() -> SQLiteStateStore? {
    try? SQLiteStateStore(path: ":memory:")
  }

  /// A copy in memory of the database at `path` (read, never written): changes to it stay
  /// in memory. Nil if the file cannot be read as a state database.
  public static func inMemoryCopy(of path: String) -> SQLiteStateStore? {
    guard let file = try? SQLiteConnection(path: path, readOnly: true),
      (try? StateSchema.version(of: file)).map({ (0...StateSchema.latest).contains($0) }) == true,
      let memory = try? SQLiteConnection(path: ":memory:"),
      (try? memory.copy(from: file)) != nil
    else { return nil }
    return try? SQLiteStateStore(connection: memory)
  }

  /// Creates an absent file with mode 0600 before SQLite does (SQLite would use 0644, and
  /// gives the -wal and -shm files the database file's mode).
  private static func createPrivately(_ path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if fd >= 0 { close(fd) }
  }

  /// A cached compiled statement.
  func statement(_ sql: String) throws(StateError) -> SQLiteStatement {
    if let cached = statements[sql] { return cached }
    let compiled = try db.prepare(sql)
    statements[sql] = compiled
    return compiled
  }

  // MARK: - Reading

  public func marks(of keys: [ItemKey]) throws(StateError) -> [ItemKey: ItemMarks] {
    let select = try statement("SELECT read, starred, first_seen FROM items WHERE id = ?")
    var found: [ItemKey: ItemMarks] = [:]
    for key in keys {
      select.bind(1, key.rawValue)
      defer { select.reset() }
      guard try select.step() else { continue }
      found[key] = ItemMarks(
        read: select.int64(0) != 0, starred: select.int64(1) != 0,
        firstSeen: Date(timeIntervalSince1970: Double(select.int64(2))))
    }
    return found
  }

  /// Every feed's counts: one read of the feeds table (they are kept by every write).
  public func counts() throws(StateError) -> [FeedKey: FeedCounts] {
    let select = try statement(
      "SELECT key, last_visit, item_count, unread_count, new_count FROM feeds")
    defer { select.reset() }
    var counts: [FeedKey: FeedCounts] = [:]
    while try select.step() {
      let key = FeedKey(rawValue: select.text(0) ?? "")
      counts[key] = FeedCounts(
        total: Int(select.int64(2)), unread: Int(select.int64(3)), new: Int(select.int64(4)),
        lastVisit: select.isNull(1) ? nil : Date(timeIntervalSince1970: Double(select.int64(1))))
    }
    return counts
  }

  public func combinedCounts(of feeds: [FeedKey]) throws(StateError) -> FeedCounts {
    try combinedCounts(of: feeds, countingNew: true)
  }

  /// Counts over the union of `feeds`, each item once: the feeds' own counts, less the
  /// items counted more than once (an item in k of them counts k - 1 times too many; its
  /// memberships share its unread flag). Finding those is one pass over the index of
  /// memberships by item, reading no membership row; `countingNew` adds a pass over the
  /// items for how many arrived since the last visit of "All items".
  public func combinedCounts(of feeds: [FeedKey], countingNew: Bool) throws(StateError)
    -> FeedCounts
  {
    guard !feeds.isEmpty else { return FeedCounts() }
    let lastVisit = try visitTime(of: .allItems)
    try db.execute("CREATE TEMP TABLE IF NOT EXISTS asked(id INTEGER PRIMARY KEY)")
    try db.execute("DELETE FROM temp.asked")
    let ask = try statement("INSERT OR IGNORE INTO temp.asked SELECT id FROM feeds WHERE key = ?")
    for feed in feeds {
      ask.bind(1, feed.rawValue)
      try ask.run()
    }
    let sums = try statement(
      """
      SELECT coalesce(sum(item_count), 0), coalesce(sum(unread_count), 0) FROM feeds
      WHERE id IN temp.asked
      """)
    defer { sums.reset() }
    guard try sums.step() else { return FeedCounts() }
    var counts = FeedCounts(total: Int(sums.int64(0)), unread: Int(sums.int64(1)))
    // Items counted more than once: one pass over the index of current memberships by item
    // (covering: no membership row is read), runs of the same item found here, for less
    // work a row than SQLite's GROUP BY of the same pass (docs/adr/0114).
    let asked = try askedFeedIDs()
    let pass = try statement(
      "SELECT item, feed FROM memberships INDEXED BY memberships_item WHERE current")
    var shared: [(item: Int64, extra: Int)] = []
    do {
      defer { pass.reset() }
      var item: Int64?
      var seen = 0
      while try pass.step() {
        guard asked.contains(pass.int64(1)) else { continue }
        let next = pass.int64(0)
        if next == item {
          seen += 1
          continue
        }
        if let item, seen > 1 { shared.append((item, seen - 1)) }
        item = next
        seen = 1
      }
      if let item, seen > 1 { shared.append((item, seen - 1)) }
    }
    let isRead = try statement("SELECT read FROM items WHERE id = ?")
    for (item, extra) in shared {
      counts.total -= extra
      isRead.bind(1, item)
      defer { isRead.reset() }
      if try isRead.step(), isRead.int64(0) == 0 { counts.unread -= extra }
    }
    counts.lastVisit = lastVisit.map { Date(timeIntervalSince1970: Double($0)) }
    if countingNew {
      // One pass over the items; only those newer than the visit look up a membership.
      let new = try statement(
        """
        SELECT count(*) FROM items WHERE first_seen > ?1 AND EXISTS (SELECT 1 FROM memberships
          INDEXED BY memberships_item WHERE item = items.id AND current AND +feed IN temp.asked)
        """)
      new.bind(1, lastVisit ?? -1)
      defer { new.reset() }
      if try new.step() { counts.new = Int(new.int64(0)) }
    }
    return counts
  }

  /// The row ids of the feeds in `temp.asked`.
  private func askedFeedIDs() throws(StateError) -> Set<Int64> {
    let select = try statement("SELECT id FROM temp.asked")
    defer { select.reset() }
    var ids: Set<Int64> = []
    while try select.step() { ids.insert(select.int64(0)) }
    return ids
  }

  /// When each of `keys` first appeared in `feed` (Unix seconds), for those recorded in it:
  /// a seek of the feed's memberships per key.
  func firstSeen(in feed: FeedKey, _ keys: [ItemKey]) throws(StateError) -> [ItemKey: Int64] {
    let feedID = try statement("SELECT id FROM feeds WHERE key = ?")
    feedID.bind(1, feed.rawValue)
    let id: Int64
    do {
      defer { feedID.reset() }
      guard try feedID.step() else { return [:] }
      id = feedID.int64(0)
    }
    let select = try statement("SELECT first_seen FROM memberships WHERE feed = ? AND item = ?")
    var found: [ItemKey: Int64] = [:]
    for key in keys {
      select.bind(1, id)
      select.bind(2, key.rawValue)
      defer { select.reset() }
      if try select.step() { found[key] = select.int64(0) }
    }
    return found
  }

  /// The feeds whose latest list holds `key`.
  func currentFeeds(of key: ItemKey) throws(StateError) -> [FeedKey] {
    let select = try statement(
      """
      SELECT f.key FROM memberships m INDEXED BY memberships_item JOIN feeds f ON f.id = m.feed
      WHERE m.item = ? AND m.current
      """)
    select.bind(1, key.rawValue)
    defer { select.reset() }
    var feeds: [FeedKey] = []
    while try select.step() { feeds.append(FeedKey(rawValue: select.text(0) ?? "")) }
    return feeds
  }

  /// How many items are starred (the partial index of starred items answers).
  public func starredCount() throws(StateError) -> Int {
    Int(try db.integer("SELECT count(*) FROM items WHERE starred") ?? 0)
  }

  public func lastVisit(of feed: FeedKey) throws(StateError) -> Date? {
    try visitTime(of: feed).map { Date(timeIntervalSince1970: Double($0)) }
  }

  private func visitTime(of feed: FeedKey) throws(StateError) -> Int64? {
    let select = try statement("SELECT last_visit FROM feeds WHERE key = ?")
    select.bind(1, feed.rawValue)
    defer { select.reset() }
    guard try select.step(), !select.isNull(0) else { return nil }
    return select.int64(0)
  }

  // MARK: - Writing

  @discardableResult
  public func apply(_ change: StateChange, at now: Date) throws(StateError) -> [ItemKey] {
    let time = Int64(now.timeIntervalSince1970)
    return try db.transaction { () throws(StateError) -> [ItemKey] in
      switch change {
      case .setRead(let keys, let read):
        let chosen = try choose(keys)
        return try setChosenRead(read, at: time, chosen: chosen)
      case .markFeedRead(let feed):
        try db.execute("DELETE FROM temp.chosen")
        let chooseFeed = try statement(
          """
          INSERT INTO temp.chosen(id) SELECT m.item FROM memberships m JOIN feeds f
          ON f.id = m.feed WHERE f.key = ? AND m.unread
          """)
        chooseFeed.bind(1, feed.rawValue)
        try chooseFeed.run()
        return try setChosenRead(true, at: time, chosen: db.changes, wholeFeed: true)
      case .markAllRead:
        try db.execute(
          "DELETE FROM temp.chosen; INSERT INTO temp.chosen(id) SELECT id FROM items WHERE NOT read"
        )
        return try setChosenRead(true, at: time, chosen: db.changes)
      case .setStarred(let keys, let starred):
        try setStarred(keys, starred, at: time)
        return []
      case .visit(let feed, let date):
        let visit = try statement(
          """
          INSERT INTO feeds(key, last_visit) VALUES(?1, ?2)
          ON CONFLICT(key) DO UPDATE SET last_visit = excluded.last_visit
          """)
        visit.bind(1, feed.rawValue)
        visit.bind(2, Int64(date.timeIntervalSince1970))
        try visit.run()
        let recount = try statement(
          """
          UPDATE feeds SET new_count = (SELECT count(*) FROM memberships
            INDEXED BY memberships_current
            WHERE feed = feeds.id AND current AND first_seen > feeds.last_visit) WHERE key = ?
          """)
        recount.bind(1, feed.rawValue)
        try recount.run()
        return []
      case .observe(let feed, let keys, let complete, let artists):
        try observe(feed, keys, complete: complete, artists: artists, at: time)
        return []
      case .follow(let name, let date):
        // A name no follow may have is dropped, not thrown: a change that always fails would
        // hold up every change queued behind it (`ReaderState` refuses such names first).
        _ = try insertFollow(name, since: Int64(date.timeIntervalSince1970.rounded(.down)))
        return []
      case .unfollow(let name):
        _ = try deleteFollow(name)
        return []
      }
    }
  }

  /// Fills `temp.chosen` with `keys`, sorted (appending to a b-tree is its cheapest insert),
  /// `chooseBatch` to a statement and the rest one by one; returns how many distinct keys
  /// it holds.
  @discardableResult
  private func choose(_ keys: [ItemKey]) throws(StateError) -> Int {
    try statement("DELETE FROM temp.chosen").run()
    let sorted = keys.map(\.rawValue).sorted()
    var start = 0
    if sorted.count >= Self.chooseBatch {
      let batch = try chooseBatchStatement()
      while sorted.count - start >= Self.chooseBatch {
        for place in 0..<Self.chooseBatch { batch.bind(Int32(place + 1), sorted[start + place]) }
        try batch.run()
        start += Self.chooseBatch
      }
    }
    if start < sorted.count {
      let one = try statement("INSERT OR IGNORE INTO temp.chosen(id) VALUES (?)")
      for key in sorted[start...] {
        one.bind(1, key)
        try one.run()
      }
    }
    let count = try statement("SELECT count(*) FROM temp.chosen")
    defer { count.reset() }
    return try count.step() ? Int(count.int64(0)) : 0
  }

  /// `choose` with each key's artist hash (nil: none), in the same order as `keys`.
  private func choose(_ keys: [ItemKey], artists: [Int64?]) throws(StateError) {
    try statement("DELETE FROM temp.chosen").run()
    try statement("DELETE FROM temp.chosen_artists").run()
    let pairs = zip(keys.map(\.rawValue), artists).sorted { $0.0 < $1.0 }
    let batch = Self.chooseBatch / 2
    var start = 0
    if pairs.count >= batch {
      let many = try statement(
        "INSERT OR IGNORE INTO temp.chosen_artists(id, artist) VALUES "
          + Array(repeating: "(?, ?)", count: batch).joined(separator: ","))
      while pairs.count - start >= batch {
        for place in 0..<batch { bind(many, Int32(place * 2 + 1), pairs[start + place]) }
        try many.run()
        start += batch
      }
    }
    let one = try statement("INSERT OR IGNORE INTO temp.chosen_artists(id, artist) VALUES (?, ?)")
    for pair in pairs[start...] {
      bind(one, 1, pair)
      try one.run()
    }
    try statement("INSERT INTO temp.chosen(id) SELECT id FROM temp.chosen_artists").run()
  }

  private func bind(_ statement: SQLiteStatement, _ place: Int32, _ pair: (Int64, Int64?)) {
    statement.bind(place, pair.0)
    statement.bind(place + 1, pair.1)
  }

  /// Keys bound per statement when filling `temp.chosen` with many: a statement per key
  /// costs more per key in SQLite's own work. Fewer go one by one: compiling a statement of
  /// many places costs more than inserting a feed's worth of keys one by one, on the first
  /// screen's path (docs/adr/0152).
  static let chooseBatch = 512

  /// The statement that adds `chooseBatch` keys (a 100k bulk mark runs about 200 of them).
  private func chooseBatchStatement() throws(StateError) -> SQLiteStatement {
    try statement(
      "INSERT OR IGNORE INTO temp.chosen(id) VALUES "
        + Array(repeating: "(?)", count: Self.chooseBatch).joined(separator: ","))
  }

  /// Sets the read flag of the items in `temp.chosen` (adding those not recorded yet), their
  /// memberships' copy and their feeds' unread counts; returns the items whose flag changed.
  ///
  /// `chosen`: how many distinct items `temp.chosen` holds; when the update changed them all,
  /// every one is recorded and the pass adding unrecorded ones is skipped.
  ///
  /// The writes to `items` run with the triggers off and queue the sync accounts' marks
  /// themselves (`queueAccountMarks`): the triggers, like `RETURNING`, would make SQLite
  /// update in two passes, the first collecting the rows (docs/adr/0131). Which items changed
  /// is noted by `artfeed_note` as they are updated. Every other write keeps the triggers.
  private func setChosenRead(
    _ read: Bool, at time: Int64, chosen: Int, wholeFeed: Bool = false
  ) throws(StateError) -> [ItemKey] {
    // Most of the items chosen: a pass over the table, asking `temp.chosen` for each row,
    // costs less than a seek for each chosen item; for a few, seeking costs less
    // (docs/adr/0114).
    let items = try db.integer("SELECT count(*) FROM items") ?? 0
    let scanItems = Int64(chosen) * 2 >= items
    let noted = try db.withoutTriggers { () throws(StateError) -> [Int64] in
      let queuedAll = wholeFeed && read ? try queueMarkAllRead(at: time) : false
      if !queuedAll { try queueAccountMarks(read, at: time) }
      let update = try statement(
        "UPDATE items SET read = ?2, changed = artfeed_note(id, ?1) WHERE read != ?2 AND "
          + (scanItems ? "+id IN temp.chosen" : "id IN temp.chosen"))
      update.bind(1, time)
      update.bind(2, read ? 1 : 0)
      var noted = try db.noting { () throws(StateError) in try update.run() }
      if read, noted.count < chosen {
        let insert = try statement(
          """
          INSERT INTO items(id, read, first_seen, changed)
          SELECT id, 1, ?1, artfeed_note(id, ?1) FROM temp.chosen
          WHERE id NOT IN (SELECT id FROM items)
          """)
        insert.bind(1, time)
        noted += try db.noting { () throws(StateError) in try insert.run() }
      }
      return noted
    }
    let changed = noted.map(ItemKey.init(rawValue:))
    guard !changed.isEmpty else { return changed }
    let memberships = try db.integer("SELECT coalesce(sum(item_count), 0) FROM feeds") ?? 0
    if Int64(changed.count) * 16 < memberships {
      // A few items: each membership changed adjusts its feed's count.
      let copy = try statement(
        """
        UPDATE memberships SET unread = ?1 WHERE item IN temp.chosen AND unread != ?1
        RETURNING feed, current
        """)
      copy.bind(1, read ? 0 : 1)
      var perFeed: [Int64: Int64] = [:]
      do {
        defer { copy.reset() }
        while try copy.step() {
          if copy.int64(1) != 0 { perFeed[copy.int64(0), default: 0] += 1 }
        }
      }
      let adjust = try statement("UPDATE feeds SET unread_count = unread_count + ?2 WHERE id = ?1")
      for (feed, count) in perFeed {
        adjust.bind(1, feed)
        adjust.bind(2, read ? -count : count)
        try adjust.run()
      }
    } else {
      // Many: RETURNING would make SQLite update in two passes (twice the work); counting
      // every feed's unread again is one pass over the memberships, far less. Most of them:
      // a pass over the memberships asking `temp.chosen` costs less than a seek of the item
      // index and then of the row for each (docs/adr/0114).
      let copy = try statement(
        "UPDATE memberships SET unread = ?1 WHERE "
          + (Int64(chosen) * 2 >= memberships ? "+item IN temp.chosen" : "item IN temp.chosen")
          + " AND unread != ?1")
      copy.bind(1, read ? 0 : 1)
      try copy.run()
      try db.execute(
        """
        UPDATE feeds SET unread_count =
          (SELECT coalesce(sum(unread), 0) FROM memberships WHERE feed = feeds.id AND current)
        """)
    }
    return changed
  }

  /// Queues the marks that setting the read flag of the items in `temp.chosen` to `read`
  /// makes for the sync accounts' items, as the triggers of schema version 4 would
  /// (docs/adr/0131): one row for each account item whose flag changes (an item not
  /// recorded yet is unread), in the order of the items, unless `sync_quiet` says the
  /// marks came from the server. Runs before the flags change.
  private func queueAccountMarks(_ read: Bool, at time: Int64) throws(StateError) {
    guard try db.integer("SELECT EXISTS (SELECT 1 FROM account_items)") == 1 else { return }
    let queue = try statement(
      """
      INSERT INTO sync_queue(account, action, remote, at)
      SELECT a.account, ?2, a.remote, ?1 FROM temp.chosen c JOIN account_items a ON a.item = c.id
      WHERE coalesce((SELECT read FROM items WHERE id = c.id), 0) != ?3
        AND NOT EXISTS (SELECT 1 FROM sync_quiet)
      ORDER BY c.id
      """)
    queue.bind(1, time)
    queue.bind(2, read ? "read" : "unread")
    queue.bind(3, read ? 1 : 0)
    try queue.run()
  }

  /// A whole feed of a sync account marked read (`A`), past one request's worth of items:
  /// one `mark-all-read` of its stream up to its newest item chosen, instead of a mark per
  /// item that would go out as one `edit-tag` per 250 (docs/adr/0157). Queues nothing and
  /// returns false when the feed is no account's or has fewer items to mark; runs before
  /// the flags change.
  private func queueMarkAllRead(at time: Int64) throws(StateError) -> Bool {
    let changing = try db.integer(
      """
      SELECT count(*) FROM temp.chosen c JOIN account_items a ON a.item = c.id
      WHERE coalesce((SELECT read FROM items WHERE id = c.id), 0) != 1
      """)
    guard (changing ?? 0) >= Self.markAllReadFrom else { return false }
    let queue = try statement(
      """
      INSERT INTO sync_queue(account, action, stream, until, at)
      SELECT a.account, 'mark-all-read', a.stream, max(a.crawled), ?1
      FROM temp.chosen c JOIN account_items a ON a.item = c.id
      WHERE NOT EXISTS (SELECT 1 FROM sync_quiet)
      GROUP BY a.account, a.stream ORDER BY min(c.id)
      """)
    queue.bind(1, time)
    try queue.run()
    return true
  }

  /// Account items of one feed marked read at once from which one `mark-all-read` is
  /// queued: a batch of `edit-tag` (`SyncQueueBatches.batchSize`).
  static let markAllReadFrom = 250

  private func setStarred(_ keys: [ItemKey], _ starred: Bool, at time: Int64) throws(StateError) {
    let star = try statement(
      """
      INSERT INTO items(id, starred, first_seen, changed) VALUES(?1, ?2, ?3, ?3)
      ON CONFLICT(id) DO UPDATE SET starred = ?2, changed = ?3 WHERE starred != ?2
      """)
    for key in keys {
      star.bind(1, key.rawValue)
      star.bind(2, starred ? 1 : 0)
      star.bind(3, time)
      try star.run()
    }
  }

  /// Records that `feed`'s list holds `keys` at `time`, then counts the feed again.
  ///
  /// A membership's `last_seen` is rewritten only when a day old, so reloading a big feed
  /// writes little; pruning allows the same day of slack (`seenSlack`).
  private func observe(
    _ feed: FeedKey, _ keys: [ItemKey], complete: Bool, artists: [Int64?], at time: Int64
  ) throws(StateError) {
    let feedID = try self.feedID(feed)
    let withArtists = artists.count == keys.count && artists.contains { $0 != nil }
    if withArtists {
      try choose(keys, artists: artists)
      let items = try statement(
        """
        INSERT INTO items(id, first_seen, artist) SELECT id, ?1, artist FROM temp.chosen_artists
        WHERE 1 ON CONFLICT DO NOTHING
        """)
      items.bind(1, time)
      try items.run()
      // Items recorded before their artists were (schema version 5) learn them now.
      try statement(
        """
        UPDATE items SET artist = (SELECT artist FROM temp.chosen_artists WHERE id = items.id)
        WHERE id IN (SELECT id FROM temp.chosen_artists WHERE artist IS NOT NULL)
        AND artist IS NULL
        """
      ).run()
    } else {
      try choose(keys)
      let items = try statement(
        "INSERT INTO items(id, first_seen) SELECT id, ?1 FROM temp.chosen WHERE 1 ON CONFLICT DO NOTHING"
      )
      items.bind(1, time)
      try items.run()
    }
    let members = try statement(
      """
      INSERT INTO memberships(feed, item, first_seen, last_seen, unread)
      SELECT ?1, c.id, ?2, ?2, NOT i.read FROM temp.chosen c JOIN items i ON i.id = c.id
      WHERE 1 ON CONFLICT(feed, item) DO UPDATE SET last_seen = excluded.last_seen
      WHERE last_seen < excluded.last_seen - \(Self.seenSlack)
      """)
    members.bind(1, feedID)
    members.bind(2, time)
    try members.run()
    // An item back in the list is current again; with the whole list, those not in it are
    // not (they stay recorded: back later, they are not new).
    let back = try statement(
      "UPDATE memberships SET current = 1 WHERE feed = ?1 AND NOT current AND item IN temp.chosen")
    back.bind(1, feedID)
    try back.run()
    if complete {
      let gone = try statement(
        """
        UPDATE memberships INDEXED BY memberships_current SET current = 0
        WHERE feed = ?1 AND current AND item NOT IN temp.chosen
        """)
      gone.bind(1, feedID)
      try gone.run()
      let observed = try statement("UPDATE feeds SET observed = ?1 WHERE id = ?2")
      observed.bind(1, time)
      observed.bind(2, feedID)
      try observed.run()
    }
    try recount(feedID)
  }

  /// Counts one feed's items, unread and new again.
  func recount(_ feedID: Int64) throws(StateError) {
    let recount = try statement(StateSchema.recountFeeds + " WHERE id = ?")
    recount.bind(1, feedID)
    try recount.run()
  }

  /// Counts every feed again (after pruning or an import, which touch many).
  func recountAll() throws(StateError) {
    try db.execute(StateSchema.recountFeeds)
  }

  /// Seconds a membership's `last_seen` may lag behind the feed's last observation.
  static let seenSlack: Int64 = 86_400

  /// The row id of `feed`, adding the feed if needed (the sync's writes use it too).
  func feedID(_ feed: FeedKey) throws(StateError) -> Int64 {
    let add = try statement("INSERT INTO feeds(key) VALUES(?) ON CONFLICT(key) DO NOTHING")
    add.bind(1, feed.rawValue)
    try add.run()
    let select = try statement("SELECT id FROM feeds WHERE key = ?")
    select.bind(1, feed.rawValue)
    defer { select.reset() }
    guard try select.step() else { throw StateError(.io, "\(path): feed \(feed) vanished") }
    return select.int64(0)
  }

  /// Removes the memberships of items that left their feed before `cutoff`, then the items
  /// left in no feed, except starred items and those of followed artists (whose memberships
  /// stay too: back in the feed, they are not new); notes the time in `state_info`.
  @discardableResult
  public func prune(leftBefore cutoff: Date) throws(StateError) -> Int {
    let time = Int64(cutoff.timeIntervalSince1970)
    return try db.transaction { () throws(StateError) -> Int in
      try chooseFollowedArtists()
      let gone = try statement(
        """
        DELETE FROM memberships WHERE last_seen < ?1
        AND last_seen + \(Self.seenSlack) < (SELECT observed FROM feeds WHERE id = feed)
        AND NOT EXISTS (SELECT 1 FROM items WHERE id = item
          AND (starred OR artist IN temp.followed))
        """)
      gone.bind(1, time)
      try gone.run()
      let items = try statement(
        """
        DELETE FROM items WHERE NOT starred AND first_seen < ?1 AND changed < ?1
        AND (artist IS NULL OR artist NOT IN temp.followed)
        AND NOT EXISTS (SELECT 1 FROM memberships WHERE item = items.id)
        """)
      items.bind(1, time)
      try items.run()
      let pruned = db.changes
      try recountAll()
      try setInfo("pruned", Int64(Date().timeIntervalSince1970))
      return pruned
    }
  }

  /// How long after a prune the next run's start skips its own (`pruneIfDue`).
  public static let pruneInterval: TimeInterval = 12 * 3_600

  /// `prune(leftBefore:)` unless the last prune (`state_info`) was less than `interval`
  /// before `now`; nil when skipped. Every run's start asks for a prune, and on a big file
  /// it reads every item and membership, while what it may remove changes by the day.
  public func pruneIfDue(
    leftBefore cutoff: Date, now: Date = Date(), interval: TimeInterval = pruneInterval
  ) throws(StateError) -> Int? {
    if let last = try info("pruned"),
      now.timeIntervalSince1970 - Double(last) < interval,
      Double(last) <= now.timeIntervalSince1970
    {
      return nil
    }
    return try prune(leftBefore: cutoff)
  }

  /// Fills `temp.followed` with the followed artists' hashes (`ArtistIdentity.hash`).
  private func chooseFollowedArtists() throws(StateError) {
    try db.execute(
      """
      CREATE TEMP TABLE IF NOT EXISTS followed(artist INTEGER PRIMARY KEY);
      DELETE FROM temp.followed;
      """)
    let add = try statement("INSERT OR IGNORE INTO temp.followed(artist) VALUES (?)")
    for follow in try follows() {
      add.bind(1, ArtistIdentity.hash(key: follow.key))
      try add.run()
    }
  }

  /// Sets a fact about the state (`state_info`).
  func setInfo(_ key: String, _ value: Int64) throws(StateError) {
    let set = try statement(
      """
      INSERT INTO state_info(key, value) VALUES (?1, ?2)
      ON CONFLICT(key) DO UPDATE SET value = excluded.value
      """)
    set.bind(1, key)
    set.bind(2, value)
    try set.run()
  }

  /// A fact about the state (`state_info`); nil when not set.
  func info(_ key: String) throws(StateError) -> Int64? {
    let select = try statement("SELECT value FROM state_info WHERE key = ?")
    select.bind(1, key)
    defer { select.reset() }
    return try select.step() ? select.int64(0) : nil
  }

  /// What `artfeed state` says of the database: its size on disk (with the WAL), its items,
  /// how many are starred, when it was last pruned.
  public struct Summary: Sendable, Equatable {
    public var fileBytes: Int
    public var walBytes: Int
    public var items: Int
    public var starred: Int
    public var feeds: Int
    public var follows: Int
    public var pruned: Date?
  }

  public func summary() throws(StateError) -> Summary {
    var info = stat()
    let size = stat(path, &info) == 0 ? Int(info.st_size) : 0
    return Summary(
      fileBytes: size, walBytes: walBytes,
      items: Int(try db.integer("SELECT count(*) FROM items") ?? 0),
      starred: try starredCount(),
      feeds: Int(
        try db.integer("SELECT count(*) FROM feeds WHERE key != 'artfeed:all-items'") ?? 0),
      follows: Int(try db.integer("SELECT count(*) FROM follows") ?? 0),
      pruned: try self.info("pruned").map { Date(timeIntervalSince1970: Double($0)) })
  }
}
