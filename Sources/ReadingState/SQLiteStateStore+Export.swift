import FeedModel
import Foundation

extension SQLiteStateStore {
  /// What an export wrote, and what of the state it could not carry as it is.
  public struct ExportSummary: Sendable, Equatable {
    public var items = 0
    public var feeds = 0
    /// Feeds whose keys an import would refuse (`StateExportLimits.problem(feedKey:)`): left
    /// out, so that the backup can be restored.
    public var feedsLeftOut = 0
    public var follows = 0
    /// Followed artists whose names an import would refuse (`ArtistFollow.problem`): left
    /// out, as feeds are.
    public var followsLeftOut = 0
    /// Times before 1970 or more than `StateExportLimits.clockSkew` ahead of the clock (a
    /// clock set wrong when they were recorded), written as 1970 or that latest time: an
    /// import refuses them as they are. Times within the skew are written as they are, so
    /// two exports of the same state are the same.
    public var timesClamped = 0
  }

  /// Every marked item, every visited feed and every followed artist as `StateSnapshot`
  /// (in memory: for tests and small states; `export(to:)` streams).
  public func export() throws(StateError) -> StateSnapshot {
    var snapshot = StateSnapshot(items: [], feeds: [])
    _ = try exportRows(now: Date()) { (_) throws(StateError) in
    } feed: { (feed) throws(StateError) in
      snapshot.feeds.append(feed)
    } item: { (item) throws(StateError) in
      snapshot.items.append(item)
    } follow: { (follow) throws(StateError) in
      snapshot.follows.append(follow)
    }
    return snapshot
  }

  /// Writes the export to `writer` as the rows are read: memory stays bounded whatever the
  /// number of marks.
  @discardableResult
  public func export(to writer: StateExportWriter, now: Date = Date()) throws(StateError)
    -> ExportSummary
  {
    var startedItems = false
    var startedFollows = false
    let summary = try exportRows(now: now) { (format) throws(StateError) in
      try writer.begin(format: format)
    } feed: { (feed) throws(StateError) in
      try writer.feed(feed)
    } item: { (item) throws(StateError) in
      if !startedItems {
        try writer.beginItems()
        startedItems = true
      }
      try writer.item(item)
    } follow: { (follow) throws(StateError) in
      if !startedItems {
        try writer.beginItems()
        startedItems = true
      }
      if !startedFollows {
        try writer.beginFollows()
        startedFollows = true
      }
      try writer.follow(follow)
    }
    if !startedItems { try writer.beginItems() }
    try writer.end()
    return summary
  }

