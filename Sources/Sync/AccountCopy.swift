import FeedCore
import FeedModel
import Foundation
import ReadingState

/// The local copy of a sync account: its subscriptions and items as the last sync left them,
/// in a SQLite file of its own in the cache directory
/// (`$XDG_CACHE_HOME/artfeed/accounts/NAME.db`).
///
/// It is a cache: everything in it comes from the server again, so a damaged or deleted copy
/// is started afresh (`isFresh`) and the next sync fetches everything. The reader's marks and
/// the queue of marks to send live in the state database, never here. Items are stored
/// ready to show (plain-text summary, picture addresses picked out of the HTML), so reading a
/// feed back is a scan of one index, newest first.
///
/// Not thread-safe: one queue uses an instance at a time (`AccountDatabase`).
final class AccountCopy {
  let db: SQLiteConnection
  /// True when the file was created (or started afresh) by this open.
  let isFresh: Bool
  private var statements: [String: SQLiteStatement] = [:]

  static let schema = """
    CREATE TABLE IF NOT EXISTS feeds(
      id TEXT PRIMARY KEY, position INTEGER NOT NULL, title TEXT NOT NULL, url TEXT NOT NULL,
      site TEXT, folders TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS items(
      id INTEGER PRIMARY KEY, feed TEXT NOT NULL, crawled INTEGER NOT NULL, sort INTEGER NOT NULL,
      published INTEGER, title TEXT, link TEXT, author TEXT, summary TEXT, thumbnail TEXT,
      first_image TEXT, images TEXT, labels TEXT);
    CREATE INDEX IF NOT EXISTS items_feed_sort ON items(feed, sort);
    CREATE INDEX IF NOT EXISTS items_sort ON items(sort);
    CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS sending(
      action TEXT NOT NULL, remotes TEXT, stream TEXT, until INTEGER);
    """

  /// The copy's schema version (`PRAGMA user_version`); another version is started afresh.
  static let version: Int64 = 1

  /// Opens (or creates) the copy at `path`; a file that is not a sound copy of this version
  /// is removed and started afresh. `:memory:` for a copy that lives in memory.
  init(path: String) throws(AccountError) {
    do {
      (db, isFresh) = try Self.open(path)
    } catch {
      if path != ":memory:" {
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
      }
      do {
        (db, _) = try Self.open(path)
        isFresh = true
      } catch {
        throw AccountError(.storage, "\(path): \(error.description)")
      }
    }
  }

  private static func open(_ path: String) throws(StateError) -> (SQLiteConnection, Bool) {
    if path != ":memory:" {
      let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if fd >= 0 { close(fd) }
    }
    let db = try SQLiteConnection(path: path)
    db.setBusyTimeout(milliseconds: 5000)
    let version = try db.integer("PRAGMA user_version") ?? 0
    let hasTables = (try db.integer("SELECT count(*) FROM sqlite_master") ?? 0) > 0
    if hasTables, version != Self.version {
      throw StateError(.corrupt, "\(path): local copy of another version")
    }
    if path != ":memory:" {
      _ = try db.text("PRAGMA journal_mode = WAL")
      guard try db.text("PRAGMA quick_check") == "ok" else {
        throw StateError(.corrupt, "\(path): damaged")
      }
    }
    try db.execute(schema)
    try db.execute("PRAGMA user_version = \(Self.version)")
    return (db, !hasTables)
  }

  private func statement(_ sql: String) throws(StateError) -> SQLiteStatement {
    if let cached = statements[sql] { return cached }
    let compiled = try db.prepare(sql)
    statements[sql] = compiled
    return compiled
  }

  // MARK: - Feeds

  /// The subscriptions, in the server's order.
  func feeds() throws(StateError) -> [RemoteFeed] {
    let select = try statement(
      "SELECT id, title, url, site, folders FROM feeds ORDER BY position")
    defer { select.reset() }
    var feeds: [RemoteFeed] = []
    while try select.step() {
      feeds.append(
        RemoteFeed(
          id: select.text(0) ?? "", title: select.text(1) ?? "", url: select.text(2) ?? "",
          siteURL: select.text(3), folders: Self.lines(select.text(4))))
    }
    return feeds
  }

