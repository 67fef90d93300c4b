import FeedModel
import Foundation

extension SQLiteStateStore {
  public func export() throws(StateError) -> StateSnapshot {
    // One read transaction: items and feeds from the same moment.
    try db.execute("BEGIN")
    defer { try? db.execute("COMMIT") }
    let items = try statement(
      "SELECT id, read, starred, first_seen, changed FROM items WHERE read OR starred ORDER BY id")
    defer { items.reset() }
    var exported: [StateSnapshot.Item] = []
    while try items.step() {
      exported.append(
        StateSnapshot.Item(
          id: ItemKey(rawValue: items.int64(0)).description, read: items.int64(1) != 0,
          starred: items.int64(2) != 0, firstSeen: items.int64(3), changed: items.int64(4)))
    }
    let feeds = try statement(
      "SELECT key, last_visit FROM feeds WHERE last_visit IS NOT NULL ORDER BY key")
    defer { feeds.reset() }
    var visits: [StateSnapshot.Feed] = []
    while try feeds.step() {
      visits.append(StateSnapshot.Feed(key: feeds.text(0) ?? "", lastVisit: feeds.int64(1)))
    }
    return StateSnapshot(items: exported, feeds: visits)
  }

  @discardableResult
  public func merge(_ snapshot: StateSnapshot) throws(StateError) -> Int {
    try db.transaction { () throws(StateError) -> Int in
      try db.execute("DELETE FROM temp.chosen")
      let choose = try statement("INSERT OR IGNORE INTO temp.chosen(id) VALUES(?)")
      let upsert = try statement(
        """
        INSERT INTO items(id, read, starred, first_seen, changed) VALUES(?1, ?2, ?3, ?4, ?5)
        ON CONFLICT(id) DO UPDATE SET read = excluded.read, starred = excluded.starred,
          changed = excluded.changed, first_seen = min(first_seen, excluded.first_seen)
        WHERE excluded.changed > items.changed
        """)
      var merged = 0
      for item in snapshot.items {
        guard let key = ItemKey(hex: item.id) else {
          throw StateError(.badInput, "\(item.id) is not 16 hex digits")
        }
        upsert.bind(1, key.rawValue)
        upsert.bind(2, item.read ? 1 : 0)
        upsert.bind(3, item.starred ? 1 : 0)
        upsert.bind(4, item.firstSeen)
        upsert.bind(5, item.changed)
        try upsert.run()
        guard db.changes > 0 else { continue }
        merged += 1
        choose.bind(1, key.rawValue)
        try choose.run()
      }
      try db.execute(
        """
        UPDATE memberships SET unread = NOT (SELECT read FROM items WHERE id = item)
        WHERE item IN temp.chosen
        """)
      let visit = try statement(
        """
        INSERT INTO feeds(key, last_visit) VALUES(?1, ?2) ON CONFLICT(key)
        DO UPDATE SET last_visit = max(coalesce(last_visit, ?2), ?2)
        """)
      for feed in snapshot.feeds {
        guard let time = feed.lastVisit else { continue }
        visit.bind(1, feed.key)
        visit.bind(2, time)
        try visit.run()
      }
      try recountAll()
      return merged
    }
  }
}
