import FeedModel
import Foundation

/// An item of a sync account as the state database records it.
package struct AccountItemRecord: Sendable, Equatable {
  package var key: ItemKey
  /// The server's id.
  package var remote: Int64
  /// The server's stream of its feed (`feed/12`).
  package var stream: String
  /// The feed as the state database counts it (memberships).
  package var feed: FeedKey
  /// The server's crawl time, microseconds.
  package var crawled: Int64
  package var read: Bool
  package var starred: Bool

  package init(
    key: ItemKey, remote: Int64, stream: String, feed: FeedKey, crawled: Int64, read: Bool,
    starred: Bool
  ) {
    self.key = key
    self.remote = remote
    self.stream = stream
    self.feed = feed
    self.crawled = crawled
    self.read = read
    self.starred = starred
  }
}

/// A mark waiting to be sent to an account's server, in the order it was made.
package struct QueuedMark: Sendable, Equatable {
  package enum Action: Sendable, Equatable {
    /// One flag of one item.
    case mark(RemoteMark, remote: Int64)
    /// Every item of `stream` crawled up to `until` (microseconds) read.
    case markAllRead(stream: String, until: Int64)
  }

  package var seq: Int64
  package var action: Action
  /// When it was made (Unix seconds).
  package var at: Int64

  package init(seq: Int64, action: Action, at: Int64) {
    self.seq = seq
    self.action = action
    self.at = at
  }
}

/// Where the fetch of a stream stands.
package struct StreamCursor: Sendable, Equatable {
  /// Crawl time (microseconds) of the newest item fetched by a finished run.
  package var newest: Int64 = 0
  /// The newest item of the run under way (becomes `newest` when it finishes).
  package var runTop: Int64 = 0
  /// Where the run under way resumes; nil when none is under way.
  package var continuation: String?
  /// The end of the last finished sync (Unix seconds).
  package var synced: Int64?

  package init(
    newest: Int64 = 0, runTop: Int64 = 0, continuation: String? = nil, synced: Int64? = nil
  ) {
    self.newest = newest
    self.runTop = runTop
    self.continuation = continuation
    self.synced = synced
  }
}

/// What applying the server's read and starred sets changed here.
public struct ReconcileReport: Sendable, Equatable {
  /// Items whose read mark the server changed since the last sync.
  public var read = 0
  /// Items whose star the server changed since the last sync.
  public var starred = 0
  /// Marks made here that a later change on the server replaced (dropped unsent).
  public var conflicts = 0

  public init(read: Int = 0, starred: Int = 0, conflicts: Int = 0) {
    self.read = read
    self.starred = starred
    self.conflicts = conflicts
  }
}

/// The sync accounts' tables (schema version 4, docs/adr/0131): which items are an
/// account's, the queue of marks to send, and how far each stream was fetched.
extension SQLiteStateStore {
  /// Runs `body` in one transaction during which the queue triggers are silent: the marks it
  /// writes came from the server and are not sent back.
  private func quietly<T>(_ body: () throws(StateError) -> T) throws(StateError) -> T {
    try db.transaction { () throws(StateError) -> T in
      try db.execute("INSERT INTO sync_quiet VALUES(1)")
      let result = try body()
      try db.execute("DELETE FROM sync_quiet")
      return result
    }
  }

