import FeedModel

/// The state database's tables, one migration per schema version (`PRAGMA user_version`).
///
/// Migrations only ever add: a version's SQL is never edited once released, and
/// `Tests/ReadingStateTests/Fixtures/state-v1.db` (made by version 1's SQL) proves that a
/// version 1 database upgrades with its marks kept (`state-v4.db` likewise for version 4).
/// Version 4 adds the sync accounts' tables (docs/adr/0131), version 5 the followed artists
/// (docs/adr/0160), version 6 each item's artist and the state's own facts (docs/adr/0172);
/// `state-v5.db` proves a version 5 file upgrades with its marks and follows.
enum StateSchema {
  /// Version N is reached by running `migrations[N - 1]` on version N - 1.
  static let migrations: [String] = [
    version1, version2, version3, version4, version5, version6,
  ]

  /// The version this artfeed writes.
  static var latest: Int { migrations.count }

  /// Version 1. Items are keyed by `ItemKey` (the rowid itself: no second index); times are
  /// Unix seconds. A membership is an item seen in a feed; its `unread` copies the item's
  /// read flag so unread counts per feed are one scan of the feed's memberships, with no
  /// lookup per item (docs/adr/0112). A feed's `observed` is the last time its whole list
  /// was recorded: a membership not seen since then is an item that left the feed.
  static let version1 = """
    CREATE TABLE items(
      id INTEGER PRIMARY KEY,
      read INTEGER NOT NULL DEFAULT 0,
      starred INTEGER NOT NULL DEFAULT 0,
      first_seen INTEGER NOT NULL
    );
    CREATE TABLE feeds(
      id INTEGER PRIMARY KEY,
      key TEXT NOT NULL UNIQUE,
      last_visit INTEGER,
      observed INTEGER
    );
    CREATE TABLE memberships(
      feed INTEGER NOT NULL,
      item INTEGER NOT NULL,
      first_seen INTEGER NOT NULL,
      last_seen INTEGER NOT NULL,
      unread INTEGER NOT NULL,
      PRIMARY KEY (feed, item)
    ) WITHOUT ROWID;
    CREATE INDEX memberships_item ON memberships(item);
    """

  /// Version 2: when each item's marks last changed (an import keeps the later change of
  /// each item; sync resolves conflicts the same way), and an index of starred items for the
  /// "Starred" list. Marks made under version 1 take their first-seen time as the change.
  static let version2 = """
    ALTER TABLE items ADD COLUMN changed INTEGER NOT NULL DEFAULT 0;
    UPDATE items SET changed = first_seen WHERE read OR starred;
    CREATE INDEX items_starred ON items(id) WHERE starred;
    """

  /// Version 3: each feed's counts kept in its row, so the feed list's figures are one
  /// read of the feeds table instead of a scan of every membership (docs/adr/0114); and
  /// which memberships are `current`: in the feed's latest whole list (or added since by a
  /// first batch). Counts are of current memberships: an item that left a feed stays
  /// recorded (so it is not new again if it comes back) but no longer counts. Every write
  /// keeps the counts: read marks adjust `unread_count` by what they changed; loads,
  /// visits, imports and pruning count the feeds they touched again. The item index gains
  /// `current`, so All items finds shared current items without reading a membership.
  static let version3 = """
    ALTER TABLE memberships ADD COLUMN current INTEGER NOT NULL DEFAULT 1;
    UPDATE memberships SET current =
      (last_seen >= coalesce((SELECT observed FROM feeds WHERE id = feed), 0) - 86400);
    DROP INDEX memberships_item;
    CREATE INDEX memberships_item ON memberships(item, current);
    ALTER TABLE feeds ADD COLUMN item_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE feeds ADD COLUMN unread_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE feeds ADD COLUMN new_count INTEGER NOT NULL DEFAULT 0;
    UPDATE feeds SET
      item_count = (SELECT count(*) FROM memberships WHERE feed = feeds.id AND current),
      unread_count =
        (SELECT coalesce(sum(unread), 0) FROM memberships WHERE feed = feeds.id AND current),
      new_count = (SELECT count(*) FROM memberships WHERE feed = feeds.id AND current
        AND first_seen > coalesce(feeds.last_visit, -1));
    """

  /// Counts feeds' current items, unread and new again from their memberships, as version
  /// 3 did (append a `WHERE` choosing the feeds), through the index of current memberships
  /// (version 6).
  static let recountFeeds = """
    UPDATE feeds SET
      item_count = (SELECT count(*) FROM memberships INDEXED BY memberships_current
        WHERE feed = feeds.id AND current),
      unread_count = (SELECT coalesce(sum(unread), 0) FROM memberships
        INDEXED BY memberships_current WHERE feed = feeds.id AND current),
      new_count = (SELECT count(*) FROM memberships INDEXED BY memberships_current
        WHERE feed = feeds.id AND current AND first_seen > coalesce(feeds.last_visit, -1))
    """

