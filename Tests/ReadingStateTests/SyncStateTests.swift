import Foundation
import Testing

@testable import FeedModel
@testable import ReadingState
@testable import Sync

/// The sync tables of schema version 3: the queue the triggers fill, the server's id sets
/// applied with the conflict rule, and what sending settles.
@Suite("Sync state: queue, reconcile, sent marks")
struct SyncStateTests {
  /// A store with account "a" holding items 1...4 (remote ids 101...104, feed/1), unread and
  /// unstarred on the server, and a local item 9 of another feed.
  func store() throws -> (StateScratch, SQLiteStateStore) {
    let scratch = try StateScratch()
    let store = try scratch.open()
    let records = (1...4).map { (n: Int64) in
      AccountItemRecord(
        key: ItemKey(rawValue: n), remote: 100 + n, stream: "feed/1", feed: feedA,
        crawled: 1_000_000 * n, read: false, starred: false)
    }
    #expect(try store.recordAccountItems("a", records, at: at(0)) == 4)
    try store.apply(.observe(feedB, keys(9...9), complete: true), at: at(0))
    // The feed's counts (kept per feed since version 3) include the account's items.
    #expect(try store.counts()[feedA].map { ($0.total, $0.unread) } ?? (0, 0) == (4, 4))
    return (scratch, store)
  }