  /// Records items fetched from `account`'s server. An item not known yet takes the server's
  /// read and starred flags (here and as the server's last known state) and joins its feed's
  /// membership; a known one is left alone (its marks are reconciled from the id sets, and a
  /// mark made here may be waiting to be sent). Returns how many were new.
  @discardableResult
  package func recordAccountItems(_ account: String, _ records: [AccountItemRecord], at now: Date)
    throws(StateError) -> Int
  {
    let time = Int64(now.timeIntervalSince1970)
    return try quietly { () throws(StateError) -> Int in
      let known = try statement(
        """
        INSERT INTO account_items(item, account, remote, stream, crawled, server_read,
          server_starred) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT(item) DO NOTHING
        """)
      let item = try statement(
        """
        INSERT INTO items(id, read, starred, first_seen, changed) VALUES(?1, ?2, ?3, ?4, ?4)
        ON CONFLICT(id) DO UPDATE SET read = excluded.read, starred = excluded.starred,
          changed = excluded.changed
        WHERE read != excluded.read OR starred != excluded.starred
        """)
      let member = try statement(
        """
        INSERT INTO memberships(feed, item, first_seen, last_seen, unread)
        VALUES(?1, ?2, ?3, ?3, ?4) ON CONFLICT(feed, item) DO UPDATE SET unread = excluded.unread
        """)
      var feedIDs: [FeedKey: Int64] = [:]
      var added = 0
      for record in records {
        known.bind(1, record.key.rawValue)
        known.bind(2, account)
        known.bind(3, record.remote)
        known.bind(4, record.stream)
        known.bind(5, record.crawled)
        known.bind(6, record.read ? 1 : 0)
        known.bind(7, record.starred ? 1 : 0)
        try known.run()
        guard db.changes > 0 else { continue }
        added += 1
        item.bind(1, record.key.rawValue)
        item.bind(2, record.read ? 1 : 0)
        item.bind(3, record.starred ? 1 : 0)
        item.bind(4, time)
        try item.run()
        let feedID: Int64
        if let known = feedIDs[record.feed] {
          feedID = known
        } else {
          feedID = try self.feedID(record.feed)
          feedIDs[record.feed] = feedID
        }
        member.bind(1, feedID)
        member.bind(2, record.key.rawValue)
        member.bind(3, time)
        member.bind(4, record.read ? 0 : 1)
        try member.run()
      }
      for feedID in feedIDs.values { try recount(feedID) }
      return added
    }
  }

  /// Applies the server's unread and starred id sets to `account`'s known items, in one
  /// transaction.
  ///
  /// A flag the server changed since the last sync (it differs from the recorded server
  /// state) is a change made elsewhere: it is applied here, and a mark of the same flag of
  /// the same item still waiting in the queue is dropped, since the server's change is the
  /// later one as far as artfeed can know (docs/adr/0132). Flags the server did not change
  /// keep what was marked here (its queued mark goes out next).
  ///
  /// `sent` are the batches artfeed sent whose answer never came (a timeout, a quit, a kill
  /// after the server applied them): a flag the server changed to what one of them asked,
  /// while a mark of that flag of the item is still queued, is artfeed's own echo, not a
  /// change made elsewhere. Its recorded server state follows, and the queue keeps its
  /// marks, so the reader's later mark is the one that goes out (docs/adr/0157).
  package func reconcile(
    _ account: String, unread: [Int64], starred: [Int64], sent: [SentAction] = [], at now: Date
  ) throws(StateError) -> ReconcileReport {
    let time = Int64(now.timeIntervalSince1970)
    return try quietly { () throws(StateError) -> ReconcileReport in
      try db.execute(
        """
        CREATE TEMP TABLE IF NOT EXISTS server_unread(remote INTEGER PRIMARY KEY);
        CREATE TEMP TABLE IF NOT EXISTS server_starred(remote INTEGER PRIMARY KEY);
        CREATE TEMP TABLE IF NOT EXISTS server_changed(
          item INTEGER PRIMARY KEY, remote INTEGER NOT NULL, value INTEGER NOT NULL);
        CREATE TEMP TABLE IF NOT EXISTS server_echo(
          item INTEGER PRIMARY KEY, value INTEGER NOT NULL);
        CREATE TEMP TABLE IF NOT EXISTS sent_marks(
          action TEXT NOT NULL, remote INTEGER, stream TEXT, until INTEGER);
        DELETE FROM temp.server_unread; DELETE FROM temp.server_starred;
        DELETE FROM temp.sent_marks;
        """)
      try fill("temp.server_unread", with: unread)
      try fill("temp.server_starred", with: starred)
      try fillSent(sent)
      var report = ReconcileReport()
      let read = try applyServerFlag(
        account, column: "read", value: "(remote NOT IN temp.server_unread)",
        on: .read, off: .unread, at: time)
      report.read = read.changed
      let star = try applyServerFlag(
        account, column: "starred", value: "(remote IN temp.server_starred)",
        on: .star, off: .unstar, at: time)
      report.starred = star.changed
      report.conflicts = read.conflicts + star.conflicts
      return report
    }
  }