  /// Version 4: sync accounts (docs/adr/0131). `account_items` maps an item of an account to
  /// the server's id, its feed, its crawl time (microseconds) and the read and starred flags
  /// the server had at the last sync (what a change made elsewhere is told from).
  /// `sync_queue` holds marks not yet sent, in the order they were made: triggers add them in
  /// the transaction that changes an account item's flag, so no mark can be made without its
  /// queue entry, whatever code path makes it. A sync applying the server's marks puts a row
  /// in `sync_quiet` inside its own transaction, and the triggers stay silent for it. The
  /// triggers' WHEN looks for the item in `account_items` first, so a mark of an item of no
  /// account runs no trigger body, which keeps a bulk mark of such items cheap (docs/adr/0131).
  /// `sync_streams` keeps each stream's high-water mark and, while a long fetch is under way,
  /// where it resumes.
  static let version4 = """
    CREATE TABLE account_items(
      item INTEGER PRIMARY KEY,
      account TEXT NOT NULL,
      remote INTEGER NOT NULL,
      stream TEXT NOT NULL,
      crawled INTEGER NOT NULL,
      server_read INTEGER NOT NULL,
      server_starred INTEGER NOT NULL
    );
    CREATE INDEX account_items_remote ON account_items(account, remote);
    CREATE TABLE sync_queue(
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      account TEXT NOT NULL,
      action TEXT NOT NULL,
      remote INTEGER,
      stream TEXT,
      until INTEGER,
      at INTEGER NOT NULL
    );
    CREATE INDEX sync_queue_account ON sync_queue(account, seq);
    CREATE TABLE sync_streams(
      account TEXT NOT NULL,
      stream TEXT NOT NULL,
      newest INTEGER NOT NULL DEFAULT 0,
      run_top INTEGER NOT NULL DEFAULT 0,
      continuation TEXT,
      synced INTEGER,
      PRIMARY KEY (account, stream)
    ) WITHOUT ROWID;
    CREATE TABLE sync_quiet(quiet INTEGER);
    CREATE TRIGGER sync_queue_read AFTER UPDATE OF read ON items
    WHEN OLD.read != NEW.read AND EXISTS (SELECT 1 FROM account_items WHERE item = NEW.id)
      AND NOT EXISTS (SELECT 1 FROM sync_quiet)
    BEGIN
      INSERT INTO sync_queue(account, action, remote, at)
      SELECT account, CASE WHEN NEW.read THEN 'read' ELSE 'unread' END, remote, NEW.changed
      FROM account_items WHERE item = NEW.id;
    END;
    CREATE TRIGGER sync_queue_starred AFTER UPDATE OF starred ON items
    WHEN OLD.starred != NEW.starred AND EXISTS (SELECT 1 FROM account_items WHERE item = NEW.id)
      AND NOT EXISTS (SELECT 1 FROM sync_quiet)
    BEGIN
      INSERT INTO sync_queue(account, action, remote, at)
      SELECT account, CASE WHEN NEW.starred THEN 'star' ELSE 'unstar' END, remote, NEW.changed
      FROM account_items WHERE item = NEW.id;
    END;
    CREATE TRIGGER sync_queue_insert AFTER INSERT ON items
    WHEN (NEW.read OR NEW.starred) AND EXISTS (SELECT 1 FROM account_items WHERE item = NEW.id)
      AND NOT EXISTS (SELECT 1 FROM sync_quiet)
    BEGIN
      INSERT INTO sync_queue(account, action, remote, at)
      SELECT account, 'read', remote, NEW.changed FROM account_items
      WHERE item = NEW.id AND NEW.read;
      INSERT INTO sync_queue(account, action, remote, at)
      SELECT account, 'star', remote, NEW.changed FROM account_items
      WHERE item = NEW.id AND NEW.starred;
    END;
    """

  /// Version 5: the artists the reader follows (docs/adr/0160), one row per artist, keyed by
  /// `ArtistIdentity.key` of the name (one artist across sources), with the name as the
  /// reader first gave it and when (Unix seconds). Few rows: no index beyond the key.
  static let version5 = """
    CREATE TABLE follows(
      key TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      since INTEGER NOT NULL
    ) WITHOUT ROWID;
    """

