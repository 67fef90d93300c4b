import Foundation
import Testing

@testable import FeedStore

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
}