  private func fill(_ table: String, with ids: [Int64]) throws(StateError) {
    let insert = try db.prepare("INSERT OR IGNORE INTO \(table)(remote) VALUES(?)")
    for id in ids.sorted() {
      insert.bind(1, id)
      try insert.run()
    }
  }

  private func fillSent(_ sent: [SentAction]) throws(StateError) {
    let insert = try db.prepare(
      "INSERT INTO temp.sent_marks(action, remote, stream, until) VALUES(?1, ?2, ?3, ?4)")
    for action in sent {
      switch action {
      case .mark(let mark, let remotes):
        for remote in remotes {
          insert.bind(1, mark.rawValue)
          insert.bind(2, remote)
          insert.bind(3, nil as Int64?)
          insert.bind(4, nil as Int64?)
          try insert.run()
        }
      case .markAllRead(let stream, let until):
        insert.bind(1, "mark-all-read")
        insert.bind(2, nil as Int64?)
        insert.bind(3, stream)
        insert.bind(4, until)
        try insert.run()
      }
    }
  }

  /// One flag of `reconcile`: the items whose server value changed go to
  /// `temp.server_changed`; artfeed's own echoes among them (`temp.sent_marks`) only update
  /// the recorded server state; for the rest, their queued marks of that flag are dropped,
  /// and the new value becomes both the item's and the recorded server state.
  private func applyServerFlag(
    _ account: String, column: String, value: String, on: RemoteMark, off: RemoteMark,
    at time: Int64
  ) throws(StateError) -> (changed: Int, conflicts: Int) {
    let actions = "'\(on.rawValue)', '\(off.rawValue)'"
    try db.execute("DELETE FROM temp.server_changed; DELETE FROM temp.server_echo")
    let changed = try db.prepare(
      """
      INSERT INTO temp.server_changed(item, remote, value)
      SELECT item, remote, \(value) FROM account_items
      WHERE account = ?1 AND server_\(column) != \(value)
      """)
    changed.bind(1, account)
    try changed.run()
    guard db.changes > 0 else { return (0, 0) }
    // A mark-all-read covers an item of its stream (every stream for the reading list)
    // crawled up to its `until`; it only ever marks read.
    let covers = { (table: String) in
      """
      (\(column == "read" ? "c.value" : "0") AND EXISTS (SELECT 1 FROM \(table) WHERE \(
        table == "sync_queue" ? "account = ?1 AND " : "")action = 'mark-all-read'
        AND a.crawled <= until AND (stream = a.stream
          OR stream = 'user/-/state/com.google/reading-list')))
      """
    }
    let echo = try db.prepare(
      """
      INSERT INTO temp.server_echo(item, value)
      SELECT c.item, c.value FROM temp.server_changed c JOIN account_items a ON a.item = c.item
      WHERE (EXISTS (SELECT 1 FROM temp.sent_marks WHERE remote = c.remote
          AND action = CASE WHEN c.value THEN '\(on.rawValue)' ELSE '\(off.rawValue)' END)
        OR \(covers("temp.sent_marks")))
      AND (EXISTS (SELECT 1 FROM sync_queue WHERE account = ?1 AND remote = c.remote
          AND action IN (\(actions)))
        OR \(covers("sync_queue")))
      """)
    echo.bind(1, account)
    try echo.run()
    if db.changes > 0 {
      try db.execute(
        """
        UPDATE account_items SET server_\(column) = e.value FROM temp.server_echo e
        WHERE account_items.item = e.item;
        DELETE FROM temp.server_changed WHERE item IN (SELECT item FROM temp.server_echo);
        """)
    }
    let count = try db.integer("SELECT count(*) FROM temp.server_changed") ?? 0
    guard count > 0 else { return (0, 0) }
    let drop = try db.prepare(
      """
      DELETE FROM sync_queue WHERE account = ?1 AND action IN (\(actions))
      AND remote IN (SELECT remote FROM temp.server_changed)
      """)
    drop.bind(1, account)
    try drop.run()
    let conflicts = db.changes
    let apply = try db.prepare(
      """
      UPDATE items SET \(column) = c.value, changed = ?1 FROM temp.server_changed c
      WHERE items.id = c.item AND items.\(column) != c.value
      """)
    apply.bind(1, time)
    try apply.run()
    if column == "read" {
      try db.execute(
        """
        UPDATE memberships SET unread = NOT c.value FROM temp.server_changed c
        WHERE memberships.item = c.item AND memberships.unread != (NOT c.value)
        """)
      try recountFeeds(ofItemsIn: "temp.server_changed")
    }
    try db.execute(
      """
      UPDATE account_items SET server_\(column) = c.value FROM temp.server_changed c
      WHERE account_items.item = c.item
      """)
    return (Int(count), conflicts)
  }