  /// Version 6 (docs/adr/0172): each item's artist, as `ArtistIdentity.hash` of the name
  /// (NULL: not known; recorded when a list holding the item is recorded), so that pruning
  /// spares the items of followed artists though the state keeps no item text; and
  /// `state_info`, facts about the state itself by name (`pruned`: when it was last
  /// pruned, Unix seconds); and `memberships_current`, the current memberships only, so
  /// that recording a list and counting its feed read the list's rows, not every item the
  /// feed ever held (`recountFeeds`, `SQLiteStateStore.observe` name it: SQLite's planner
  /// prefers the primary key without statistics).
  static let version6 = "ALTER TABLE items ADD COLUMN artist INTEGER;\n" + version6Tables

  static let version6Tables = """
    CREATE TABLE state_info(
      key TEXT PRIMARY KEY,
      value INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX memberships_current ON memberships(feed, item) WHERE current;
    """

  /// The database's schema version.
  static func version(of db: SQLiteConnection) throws(StateError) -> Int {
    Int(try db.integer("PRAGMA user_version") ?? 0)
  }

  /// Throws `.newerVersion` for a version this artfeed does not know: one written by a newer
  /// artfeed, or one below 0, which no artfeed writes (`PRAGMA user_version` is any 32-bit
  /// number, so an edited or damaged header can hold one). The file is left as it is: it
  /// may hold marks a newer artfeed reads.
  static func refuseUnknown(_ db: SQLiteConnection) throws(StateError) {
    let found = try version(of: db)
    guard found >= 0 else {
      throw StateError(
        .newerVersion,
        "\(db.path) is state version \(found), which no artfeed writes (this one knows 0 to "
          + "\(latest)): not touched")
    }
    guard found <= latest else {
      throw StateError(
        .newerVersion,
        "\(db.path) is state version \(found), newer than this artfeed's \(latest): not touched")
    }
  }

  /// The latest version's tables made at once, for a new database: what `migrations` give
  /// (`StateSchemaTests` compares the two, column by column, index by index), for much less
  /// work: replaying the versions makes SQLite read its schema again after every
  /// `ALTER TABLE` (docs/adr/0149). Versions 4 and 5 only create: they are already whole;
  /// version 6's column is in `freshTables`, its table added whole.
  static var fresh: String { freshTables + version4 + version5 + version6Tables }

  static let freshTables = """
    CREATE TABLE items(
      id INTEGER PRIMARY KEY,
      read INTEGER NOT NULL DEFAULT 0,
      starred INTEGER NOT NULL DEFAULT 0,
      first_seen INTEGER NOT NULL,
      changed INTEGER NOT NULL DEFAULT 0,
      artist INTEGER
    );
    CREATE TABLE feeds(
      id INTEGER PRIMARY KEY,
      key TEXT NOT NULL UNIQUE,
      last_visit INTEGER,
      observed INTEGER,
      item_count INTEGER NOT NULL DEFAULT 0,
      unread_count INTEGER NOT NULL DEFAULT 0,
      new_count INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE memberships(
      feed INTEGER NOT NULL,
      item INTEGER NOT NULL,
      first_seen INTEGER NOT NULL,
      last_seen INTEGER NOT NULL,
      unread INTEGER NOT NULL,
      current INTEGER NOT NULL DEFAULT 1,
      PRIMARY KEY (feed, item)
    ) WITHOUT ROWID;
    CREATE INDEX memberships_item ON memberships(item, current);
    CREATE INDEX items_starred ON items(id) WHERE starred;
    """

  /// Brings `db` to version `target`, one transaction per version, so a crash between two
  /// leaves a whole version behind; a second process migrating at the same time waits, then
  /// finds the work done. A new, empty database gets the latest version's tables at once.
  ///
  /// Throws `.newerVersion` for a version it does not know (`refuseUnknown`); a migration
  /// that fails (tables that do not match their version, such as version 0 over artfeed's
  /// own tables) throws its error, naming the versions, and leaves the file as it was.
  static func migrate(_ db: SQLiteConnection, to target: Int = latest) throws(StateError) {
    try refuseUnknown(db)
    let found = try version(of: db)
    guard found < target else { return }
    if found == 0, target == latest {
      let made = try db.transaction { () throws(StateError) -> Bool in
        guard try version(of: db) == 0, try db.integer("SELECT count(*) FROM sqlite_master") == 0
        else { return false }
        try db.execute(fresh)
        try db.execute("PRAGMA user_version = \(latest)")
        return true
      }
      if made { return }
    }
    for next in (found + 1)...target {
      do throws(StateError) {
        try db.transaction { () throws(StateError) in
          guard try version(of: db) < next else { return }
          try db.execute(migrations[next - 1])
          try db.execute("PRAGMA user_version = \(next)")
        }
      } catch  where error.kind != .busy {
        throw StateError(
          error.kind,
          "cannot upgrade state version \(next - 1) to \(next) (its tables do not match its "
            + "version): \(error.description)")
      }
    }
  }
}