  @Test("marking an account's item queues it, in order; other items and repeats queue nothing")
  func triggersQueue() throws {
    let (_, store) = try store()
    #expect(try store.queuedMarks("a").isEmpty, "recording the server's items queues nothing")
    try store.apply(.setRead(keys(1...2), true), at: at(10))
    try store.apply(.setStarred(keys(3...3), true), at: at(11))
    try store.apply(.setRead(keys(9...9), true), at: at(12))
    try store.apply(.setRead(keys(1...1), true), at: at(13))
    try store.apply(.setRead(keys(1...1), false), at: at(14))
    let queued = try store.queuedMarks("a").map(\.action)
    #expect(
      queued == [
        .mark(.read, remote: 101), .mark(.read, remote: 102), .mark(.star, remote: 103),
        .mark(.unread, remote: 101),
      ])
    #expect(
      try store.queuedMarks("a").map(\.at)
        == [at(10), at(10), at(11), at(14)].map {
          Int64($0.timeIntervalSince1970)
        })
    // A bulk mark of everything queues only the account's unread items.
    try store.apply(.markAllRead, at: at(20))
    #expect(try store.queuedCount("a") == 4 + 3)
  }

  /// Read marks through `apply` turn the triggers off and queue the account items' marks
  /// themselves (a table with triggers is updated in two passes). Each step is done through
  /// `apply` in one store and as plain SQL in another, where the triggers queue; the queues
  /// and the items must agree. With 4 account items among 1,500 others the bulk marks seek
  /// each item; with 1,500 they pass over the table.
  @Test(
    "read marks queue what the triggers queue, on either plan, and the triggers stay on after",
    arguments: [Int64(4), 1_500])
  func queueMatchesTriggers(accountItems: Int64) throws {
    func make() throws -> (StateScratch, SQLiteStateStore) {
      let scratch = try StateScratch()
      let store = try scratch.open()
      let records = (1...accountItems).map { (n: Int64) in
        AccountItemRecord(
          key: ItemKey(rawValue: n), remote: 10_000 + n, stream: "feed/1", feed: feedA,
          crawled: n, read: n % 3 == 0, starred: false)
      }
      try store.recordAccountItems("a", records, at: at(0))
      try store.apply(.observe(feedB, keys(5_001...6_500), complete: true), at: at(0))
      return (scratch, store)
    }
    let (scratchA, viaApply) = try make()
    let (scratchB, viaTriggers) = try make()
    defer { withExtendedLifetime((scratchA, scratchB)) {} }
    let accountKeys = keys(1...accountItems)
    let unrecorded = keys(9_001...9_010)
    /// The same change as `apply(.setRead(keys, read))` in plain SQL, which the triggers
    /// see: marked read, an item not recorded yet is added (read); unread, it stays away.
    func upsert(_ keys: [ItemKey], _ read: Bool, _ time: Int) throws {
      let seconds = Int64(at(time).timeIntervalSince1970)
      for key in keys {
        try viaTriggers.db.execute(
          read
            ? """
            INSERT INTO items(id, read, first_seen, changed) VALUES(\(key.rawValue), 1, \(seconds),
              \(seconds)) ON CONFLICT(id) DO UPDATE SET read = 1, changed = \(seconds) WHERE NOT read
            """
            : "UPDATE items SET read = 0, changed = \(seconds) WHERE id = \(key.rawValue) AND read")
      }
    }
    func rows(_ store: SQLiteStateStore, _ sql: String, columns: Int32) throws -> [String] {
      let select = try store.db.prepare(sql)
      var found: [String] = []
      while try select.step() {
        found.append((0..<columns).map { select.text($0) ?? "NULL" }.joined(separator: "|"))
      }
      return found
    }
    func expectSame(_ step: String) throws {
      let queue = "SELECT account, action, remote, stream, until, at FROM sync_queue ORDER BY seq"
      let items = "SELECT id, read, starred, changed FROM items ORDER BY id"
      for (sql, columns) in [(queue, Int32(6)), (items, 4)] {
        let (mine, theirs) = (
          try rows(viaApply, sql, columns: columns), try rows(viaTriggers, sql, columns: columns)
        )
        let first = zip(mine, theirs).first { $0 != $1 }
        #expect(
          mine == theirs,
          "after \(step): \(mine.count) rows against \(theirs.count), first difference \(String(describing: first))"
        )
      }
    }
    let steps: [(String, [ItemKey], Bool)] = [
      ("a few read", keys(1...2) + keys(5_001...5_001), true),
      ("every item read", accountKeys + keys(5_001...6_500) + unrecorded, true),
      ("half unread", Array(accountKeys.prefix(Int(accountItems / 2 + 1))), false),
      ("one unread", keys(2...2), false),
      ("unrecorded unread", keys(9_101...9_103), false),
    ]
    for (time, (name, keys, read)) in steps.enumerated() {
      try viaApply.apply(.setRead(keys, read), at: at(10 + time))
      try upsert(keys, read, 10 + time)
      try expectSame(name)
    }
    #expect(try viaApply.queuedCount("a") > 0)
    // The triggers are on again: a star and a single mark queue through them.
    try viaApply.apply(.setStarred(keys(1...1), true), at: at(20))
    try viaTriggers.apply(.setStarred(keys(1...1), true), at: at(20))
    try viaApply.db.execute("UPDATE items SET read = 1, changed = 5 WHERE id = 2")
    try viaTriggers.db.execute("UPDATE items SET read = 1, changed = 5 WHERE id = 2")
    try expectSame("a star and a plain update")
    #expect(
      try rows(viaApply, "SELECT action FROM sync_queue ORDER BY seq DESC LIMIT 2", columns: 1)
        == ["read", "star"])
    // A mark of everything, and marks while the server's marks are being applied (quiet).
    try viaApply.apply(.markAllRead, at: at(30))
    try viaTriggers.db.execute(
      "UPDATE items SET read = 1, changed = \(Int64(at(30).timeIntervalSince1970)) WHERE NOT read")
    try expectSame("all read")
    for store in [viaApply, viaTriggers] {
      try store.db.execute("INSERT INTO sync_quiet VALUES(1)")
    }
    try viaApply.apply(.setRead(accountKeys, false), at: at(40))
    try upsert(accountKeys, false, 40)
    try expectSame("unread while quiet")
  }

  @Test("the server's changes apply here and a queued mark of the same flag is dropped")
  func reconcileConflicts() throws {
    let (_, store) = try store()
    // Here: 1 read, 2 read then unread (net: as the server had it), 3 starred.
    try store.apply(.setRead(keys(1...2), true), at: at(10))
    try store.apply(.setRead(keys(2...2), false), at: at(11))
    try store.apply(.setStarred(keys(3...3), true), at: at(12))
    // There: 1 starred (another flag), 2 read (the later action), 4 read.
    let report = try store.reconcile(
      "a", unread: [101, 103], starred: [101], at: at(20))
    #expect(report == ReconcileReport(read: 2, starred: 1, conflicts: 2))
    let marks = try store.marks(of: keys(1...4))
    #expect(
      marks[ItemKey(rawValue: 1)]?.read == true && marks[ItemKey(rawValue: 1)]?.starred == true)
    #expect(marks[ItemKey(rawValue: 2)]?.read == true)
    #expect(
      marks[ItemKey(rawValue: 3)]?.starred == true && marks[ItemKey(rawValue: 3)]?.read == false)
    #expect(marks[ItemKey(rawValue: 4)]?.read == true)
    // Still to send: 1 read (the server did not change read), 3 starred.
    #expect(
      try store.queuedMarks("a").map(\.action) == [
        .mark(.read, remote: 101), .mark(.star, remote: 103),
      ])
    // Counts follow: feed A has 1 unread left (item 3).
    #expect(try store.counts()[feedA]?.unread == 1)
    // Applying the same sets again changes nothing.
    #expect(
      try store.reconcile("a", unread: [101, 103], starred: [101], at: at(30)) == ReconcileReport())
  }

  @Test("a sent batch leaves the queue and becomes the server state it is compared with")
  func markSent() throws {
    let (_, store) = try store()
    try store.apply(.setRead(keys(1...2), true), at: at(10))
    let queue = try store.queuedMarks("a")
    let batches = SyncQueueBatches.batches(queue)
    #expect(batches.count == 1)
    try store.markSent("a", seqs: batches[0].seqs, action: batches[0].action)
    #expect(try store.queuedCount("a") == 0)
    // The server reports them read: nothing changed there, nothing to apply.
    #expect(
      try store.reconcile("a", unread: [103, 104], starred: [], at: at(20)) == ReconcileReport())
    // The server reports 1 unread again: a change made there, applied here.
    #expect(try store.reconcile("a", unread: [101, 103, 104], starred: [], at: at(30)).read == 1)
    #expect(try store.marks(of: keys(1...1))[ItemKey(rawValue: 1)]?.read == false)
    #expect(try store.queuedCount("a") == 0, "a change from the server is not sent back")
  }

  @Test("mark-all-read queues one entry, marks here at once, and settles the items it covered")
  func markAllRead() throws {
    let (_, store) = try store()
    #expect(try store.newestCrawl("a", stream: "feed/1") == 4_000_000)
    #expect(try store.queueMarkAllRead("a", stream: "feed/1", until: 3_000_000, at: at(10)) == 3)
    #expect(try store.counts()[feedA]?.unread == 1)
    #expect(try store.marks(of: keys(4...4))[ItemKey(rawValue: 4)]?.read == false)
    let queue = try store.queuedMarks("a")
    #expect(queue.map(\.action) == [.markAllRead(stream: "feed/1", until: 3_000_000)])
    try store.markSent(
      "a", seqs: queue.map(\.seq), action: .markAllRead(stream: "feed/1", until: 3_000_000))
    #expect(try store.reconcile("a", unread: [104], starred: [], at: at(20)) == ReconcileReport())
  }

  @Test("a whole account feed marked read queues one mark-all-read past a request's worth")
  func wholeFeedRead() throws {
    let scratch = try StateScratch()
    let store = try scratch.open()
    let count = Int64(SQLiteStateStore.markAllReadFrom)
    let records = (1...count).map { (n: Int64) in
      AccountItemRecord(
        key: ItemKey(rawValue: n), remote: 1000 + n, stream: "feed/1", feed: feedA,
        crawled: 1_000 * n, read: n == count, starred: false)
    }
    try store.recordAccountItems("a", records, at: at(0))
    // One short of the bound (the newest is read already): a mark per item, as before.
    try store.apply(.markFeedRead(feedA), at: at(10))
    #expect(try store.queuedCount("a") == Int(count) - 1)
    // Unread again, newest included: one mark-all-read up to the newest, and the marks here.
    try store.apply(.setRead(keys(1...count), false), at: at(20))
    let before = try store.queuedCount("a")
    try store.apply(.markFeedRead(feedA), at: at(30))
    let queue = try store.queuedMarks("a").map(\.action)
    #expect(queue.count == before + 1)
    #expect(queue.last == .markAllRead(stream: "feed/1", until: 1_000 * count))
    #expect(try store.counts()[feedA]?.unread == 0)
  }

  @Test("stream cursors round-trip; forgetting an account drops its rows, not its marks")
  func cursorsAndForget() throws {
    let (_, store) = try store()
    let cursor = StreamCursor(newest: 5, runTop: 9, continuation: "c1", synced: 77)
    try store.saveStreamCursor("a", stream: "s", cursor)
    #expect(try store.streamCursor("a", stream: "s") == cursor)
    #expect(try store.streamCursor("b", stream: "s") == StreamCursor())
    try store.apply(.setStarred(keys(1...1), true), at: at(10))
    try store.forgetAccount("a", feeds: [feedA])
    #expect(try store.accountItemCount("a") == 0 && store.queuedCount("a") == 0)
    #expect(try store.streamCursor("a", stream: "s") == StreamCursor())
    #expect(try store.marks(of: keys(1...1))[ItemKey(rawValue: 1)]?.starred == true)
    #expect(try store.counts()[feedA]?.total == 0)
  }

  @Test("a version 2 database upgrades to the latest with its marks, and takes queue entries")
  func upgradeFromVersion2() throws {
    let scratch = try StateScratch()
    do {
      let raw = try SQLiteConnection(path: scratch.path)
      try StateSchema.migrate(raw, to: 2)
      try raw.execute(
        "INSERT INTO items(id, read, starred, first_seen, changed) VALUES(1, 1, 0, 5, 5)")
    }
    let store = try scratch.open()
    #expect(try StateSchema.version(of: store.db) == StateSchema.latest)
    #expect(try store.marks(of: keys(1...1))[ItemKey(rawValue: 1)]?.read == true)
    let record = AccountItemRecord(
      key: ItemKey(rawValue: 1), remote: 7, stream: "feed/1", feed: feedA, crawled: 1,
      read: true, starred: false)
    #expect(try store.recordAccountItems("a", [record], at: at(0)) == 1)
    try store.apply(.setRead(keys(1...1), false), at: at(1))
    #expect(try store.queuedMarks("a").map(\.action) == [.mark(.unread, remote: 7)])
  }
}
