import Foundation
import Testing

@testable import FeedModel
@testable import ReadingState

@Suite("State schema migrations")
struct StateMigrationTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/state-v1.db")

  /// The fixture copied into `scratch` (migrations write; the committed file never changes).
  func copyFixture(to scratch: StateScratch) throws {
    try FileManager.default.copyItem(at: Self.fixture, to: scratch.url)
  }

  func schema(_ db: SQLiteConnection) throws -> [String] {
    let rows = try db.prepare("SELECT sql FROM sqlite_master WHERE sql NOT NULL ORDER BY name")
    var sql: [String] = []
    while try rows.step() { sql.append(rows.text(0) ?? "") }
    return sql
  }

  @Test("the committed v1 fixture has exactly the schema version 1's SQL makes")
  func fixtureIsVersion1() throws {
    let fixture = try SQLiteConnection(path: Self.fixture.path, readOnly: true)
    #expect(try StateSchema.version(of: fixture) == 1)
    let fresh = try SQLiteConnection(path: ":memory:")
    try StateSchema.migrate(fresh, to: 1)
    #expect(try schema(fixture) == schema(fresh))
  }

  @Test("a v1 database upgrades to the latest version with every mark and count kept")
  func upgradeKeepsMarks() throws {
    let scratch = try StateScratch()
    try copyFixture(to: scratch)
    let store = try scratch.open()
    #expect(try StateSchema.version(of: store.db) == StateSchema.latest)
    #expect(StateSchema.latest >= 2)
    let marks = try store.marks(of: keys(1...6))
    #expect(marks[ItemKey(rawValue: 1)] == ItemMarks(read: true, starred: false, firstSeen: at(0)))
    #expect(
      marks[ItemKey(rawValue: 2)] == ItemMarks(read: false, starred: true, firstSeen: at(100)))
    #expect(marks[ItemKey(rawValue: 3)] == ItemMarks(read: true, starred: true, firstSeen: at(200)))
    #expect(
      marks[ItemKey(rawValue: 5)] == ItemMarks(read: false, starred: false, firstSeen: at(400)))
    #expect(marks[ItemKey(rawValue: 6)] == nil)
    let counts = try store.counts()
    #expect(counts[feedA] == FeedCounts(total: 4, unread: 2, new: 1, lastVisit: at(250)))
    #expect(
      counts[FeedKey(rawValue: "/home/reader/local.rss")] == FeedCounts(total: 2, unread: 2, new: 2)
    )
    // Version 2's column: a v1 mark's change time is its first-seen time.
    let exported = try store.export().items.map { ($0.id, $0.changed) }
    #expect(exported.count == 3)
    #expect(
      exported.allSatisfy { id, changed in
        changed == 1_700_000_000
          + [1: 0, 2: 100, 3: 200][ItemKey(hex: id)?.rawValue ?? 0, default: -1]
      })
    // And the upgraded database takes new marks.
    try store.apply(.setRead(keys(4...4), true), at: at(1000))
    #expect(try store.counts()[feedA]?.unread == 1)
    #expect(try store.db.text("PRAGMA integrity_check") == "ok")
  }

  /// Every schema object as SQLite keeps it, white space taken out (`ALTER TABLE` appends
  /// its column to the stored `CREATE TABLE` text with its own spacing).
  func objects(_ db: SQLiteConnection) throws -> [String] {
    let rows = try db.prepare(
      "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master ORDER BY name")
    var objects: [String] = []
    while try rows.step() {
      let parts = (0..<4).map { rows.text(Int32($0)) ?? "" }
      objects.append(parts.joined(separator: "|").filter { !$0.isWhitespace })
    }
    return objects
  }

  @Test("a new database gets the latest tables at once, exactly what the migrations make")
  func freshSchemaIsTheMigrations() throws {
    let stepwise = try SQLiteConnection(path: ":memory:")
    try StateSchema.migrate(stepwise, to: 1)
    try StateSchema.migrate(stepwise)
    let fresh = try SQLiteConnection(path: ":memory:")
    try StateSchema.migrate(fresh)
    #expect(try StateSchema.version(of: fresh) == StateSchema.latest)
    #expect(try StateSchema.version(of: stepwise) == StateSchema.latest)
    let made = try objects(fresh)
    #expect(made.count >= 15)
    #expect(made == (try objects(stepwise)))
    // A column's type, default and key, as SQLite reads them (not only the text).
    for table in ["items", "feeds", "memberships", "follows"] {
      let columns = { (db: SQLiteConnection) throws -> [String] in
        let rows = try db.prepare("SELECT * FROM pragma_table_xinfo('\(table)')")
        var found: [String] = []
        while try rows.step() {
          found.append((0..<7).map { rows.text(Int32($0)) ?? "-" }.joined(separator: ","))
        }
        return found
      }
      #expect(try columns(fresh) == columns(stepwise), "\(table)")
    }
  }

  static let fixtureV4 = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/state-v4.db")

  @Test("the committed v4 fixture has exactly the objects the migrations to version 4 make")
  func fixtureIsVersion4() throws {
    let fixture = try SQLiteConnection(path: Self.fixtureV4.path, readOnly: true)
    #expect(try StateSchema.version(of: fixture) == 4)
    let stepwise = try SQLiteConnection(path: ":memory:")
    try StateSchema.migrate(stepwise, to: 4)
    #expect(try objects(fixture) == objects(stepwise))
  }

  @Test("a v4 database upgrades keeping its marks, counts and queued marks, and can follow")
  func upgradeFromVersion4() throws {
    let scratch = try StateScratch()
    try FileManager.default.copyItem(at: Self.fixtureV4, to: scratch.url)
    let store = try scratch.open()
    #expect(try StateSchema.version(of: store.db) == StateSchema.latest)
    #expect(StateSchema.latest == 6)
    let marks = try store.marks(of: keys(1...5))
    #expect(marks[ItemKey(rawValue: 1)] == ItemMarks(read: true, starred: false, firstSeen: at(0)))
    #expect(marks[ItemKey(rawValue: 3)] == ItemMarks(read: true, starred: true, firstSeen: at(200)))
    #expect(
      marks[ItemKey(rawValue: 4)] == ItemMarks(read: false, starred: false, firstSeen: at(300)))
    #expect(
      try store.counts()[feedA] == FeedCounts(total: 4, unread: 2, new: 1, lastVisit: at(250)))
    #expect(try store.db.integer("SELECT count(*) FROM sync_queue") == 1)
    #expect(try store.db.integer("SELECT remote FROM account_items WHERE item = 5") == 77)
    #expect(try store.export().items.count == 4)
    #expect(try store.follows().isEmpty)
    #expect(try store.follow("Raven Quill", at: at(500)).isNew)
    #expect(try scratch.open().follows().map(\.name) == ["Raven Quill"])
    // Version 4's triggers still queue an account item's marks.
    try store.apply(.setStarred(keys(5...5), true), at: at(600))
    #expect(try store.db.integer("SELECT count(*) FROM sync_queue") == 2)
    #expect(try store.db.text("PRAGMA integrity_check") == "ok")
  }

  static let fixtureV5 = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/state-v5.db")

  @Test("the committed v5 fixture has exactly the objects the migrations to version 5 make")
  func fixtureIsVersion5() throws {
    let fixture = try SQLiteConnection(path: Self.fixtureV5.path, readOnly: true)
    #expect(try StateSchema.version(of: fixture) == 5)
    let stepwise = try SQLiteConnection(path: ":memory:")
    try StateSchema.migrate(stepwise, to: 5)
    #expect(try objects(fixture) == objects(stepwise))
  }

  @Test("a v5 database upgrades keeping marks, follows and exports; its items learn artists")
  func upgradeFromVersion5() throws {
    let scratch = try StateScratch()
    try FileManager.default.copyItem(at: Self.fixtureV5, to: scratch.url)
    let store = try scratch.open()
    #expect(try StateSchema.version(of: store.db) == 6)
    let marks = try store.marks(of: keys(1...5))
    #expect(marks[ItemKey(rawValue: 3)] == ItemMarks(read: true, starred: true, firstSeen: at(200)))
    #expect(
      try store.counts()[feedA] == FeedCounts(total: 4, unread: 2, new: 1, lastVisit: at(250)))
    #expect(try store.follows().map(\.name) == ["Raven Quill"])
    #expect(try store.db.integer("SELECT count(*) FROM items WHERE artist IS NOT NULL") == 0)
    let exported = try store.export()
    #expect(exported.items.count == 4 && exported.follows.map(\.name) == ["Raven Quill"])
    // Recording the feed again gives the items it holds their artists.
    let raven = ArtistIdentity.hash("raven-quill")
    try store.apply(
      .observe(feedA, keys(1...4), complete: true, artists: [raven, nil, raven, nil]), at: at(700))
    #expect(
      try store.db.integer("SELECT count(*) FROM items WHERE artist = \(raven ?? 0)") == 2)
    #expect(try store.summary().pruned == nil)
    // An old artfeed's import still merges into it.
    let merged = try store.merge(
      StateSnapshot(
        items: [
          .init(
            id: ItemKey(rawValue: 9).description, read: true, starred: false,
            firstSeen: 1_700_000_900, changed: 1_700_000_900)
        ], feeds: []))
    #expect(merged == 1)
    #expect(try store.db.text("PRAGMA integrity_check") == "ok")
  }

  @Test("a database that has tables but no version is migrated step by step, not overwritten")
  func freshOnlyWhenEmpty() throws {
    let db = try SQLiteConnection(path: ":memory:")
    try db.execute("CREATE TABLE other(x INTEGER); INSERT INTO other VALUES (7)")
    try StateSchema.migrate(db)
    #expect(try StateSchema.version(of: db) == StateSchema.latest)
    #expect(try db.integer("SELECT x FROM other") == 7)
    #expect(try db.integer("SELECT count(*) FROM sqlite_master WHERE name = 'items'") == 1)
  }

  @Test("upgrading twice, or from two connections, does the work once")
  func upgradeIsIdempotent() throws {
    let scratch = try StateScratch()
    try copyFixture(to: scratch)
    let first = try scratch.open()
    let second = try scratch.open()
    #expect(try StateSchema.version(of: second.db) == StateSchema.latest)
    #expect(try first.readCount() == 2 && second.readCount() == 2)
  }

  @Test("a database from a newer artfeed is refused and left untouched")
  func newerVersion() throws {
    let scratch = try StateScratch()
    try copyFixture(to: scratch)
    let raw = try SQLiteConnection(path: scratch.path)
    try raw.execute("PRAGMA user_version = 99")
    let before = try Data(contentsOf: scratch.url)
    #expect(throws: StateError.self) { try scratch.open() }
    do {
      _ = try scratch.open()
    } catch let error as StateError {
      #expect(error.kind == .newerVersion && error.description.contains("99"))
    }
    #expect(try Data(contentsOf: scratch.url) == before)
    let opened = try #require(StateFile.open(at: scratch.url))
    #expect(!opened.isSaved && opened.notices.contains { $0.contains("newer") })
  }

  /// Versions this artfeed does not know, or that do not match their tables: below 0 (no
  /// artfeed writes one), 0 with tables in it, 2 over the latest version's tables, newer, the largest.
  static let unknownVersions: [Int64] = [-1, -2, Int64(Int32.min), 0, 2, 7, 99, Int64(Int32.max)]

  @Test(
    "a database of a version this artfeed does not know is refused in one line, untouched",
    arguments: unknownVersions)
  func unknownVersion(version: Int64) throws {
    let scratch = try StateScratch()
    do {
      let store = try scratch.open()
      try store.apply(.setRead(keys(1...3), true), at: at(0))
      try store.db.execute("PRAGMA user_version = \(version)")
    }
    let before = try Data(contentsOf: scratch.url)
    do {
      _ = try scratch.open()
      Issue.record("version \(version) opened")
    } catch let error as StateError {
      #expect(error.description.contains("version \(version)"), "\(error.description)")
      #expect(!error.description.contains("\n"))
      #expect(error.kind != .corrupt, "a file of an unknown version is never moved aside")
    }
    #expect(SQLiteStateStore.inMemoryCopy(of: scratch.path) == nil)
    let opened = try #require(StateFile.open(at: scratch.url, check: .schema))
    #expect(!opened.isSaved && opened.notices.count == 1, "\(opened.notices)")
    #expect(try Data(contentsOf: scratch.url) == before)
    let raw = try SQLiteConnection(path: scratch.path, readOnly: true)
    #expect(try StateSchema.version(of: raw) == Int(version))
  }
}