  /// Forgets `account`'s items the server no longer lists (`kept`: every id it does): their
  /// rows, memberships and queued marks go, and their feeds are counted again (their marks
  /// stay, pruned in time as any item's). Returns the server ids forgotten.
  package func forgetItems(_ account: String, keeping kept: [Int64]) throws(StateError)
    -> [Int64]
  {
    try db.transaction { () throws(StateError) -> [Int64] in
      try db.execute(
        """
        CREATE TEMP TABLE IF NOT EXISTS server_all(remote INTEGER PRIMARY KEY);
        CREATE TEMP TABLE IF NOT EXISTS server_gone(
          item INTEGER PRIMARY KEY, remote INTEGER NOT NULL);
        CREATE TEMP TABLE IF NOT EXISTS gone_feeds(id INTEGER PRIMARY KEY);
        DELETE FROM temp.server_all; DELETE FROM temp.server_gone; DELETE FROM temp.gone_feeds;
        """)
      try fill("temp.server_all", with: kept)
      let gone = try db.prepare(
        """
        INSERT INTO temp.server_gone(item, remote) SELECT item, remote FROM account_items
        WHERE account = ?1 AND remote NOT IN temp.server_all
        """)
      gone.bind(1, account)
      try gone.run()
      guard db.changes > 0 else { return [] }
      let queue = try db.prepare(
        """
        DELETE FROM sync_queue WHERE account = ?1
        AND remote IN (SELECT remote FROM temp.server_gone)
        """)
      queue.bind(1, account)
      try queue.run()
      try db.execute(
        """
        INSERT OR IGNORE INTO temp.gone_feeds(id)
          SELECT DISTINCT feed FROM memberships WHERE item IN (SELECT item FROM temp.server_gone);
        DELETE FROM memberships WHERE item IN (SELECT item FROM temp.server_gone);
        DELETE FROM account_items WHERE item IN (SELECT item FROM temp.server_gone);
        """)
      try db.execute(StateSchema.recountFeeds + " WHERE id IN (SELECT id FROM temp.gone_feeds)")
      let select = try db.prepare("SELECT remote FROM temp.server_gone ORDER BY remote")
      var remotes: [Int64] = []
      while try select.step() { remotes.append(select.int64(0)) }
      return remotes
    }
  }

  /// `account`'s queued marks, oldest first (at most `limit`).
  package func queuedMarks(_ account: String, limit: Int = 1_000_000) throws(StateError)
    -> [QueuedMark]
  {
    let select = try statement(
      """
      SELECT seq, action, remote, stream, until, at FROM sync_queue WHERE account = ?1
      ORDER BY seq LIMIT ?2
      """)
    select.bind(1, account)
    select.bind(2, Int64(limit))
    defer { select.reset() }
    var marks: [QueuedMark] = []
    while try select.step() {
      let name = select.text(1) ?? ""
      let action: QueuedMark.Action
      if name == "mark-all-read" {
        action = .markAllRead(stream: select.text(3) ?? "", until: select.int64(4))
      } else if let mark = RemoteMark(rawValue: name) {
        action = .mark(mark, remote: select.int64(2))
      } else {
        continue
      }
      marks.append(QueuedMark(seq: select.int64(0), action: action, at: select.int64(5)))
    }
    return marks
  }