  /// Replaces the subscriptions; items of feeds no longer there go with them.
  func replaceFeeds(_ feeds: [RemoteFeed]) throws(StateError) {
    try db.transaction { () throws(StateError) in
      try db.execute("DELETE FROM feeds")
      let insert = try statement(
        "INSERT OR REPLACE INTO feeds(id, position, title, url, site, folders) VALUES(?1, ?2, ?3, ?4, ?5, ?6)"
      )
      for (position, feed) in feeds.enumerated() {
        insert.bind(1, feed.id)
        insert.bind(2, Int64(position))
        insert.bind(3, feed.title)
        insert.bind(4, feed.url)
        bindText(insert, 5, feed.siteURL)
        insert.bind(6, Self.joined(feed.folders))
        try insert.run()
      }
      try db.execute("DELETE FROM items WHERE feed NOT IN (SELECT id FROM feeds)")
    }
  }

  /// Adds one subscription at the end (after `subscribe`), or replaces it.
  func addFeed(_ feed: RemoteFeed) throws(StateError) {
    try replaceFeeds(try feeds().filter { $0.id != feed.id } + [feed])
  }

  // MARK: - Items

  /// Stores `items` (replacing those already there), in one transaction.
  func store(_ items: [RemoteItem]) throws(StateError) {
    try db.transaction { () throws(StateError) in
      let insert = try statement(
        """
        INSERT OR REPLACE INTO items(id, feed, crawled, sort, published, title, link, author,
          summary, thumbnail, first_image, images, labels)
        VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
        """)
      for item in items {
        let shown = AccountItemText(item)
        insert.bind(1, item.id)
        insert.bind(2, item.feed)
        insert.bind(3, item.crawled)
        insert.bind(4, shown.sort)
        insert.bind(5, item.published.map { Int64($0.timeIntervalSince1970) })
        bindText(insert, 6, shown.title)
        bindText(insert, 7, item.link)
        bindText(insert, 8, shown.author)
        bindText(insert, 9, shown.summary)
        bindText(insert, 10, shown.thumbnail)
        bindText(insert, 11, shown.firstImage)
        insert.bind(12, shown.images.joined(separator: "\n"))
        insert.bind(13, Self.joined(item.labels))
        try insert.run()
      }
    }
  }

  /// The items of `feed` (every feed when nil), newest first, at most `limit`, starting after
  /// the first `offset`; each item's guid is `guidPrefix` and its server id.
  func items(
    inFeed feed: String?, limit: Int = Int(Int32.max), offset: Int = 0, guidPrefix: String
  ) throws(StateError) -> [FeedItem] {
    let select =
      feed == nil
      ? try statement(
        """
        SELECT id, published, title, link, author, summary, thumbnail, first_image, images, labels
        FROM items ORDER BY sort DESC, id DESC LIMIT ?2 OFFSET ?3
        """)
      : try statement(
        """
        SELECT id, published, title, link, author, summary, thumbnail, first_image, images, labels
        FROM items WHERE feed = ?1 ORDER BY sort DESC, id DESC LIMIT ?2 OFFSET ?3
        """)
    if let feed { select.bind(1, feed) }
    select.bind(2, Int64(limit))
    select.bind(3, Int64(offset))
    defer { select.reset() }
    var items: [FeedItem] = []
    while try select.step() {
      let images = Self.lines(select.text(8))
      let id = String(UInt64(bitPattern: select.int64(0)))
      items.append(
        FeedItem(
          title: select.text(2), link: select.text(3), guid: guidPrefix + id,
          published: select.isNull(1)
            ? nil : Date(timeIntervalSince1970: Double(select.int64(1))),
          author: select.text(4), categories: Self.lines(select.text(9)),
          summary: select.text(5),
          thumbnails: select.text(6).map { [MediaThumbnail(url: $0)] } ?? [],
          contents: images.map { MediaContent(url: $0, medium: "image") },
          firstImage: select.text(7)))
    }
    return items
  }

