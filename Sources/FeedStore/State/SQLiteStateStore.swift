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

  /// Opens the database at `path` (creating it, mode 0600), migrates it to the latest
  /// version and checks it.
  ///
  /// - Throws: `.corrupt` for a file that is not a sound database (`StateFile.open` moves it
  ///   aside), `.newerVersion`, or why the file cannot be opened.
  public init(path: String, busyTimeout milliseconds: Int32 = 5000) throws(StateError) {
    if path != ":memory:" { Self.createPrivately(path) }
    db = try SQLiteConnection(path: path)
    db.setBusyTimeout(milliseconds: milliseconds)
    try db.execute("PRAGMA temp_store = MEMORY")
    let db = self.db
    try Self.retryingWhileBusy(milliseconds: milliseconds) { () throws(StateError) in
      // Before anything writes (WAL mode changes the header): a newer version stays untouched.
      try StateSchema.refuseNewer(db)
      if path != ":memory:" {
        let mode = try db.text("PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
          throw StateError(.readOnly, "\(path): cannot switch to WAL (journal mode \(mode ?? "?"))")
        }
        try db.execute("PRAGMA synchronous = FULL")
        let check = try db.text("PRAGMA quick_check") ?? ""
        guard check == "ok" else { throw StateError(.corrupt, "\(path): \(check)") }
      }
      try StateSchema.migrate(db)
    }
    try db.execute("CREATE TEMP TABLE IF NOT EXISTS chosen(id INTEGER PRIMARY KEY)")
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

  public func counts() throws(StateError) -> [FeedKey: FeedCounts] {
    let select = try statement(
      """
      SELECT f.key, f.last_visit, count(m.item), coalesce(sum(m.unread), 0),
        coalesce(sum(m.first_seen > coalesce(f.last_visit, -1)), 0)
      FROM feeds f LEFT JOIN memberships m ON m.feed = f.id GROUP BY f.id
      """)
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
    guard !feeds.isEmpty else { return FeedCounts() }
    let lastVisit = try visitTime(of: .allItems)
    let places = Array(repeating: "?", count: feeds.count).joined(separator: ",")
    let select = try db.prepare(
      """
      SELECT count(*), coalesce(sum(unread), 0), coalesce(sum(first_seen > ?1), 0) FROM (
        SELECT m.item, max(m.unread) AS unread, min(m.first_seen) AS first_seen
        FROM feeds f JOIN memberships m ON m.feed = f.id
        WHERE f.key IN (\(places)) GROUP BY m.item)
      """)
    select.bind(1, lastVisit ?? -1)
    for (index, feed) in feeds.enumerated() { select.bind(Int32(index + 2), feed.rawValue) }
    guard try select.step() else { return FeedCounts() }
    return FeedCounts(
      total: Int(select.int64(0)), unread: Int(select.int64(1)), new: Int(select.int64(2)),
      lastVisit: lastVisit.map { Date(timeIntervalSince1970: Double($0)) })
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
        try choose(keys)
        return try setChosenRead(read, at: time)
      case .markFeedRead(let feed):
        try db.execute("DELETE FROM temp.chosen")
        let chooseFeed = try statement(
          """
          INSERT INTO temp.chosen(id) SELECT m.item FROM memberships m JOIN feeds f
          ON f.id = m.feed WHERE f.key = ? AND m.unread
          """)
        chooseFeed.bind(1, feed.rawValue)
        try chooseFeed.run()
        return try setChosenRead(true, at: time)
      case .markAllRead:
        try db.execute(
          "DELETE FROM temp.chosen; INSERT INTO temp.chosen SELECT id FROM items WHERE NOT read")
        return try setChosenRead(true, at: time)
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
        return []
      case .observe(let feed, let keys, let complete):
        try observe(feed, keys, complete: complete, at: time)
        return []
      }
    }
  }

  /// Fills `temp.chosen` with `keys`, sorted (appending to a b-tree is its cheapest insert).
  private func choose(_ keys: [ItemKey]) throws(StateError) {
    try db.execute("DELETE FROM temp.chosen")
    let insert = try statement("INSERT OR IGNORE INTO temp.chosen(id) VALUES(?)")
    for key in keys.sorted() {
      insert.bind(1, key.rawValue)
      try insert.run()
    }
  }

  /// Sets the read flag of the items in `temp.chosen` (adding those not recorded yet) and
  /// their memberships' copy; returns the items whose flag changed.
  private func setChosenRead(_ read: Bool, at time: Int64) throws(StateError) -> [ItemKey] {
    // An UPDATE of the recorded items, then an INSERT of the others: cheaper than one
    // upsert, which tries an insert for every row first.
    let update = try statement(
      "UPDATE items SET read = ?2, changed = ?1 WHERE read != ?2 AND id IN temp.chosen RETURNING id"
    )
    update.bind(1, time)
    update.bind(2, read ? 1 : 0)
    var changed: [ItemKey] = []
    do {
      defer { update.reset() }
      while try update.step() { changed.append(ItemKey(rawValue: update.int64(0))) }
    }
    if read {
      let insert = try statement(
        """
        INSERT INTO items(id, read, first_seen, changed) SELECT id, 1, ?1, ?1 FROM temp.chosen
        WHERE id NOT IN (SELECT id FROM items) RETURNING id
        """)
      insert.bind(1, time)
      defer { insert.reset() }
      while try insert.step() { changed.append(ItemKey(rawValue: insert.int64(0))) }
    }
    let copy = try statement(
      "UPDATE memberships SET unread = ?1 WHERE item IN temp.chosen AND unread != ?1")
    copy.bind(1, read ? 0 : 1)
    try copy.run()
    return changed
  }

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

  /// Records that `feed`'s list holds `keys` at `time`.
  ///
  /// A membership's `last_seen` is rewritten only when a day old, so reloading a big feed
  /// writes little; pruning allows the same day of slack (`seenSlack`).
  private func observe(_ feed: FeedKey, _ keys: [ItemKey], complete: Bool, at time: Int64)
    throws(StateError)
  {
    let feedID = try self.feedID(feed)
    let item = try statement(
      "INSERT INTO items(id, first_seen) VALUES(?1, ?2) ON CONFLICT(id) DO NOTHING")
    let member = try statement(
      """
      INSERT INTO memberships(feed, item, first_seen, last_seen, unread)
      VALUES(?1, ?2, ?3, ?3, (SELECT NOT read FROM items WHERE id = ?2))
      ON CONFLICT(feed, item) DO UPDATE SET last_seen = excluded.last_seen
      WHERE last_seen < excluded.last_seen - \(Self.seenSlack)
      """)
    member.bind(1, feedID)
    for key in keys {
      item.bind(1, key.rawValue)
      item.bind(2, time)
      try item.run()
      member.bind(2, key.rawValue)
      member.bind(3, time)
      try member.run()
    }
    guard complete else { return }
    let observed = try statement("UPDATE feeds SET observed = ?1 WHERE id = ?2")
    observed.bind(1, time)
    observed.bind(2, feedID)
    try observed.run()
  }

  /// Seconds a membership's `last_seen` may lag behind the feed's last observation.
  static let seenSlack: Int64 = 86_400

  /// The row id of `feed`, adding the feed if needed.
  private func feedID(_ feed: FeedKey) throws(StateError) -> Int64 {
    let add = try statement("INSERT INTO feeds(key) VALUES(?) ON CONFLICT(key) DO NOTHING")
    add.bind(1, feed.rawValue)
    try add.run()
    let select = try statement("SELECT id FROM feeds WHERE key = ?")
    select.bind(1, feed.rawValue)
    defer { select.reset() }
    guard try select.step() else { throw StateError(.io, "\(path): feed \(feed) vanished") }
    return select.int64(0)
  }

  @discardableResult
  public func prune(leftBefore cutoff: Date) throws(StateError) -> Int {
    let time = Int64(cutoff.timeIntervalSince1970)
    return try db.transaction { () throws(StateError) -> Int in
      let gone = try statement(
        """
        DELETE FROM memberships WHERE last_seen < ?1
        AND last_seen + \(Self.seenSlack) < (SELECT observed FROM feeds WHERE id = feed)
        """)
      gone.bind(1, time)
      try gone.run()
      let items = try statement(
        """
        DELETE FROM items WHERE NOT starred AND first_seen < ?1 AND changed < ?1
        AND NOT EXISTS (SELECT 1 FROM memberships WHERE item = items.id)
        """)
      items.bind(1, time)
      try items.run()
      return db.changes
    }
  }
}

extension FeedKey {
  /// "All items" as a feed of its own, for its last visit.
  public static let allItems = FeedKey(rawValue: "artfeed:all-items")
}