  /// Reads the feeds, the items, then the followed artists, in one read transaction (all
  /// from the same moment), bringing each into the range an import accepts. `begin` is told
  /// the format first: 3 when an exported item has an artist, else 2 when there is a
  /// followed artist to export, else 1.
  private func exportRows(
    now: Date, begin: (Int) throws(StateError) -> Void,
    feed: (StateSnapshot.Feed) throws(StateError) -> Void,
    item: (StateSnapshot.Item) throws(StateError) -> Void,
    follow: (StateSnapshot.Follow) throws(StateError) -> Void
  ) throws(StateError) -> ExportSummary {
    try db.execute("BEGIN")
    defer { try? db.execute("COMMIT") }
    var summary = ExportSummary()
    let exportable = try followsToExport()
    let artists =
      try db.integer(
        "SELECT EXISTS (SELECT 1 FROM items WHERE (read OR starred) AND artist IS NOT NULL)")
      == 1
    try begin(StateSnapshot.format(withFollows: exportable > 0, withArtists: artists))
    let latest = StateExportLimits.latestTime(now: now)
    func clamped(_ time: Int64) -> Int64 {
      let kept = min(max(time, 0), latest)
      if kept != time { summary.timesClamped += 1 }
      return kept
    }
    let feeds = try statement(
      "SELECT key, last_visit FROM feeds WHERE last_visit IS NOT NULL ORDER BY key")
    defer { feeds.reset() }
    while try feeds.step() {
      let key = feeds.text(0) ?? ""
      guard StateExportLimits.problem(feedKey: key) == nil else {
        summary.feedsLeftOut += 1
        continue
      }
      try feed(StateSnapshot.Feed(key: key, lastVisit: clamped(feeds.int64(1))))
      summary.feeds += 1
    }
    let items = try statement(
      """
      SELECT id, read, starred, first_seen, changed, artist FROM items WHERE read OR starred
      ORDER BY id
      """)
    defer { items.reset() }
    while try items.step() {
      try item(
        StateSnapshot.Item(
          id: ItemKey(rawValue: items.int64(0)).description, read: items.int64(1) != 0,
          starred: items.int64(2) != 0, firstSeen: clamped(items.int64(3)),
          changed: clamped(items.int64(4)),
          artist: items.isNull(5) ? nil : ItemKey(rawValue: items.int64(5)).description))
      summary.items += 1
    }
    guard exportable > 0 else {
      summary.followsLeftOut = Int(try db.integer("SELECT count(*) FROM follows") ?? 0)
      return summary
    }
    let follows = try statement("SELECT name, since FROM follows ORDER BY key")
    defer { follows.reset() }
    while try follows.step() {
      let name = follows.text(0) ?? ""
      guard ArtistFollow.problem(name: name) == nil else {
        summary.followsLeftOut += 1
        continue
      }
      try follow(StateSnapshot.Follow(name: name, since: clamped(follows.int64(1))))
      summary.follows += 1
    }
    return summary
  }

  /// How many followed artists an export can carry (their names an import takes): the
  /// format depends on it, and is written first.
  private func followsToExport() throws(StateError) -> Int {
    let names = try statement("SELECT name FROM follows")
    defer { names.reset() }
    var count = 0
    while try names.step() {
      if ArtistFollow.problem(name: names.text(0) ?? "") == nil { count += 1 }
    }
    return count
  }

  @discardableResult
  public func merge(_ snapshot: StateSnapshot) throws(StateError) -> Int {
    try merge(snapshot, now: Date())
  }

  /// Merges `snapshot` (the later change of each item wins); checks every field first, as
  /// an import does as of `now`, and writes nothing when one is out of bounds. Returns how
  /// many items changed.
  @discardableResult
  public func merge(_ snapshot: StateSnapshot, now: Date) throws(StateError) -> Int {
    let latest = StateExportLimits.latestTime(now: now)
    for (index, feed) in snapshot.feeds.enumerated() {
      try StateSnapshot.check(feed, at: index, latest: latest)
    }
    for (index, item) in snapshot.items.enumerated() {
      try StateSnapshot.check(item, at: index, latest: latest)
    }
    for (index, follow) in snapshot.follows.enumerated() {
      try StateSnapshot.check(follow, at: index, latest: latest)
    }
    return try db.transaction { () throws(StateError) -> Int in
      let merger = try Merger(self)
      for feed in snapshot.feeds { try merger.merge(feed) }
      for item in snapshot.items { try merger.merge(item) }
      for follow in snapshot.follows { try merger.merge(follow) }
      try recountAll()
      return merger.merged
    }
  }

  /// Merges the export `input` holds as it reads it, in one transaction: a fault anywhere
  /// in the file (`StateExportReader` checks every field) rolls all of it back. Memory
  /// stays bounded: nothing but SQLite's page cache grows with the file.
  public func merge(reading input: StateExportInput, now: Date = Date()) throws(StateError)
    -> (merged: Int, counts: StateExportReader.Counts)
  {
    let result = try mergeCounting(reading: input, now: now)
    return (result.merged, result.counts)
  }

  /// What an import merged: items changed or added, followed artists added (or followed
  /// earlier there), and how many of each the export held.
  public struct MergeSummary: Sendable, Equatable {
    public var merged = 0
    public var followsMerged = 0
    public var counts = StateExportReader.Counts()
  }