  /// Items in the copy.
  func itemCount() throws(StateError) -> Int {
    Int(try db.integer("SELECT count(*) FROM items") ?? 0)
  }

  // MARK: - Meta

  /// When the last sync finished; nil before the first.
  func synced() throws(StateError) -> Date? {
    let select = try statement("SELECT value FROM meta WHERE key = 'synced'")
    defer { select.reset() }
    guard try select.step(), let text = select.text(0), let seconds = Double(text) else {
      return nil
    }
    return Date(timeIntervalSince1970: seconds)
  }

  func setSynced(_ date: Date) throws(StateError) {
    let update = try statement("INSERT OR REPLACE INTO meta(key, value) VALUES('synced', ?1)")
    update.bind(1, String(date.timeIntervalSince1970))
    try update.run()
  }

  /// Deletes the items `ids` (gone from the server).
  func deleteItems(_ ids: [Int64]) throws(StateError) {
    let delete = try statement("DELETE FROM items WHERE id = ?1")
    for id in ids {
      delete.bind(1, id)
      try delete.run()
    }
  }

  // MARK: - Marks being sent

  /// Records a batch about to be sent; returns its row. It stays until the server's answer
  /// settles it (`settled`): a batch still here at the next sync may have been applied with its
  /// answer lost, and the server's state equal to it is then artfeed's own echo
  /// (docs/adr/0157). Kept in the copy, not the state database: losing it with the copy
  /// only costs that the echo counts as a change made elsewhere, as it did before.
  func recordSending(_ action: SQLiteStateStore.SentAction) throws(StateError) -> Int64 {
    let insert = try statement(
      "INSERT INTO sending(action, remotes, stream, until) VALUES(?1, ?2, ?3, ?4)")
    switch action {
    case .mark(let mark, let remotes):
      insert.bind(1, mark.rawValue)
      insert.bind(2, remotes.map(String.init).joined(separator: " "))
      insert.bind(3, nil as Int64?)
      insert.bind(4, nil as Int64?)
    case .markAllRead(let stream, let until):
      insert.bind(1, "mark-all-read")
      insert.bind(2, nil as Int64?)
      insert.bind(3, stream)
      insert.bind(4, until)
    }
    try insert.run()
    return try db.integer("SELECT last_insert_rowid()") ?? 0
  }

  /// The batch recorded as `row` was answered.
  func settled(_ row: Int64) throws(StateError) {
    let delete = try statement("DELETE FROM sending WHERE rowid = ?1")
    delete.bind(1, row)
    try delete.run()
  }

  /// The batches sent whose answer never came.
  func sending() throws(StateError) -> [SQLiteStateStore.SentAction] {
    let select = try statement("SELECT action, remotes, stream, until FROM sending")
    defer { select.reset() }
    var actions: [SQLiteStateStore.SentAction] = []
    while try select.step() {
      let name = select.text(0) ?? ""
      if name == "mark-all-read" {
        actions.append(.markAllRead(stream: select.text(2) ?? "", until: select.int64(3)))
      } else if let mark = RemoteMark(rawValue: name) {
        let remotes = (select.text(1) ?? "").split(separator: " ").compactMap { Int64($0) }
        actions.append(.mark(mark, remotes: remotes))
      }
    }
    return actions
  }

  /// Forgets every batch recorded: the server's state now includes what they did.
  func clearSending() throws(StateError) {
    try db.execute("DELETE FROM sending")
  }

  private func bindText(_ statement: SQLiteStatement, _ index: Int32, _ text: String?) {
    if let text {
      statement.bind(index, text)
    } else {
      statement.bind(index, nil as Int64?)
    }
  }

  /// Names joined one a line; each made one line first, so none can split in two.
  private static func joined(_ names: [String]) -> String {
    names.map { ServerText.oneLine($0) }.filter { !$0.isEmpty }.joined(separator: "\n")
  }

  private static func lines(_ text: String?) -> [String] {
    guard let text, !text.isEmpty else { return [] }
    return text.split(separator: "\n").map(String.init)
  }
}