  /// Marks waiting to be sent for `account`.
  package func queuedCount(_ account: String) throws(StateError) -> Int {
    let count = try statement("SELECT count(*) FROM sync_queue WHERE account = ?1")
    count.bind(1, account)
    defer { count.reset() }
    return try count.step() ? Int(count.int64(0)) : 0
  }

  /// The server took `action`: the queue entries `seqs` go, and the recorded server state of
  /// the items it covered becomes what was sent.
  package func markSent(_ account: String, seqs: [Int64], action: SentAction) throws(StateError) {
    try db.transaction { () throws(StateError) in
      let delete = try statement("DELETE FROM sync_queue WHERE seq = ?1")
      for seq in seqs {
        delete.bind(1, seq)
        try delete.run()
      }
      switch action {
      case .mark(let mark, let remotes):
        let column = mark == .read || mark == .unread ? "server_read" : "server_starred"
        let value: Int64 = mark == .read || mark == .star ? 1 : 0
        let update = try db.prepare(
          "UPDATE account_items SET \(column) = ?1 WHERE account = ?2 AND remote = ?3")
        update.bind(1, value)
        update.bind(2, account)
        for remote in remotes {
          update.bind(3, remote)
          try update.run()
        }
      case .markAllRead(let stream, let until):
        let update = try statement(
          """
          UPDATE account_items SET server_read = 1 WHERE account = ?1 AND crawled <= ?3
          AND (stream = ?2 OR ?2 = 'user/-/state/com.google/reading-list')
          """)
        update.bind(1, account)
        update.bind(2, stream)
        update.bind(3, until)
        try update.run()
      }
    }
  }

  /// What a sent batch was, for `markSent`.
  package enum SentAction: Sendable, Equatable {
    case mark(RemoteMark, remotes: [Int64])
    case markAllRead(stream: String, until: Int64)
  }

  /// Marks every item of `stream` (a feed's, or the reading list for all) crawled up to
  /// `until` read here and queues one `mark-all-as-read` for the server, in one transaction.
  /// Returns how many items it marked read here.
  package func queueMarkAllRead(_ account: String, stream: String, until: Int64, at now: Date)
    throws(StateError) -> Int
  {
    let time = Int64(now.timeIntervalSince1970)
    return try quietly { () throws(StateError) -> Int in
      let queue = try statement(
        """
        INSERT INTO sync_queue(account, action, stream, until, at)
        VALUES(?1, 'mark-all-read', ?2, ?3, ?4)
        """)
      queue.bind(1, account)
      queue.bind(2, stream)
      queue.bind(3, until)
      queue.bind(4, time)
      try queue.run()
      let chosen = try statement(
        """
        INSERT INTO temp.chosen(id) SELECT item FROM account_items WHERE account = ?1
        AND crawled <= ?3 AND (stream = ?2 OR ?2 = 'user/-/state/com.google/reading-list')
        """)
      try db.execute("DELETE FROM temp.chosen")
      chosen.bind(1, account)
      chosen.bind(2, stream)
      chosen.bind(3, until)
      try chosen.run()
      let update = try statement(
        "UPDATE items SET read = 1, changed = ?1 WHERE NOT read AND id IN temp.chosen")
      update.bind(1, time)
      try update.run()
      let marked = db.changes
      try db.execute("UPDATE memberships SET unread = 0 WHERE unread AND item IN temp.chosen")
      try recountFeeds(ofItemsIn: "temp.chosen")
      return marked
    }
  }

  /// The newest crawl time (microseconds) of `account`'s items in `stream` (every stream for
  /// the reading list); 0 when none.
  package func newestCrawl(_ account: String, stream: String) throws(StateError) -> Int64 {
    let select = try statement(
      """
      SELECT coalesce(max(crawled), 0) FROM account_items WHERE account = ?1
      AND (stream = ?2 OR ?2 = 'user/-/state/com.google/reading-list')
      """)
    select.bind(1, account)
    select.bind(2, stream)
    defer { select.reset() }
    return try select.step() ? select.int64(0) : 0
  }