  /// `merge(reading:now:)`, saying also how many followed artists it added or changed.
  public func mergeCounting(reading input: StateExportInput, now: Date = Date())
    throws(StateError) -> MergeSummary
  {
    try db.transaction { () throws(StateError) -> MergeSummary in
      let merger = try Merger(self)
      let counts = try StateExportReader.read(input, now: now) { (feed) throws(StateError) in
        try merger.merge(feed)
      } item: { (item) throws(StateError) in
        try merger.merge(item)
      } follow: { (follow) throws(StateError) in
        try merger.merge(follow)
      }
      try recountAll()
      return MergeSummary(
        merged: merger.merged, followsMerged: merger.followsMerged, counts: counts)
    }
  }

  /// One merge's compiled statements, used inside its transaction.
  private final class Merger {
    let upsert: SQLiteStatement
    let artist: SQLiteStatement
    let memberships: SQLiteStatement
    let visit: SQLiteStatement
    let follow: SQLiteStatement
    let db: SQLiteConnection
    var merged = 0
    var followsMerged = 0

    init(_ store: SQLiteStateStore) throws(StateError) {
      db = store.db
      upsert = try store.statement(
        """
        INSERT INTO items(id, read, starred, first_seen, changed, artist)
        VALUES(?1, ?2, ?3, ?4, ?5, ?6)
        ON CONFLICT(id) DO UPDATE SET read = excluded.read, starred = excluded.starred,
          changed = excluded.changed, first_seen = min(first_seen, excluded.first_seen),
          artist = coalesce(items.artist, excluded.artist)
        WHERE excluded.changed > items.changed
        """)
      // An item's artist does not change: an older export still tells one not known here.
      artist = try store.statement("UPDATE items SET artist = ?2 WHERE id = ?1 AND artist IS NULL")
      // Per item, through the memberships' item index, rather than a list of the merged
      // items kept to the end: that list would grow with the file.
      memberships = try store.statement(
        "UPDATE memberships SET unread = ?2 WHERE item = ?1 AND unread != ?2")
      visit = try store.statement(
        """
        INSERT INTO feeds(key, last_visit) VALUES(?1, ?2) ON CONFLICT(key)
        DO UPDATE SET last_visit = max(coalesce(last_visit, ?2), ?2)
        """)
      // The earlier follow of an artist wins, with its name (the name first given).
      follow = try store.statement(
        """
        INSERT INTO follows(key, name, since) VALUES(?1, ?2, ?3) ON CONFLICT(key)
        DO UPDATE SET name = excluded.name, since = excluded.since
        WHERE excluded.since < follows.since
        """)
    }

    func merge(_ item: StateSnapshot.Item) throws(StateError) {
      guard let key = ItemKey(hex: item.id) else {
        throw StateError(.badInput, "\(item.id) is not 16 hex digits")
      }
      upsert.bind(1, key.rawValue)
      upsert.bind(2, item.read ? 1 : 0)
      upsert.bind(3, item.starred ? 1 : 0)
      upsert.bind(4, item.firstSeen)
      upsert.bind(5, item.changed)
      let artistHash = item.artist.flatMap(ItemKey.init(hex:))?.rawValue
      upsert.bind(6, artistHash)
      try upsert.run()
      guard db.changes > 0 else {
        if let artistHash {
          artist.bind(1, key.rawValue)
          artist.bind(2, artistHash)
          try artist.run()
        }
        return
      }
      merged += 1
      memberships.bind(1, key.rawValue)
      memberships.bind(2, item.read ? 0 : 1)
      try memberships.run()
    }

    func merge(_ artist: StateSnapshot.Follow) throws(StateError) {
      let key = ArtistIdentity.key(artist.name)
      guard !key.isEmpty else { return }
      follow.bind(1, key)
      follow.bind(2, artist.name)
      follow.bind(3, artist.since)
      try follow.run()
      if db.changes > 0 { followsMerged += 1 }
    }

    func merge(_ feed: StateSnapshot.Feed) throws(StateError) {
      guard let time = feed.lastVisit else { return }
      visit.bind(1, feed.key)
      visit.bind(2, time)
      try visit.run()
    }
  }
}