/// An item's text and pictures as the copy stores them: plain text, capped, and the picture
/// addresses servers leave in the HTML (FreshRSS keeps a feed's Media RSS only as an
/// `enclosure` and an `<img class="enclosure-thumbnail">` in the summary).
struct AccountItemText {
  var title: String?
  var author: String?
  var summary: String?
  /// The `<img class="enclosure-thumbnail">` (a media:thumbnail the server folded in).
  var thumbnail: String?
  /// The summary's first `<img>`.
  var firstImage: String?
  /// Image enclosures, in order.
  var images: [String]
  /// Published time, else crawl time, in seconds: the order items are shown in.
  var sort: Int64

  /// The most summary text kept per item.
  static let summaryLimit = 16_384

  init(_ item: RemoteItem) {
    title = item.title.map(Self.plain)
    let html = item.summaryHTML ?? ""
    let credits = Self.enclosureCredits(html)
    author = item.author.map(Self.plain).flatMap { $0.isEmpty ? nil : $0 } ?? credits.first
    var text = HTMLText.plainText(Self.withoutEnclosureNotes(html))
    if text.utf8.count > Self.summaryLimit {
      text = String(decoding: text.utf8.prefix(Self.summaryLimit), as: UTF8.self)
    }
    summary = text.isEmpty ? nil : text
    firstImage = HTMLText.firstImageSource(html)
    thumbnail = Self.enclosureThumbnail(html)
    images = item.enclosures.filter(\.isImage).map(\.url)
    sort = item.published.map { Int64($0.timeIntervalSince1970) } ?? item.crawled / 1_000_000
  }

  /// Server text that may carry character references (`&amp;`) as plain text.
  static func plain(_ text: String) -> String {
    text.contains("&") ? HTMLText.decodingEntities(text) : text
  }

  /// The names FreshRSS writes as `<p class="enclosure-credits">© NAME</p>` for a Media RSS
  /// credit it keeps (the only trace of an artist whose feed names them in `media:credit`),
  /// in order; addresses (DeviantArt credits the avatar's too) left out.
  static func enclosureCredits(_ html: String) -> [String] {
    var names: [String] = []
    var rest = html[...]
    while names.count < 8, let marker = ServerText.range(of: "enclosure-credits", in: rest),
      let open = rest[marker.upperBound...].firstIndex(of: ">"),
      let close = ServerText.range(of: "</p>", in: rest[open...])
    {
      var name = Self.plain(
        HTMLText.plainText(String(rest[rest.index(after: open)..<close.lowerBound])))
      name = name.trimmingCharacters(in: .whitespacesAndNewlines)
      if name.hasPrefix("©") {
        name = String(name.dropFirst()).trimmingCharacters(in: .whitespaces)
      }
      if !name.isEmpty, !name.contains("://") { names.append(name) }
      rest = rest[close.upperBound...]
    }
    return names
  }

  /// The summary without the credits and picture descriptions FreshRSS appends to it: the
  /// credits become the artist, the descriptions are the pictures' alt texts, not the post.
  static func withoutEnclosureNotes(_ html: String) -> String {
    var html = html
    for (marker, end) in [
      ("enclosure-credits", "</p>"), ("enclosure-description", "</figcaption>"),
    ] {
      var guardCount = 0
      while guardCount < 64, let found = ServerText.range(of: marker, in: html[...]),
        let open = ServerText.range(of: "<", in: html[..<found.lowerBound], backwards: true),
        let close = ServerText.range(of: end, in: html[found.upperBound...])
      {
        html.removeSubrange(open.lowerBound..<close.upperBound)
        guardCount += 1
      }
    }
    return html
  }

  /// The `src` of the `<img>` whose class is FreshRSS's `enclosure-thumbnail`.
  static func enclosureThumbnail(_ html: String) -> String? {
    guard let marker = ServerText.range(of: "enclosure-thumbnail", in: html[...]),
      let open = ServerText.range(of: "<img", in: html[..<marker.lowerBound], backwards: true)
    else { return nil }
    return HTMLText.firstImageSource(String(html[open.lowerBound...]))
  }
}