  /// How far `stream` of `account` was fetched.
  package func streamCursor(_ account: String, stream: String) throws(StateError) -> StreamCursor {
    let select = try statement(
      """
      SELECT newest, run_top, continuation, synced FROM sync_streams
      WHERE account = ?1 AND stream = ?2
      """)
    select.bind(1, account)
    select.bind(2, stream)
    defer { select.reset() }
    guard try select.step() else { return StreamCursor() }
    return StreamCursor(
      newest: select.int64(0), runTop: select.int64(1), continuation: select.text(2),
      synced: select.isNull(3) ? nil : select.int64(3))
  }

  package func saveStreamCursor(_ account: String, stream: String, _ cursor: StreamCursor)
    throws(StateError)
  {
    try db.transaction { () throws(StateError) in
      let save = try statement(
        """
        INSERT INTO sync_streams(account, stream, newest, run_top, continuation, synced)
        VALUES(?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(account, stream) DO UPDATE SET
          newest = excluded.newest, run_top = excluded.run_top,
          continuation = excluded.continuation, synced = excluded.synced
        """)
      save.bind(1, account)
      save.bind(2, stream)
      save.bind(3, cursor.newest)
      save.bind(4, cursor.runTop)
      if let continuation = cursor.continuation {
        save.bind(5, continuation)
      } else {
        save.bind(5, nil as Int64?)
      }
      save.bind(6, cursor.synced)
      try save.run()
    }
  }

  /// True when `account`'s item `remote` is recorded.
  package func isKnown(_ account: String, remote: Int64) throws(StateError) -> Bool {
    let select = try statement(
      "SELECT 1 FROM account_items WHERE account = ?1 AND remote = ?2 LIMIT 1")
    select.bind(1, account)
    select.bind(2, remote)
    defer { select.reset() }
    return try select.step()
  }

  /// Items recorded for `account`.
  package func accountItemCount(_ account: String) throws(StateError) -> Int {
    let count = try statement("SELECT count(*) FROM account_items WHERE account = ?1")
    count.bind(1, account)
    defer { count.reset() }
    return try count.step() ? Int(count.int64(0)) : 0
  }

  /// Forgets `account`: its item map, queue and cursors, and the memberships of its feeds
  /// (so its items are pruned in time; their marks stay until then).
  package func forgetAccount(_ account: String, feeds: [FeedKey]) throws(StateError) {
    try db.transaction { () throws(StateError) in
      for table in ["account_items", "sync_queue", "sync_streams"] {
        let delete = try db.prepare("DELETE FROM \(table) WHERE account = ?1")
        delete.bind(1, account)
        try delete.run()
      }
      try dropMemberships(of: feeds)
    }
  }

  /// Forgets the items of `account`'s feeds `streams` (gone from the server, or
  /// unsubscribed) and the memberships of their keys.
  package func forgetFeeds(_ account: String, streams: [String], _ keys: [FeedKey])
    throws(StateError)
  {
    try db.transaction { () throws(StateError) in
      let items = try statement("DELETE FROM account_items WHERE account = ?1 AND stream = ?2")
      items.bind(1, account)
      for stream in streams {
        items.bind(2, stream)
        try items.run()
      }
      try dropMemberships(of: keys)
    }
  }

  /// Deletes the memberships of `feeds` and counts them again (to nothing).
  private func dropMemberships(of feeds: [FeedKey]) throws(StateError) {
    let members = try statement(
      "DELETE FROM memberships WHERE feed = (SELECT id FROM feeds WHERE key = ?1)")
    let feedID = try statement("SELECT id FROM feeds WHERE key = ?1")
    for feed in feeds {
      members.bind(1, feed.rawValue)
      try members.run()
      feedID.bind(1, feed.rawValue)
      let id: Int64? = try feedID.step() ? feedID.int64(0) : nil
      feedID.reset()
      if let id { try recount(id) }
    }
  }

  /// Counts again the feeds holding the items of `table` (a temporary table with an `item`
  /// or `id` column of item keys): their unread counts follow the marks just written.
  private func recountFeeds(ofItemsIn table: String) throws(StateError) {
    let column = table == "temp.chosen" ? "id" : "item"
    try db.execute(
      StateSchema.recountFeeds
        + " WHERE id IN (SELECT DISTINCT feed FROM memberships WHERE item IN (SELECT \(column) FROM \(table)))"
    )
  }
}
