import Foundation
import TestSupport
import Testing

@testable import FeedModel
@testable import ReadingState

/// Opening the state while other connections open, create, migrate or write it: every
/// opener ends up with the same, current database, or waits its turn; none fails with
/// "database is locked" (two `artfeed` processes started at once on a fresh data folder).
///
/// SQLite's locks work between connections of one process as between processes (its unix
/// VFS shares one lock table per file inside a process), so threads reproduce the race;
/// `StateCommandTests` runs it with real processes.
@Suite("Opening the state while others open or write it")
struct StateOpenRaceTests {
  /// Runs `body(i)` on `count` threads released at the same moment; returns their errors.
  func together(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> [String] {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    let errors = LockedList()
    for index in 0..<count {
      done.enter()
      Thread.detachNewThread {
        start.wait()
        do { try body(index) } catch { errors.append("thread \(index): \(error)") }
        done.leave()
      }
    }
    for _ in 0..<count { start.signal() }
    done.wait()
    return errors.values
  }

  @Test("eight connections opening a fresh database at once all open it, at the latest version")
  func freshDatabase() throws {
    for round in 0..<15 {
      let scratch = try StateScratch()
      let path = scratch.path
      let errors = together(8) { index in
        let store = try SQLiteStateStore(path: path)
        try store.apply(.setRead([ItemKey(rawValue: Int64(index + 1))], true), at: at(index))
      }
      #expect(errors.isEmpty, "round \(round): \(errors)")
      let store = try scratch.open()
      #expect(try StateSchema.version(of: store.db) == StateSchema.latest)
      #expect(try store.db.text("PRAGMA journal_mode") == "wal")
      #expect(try store.readCount() == 8, "round \(round)")
    }
  }

  @Test("eight StateFile.opens of a fresh data folder at once are all saved, none in memory")
  func freshFolder() throws {
    for round in 0..<10 {
      let directory = try TempDirectory()
      defer { directory.remove() }
      let url = directory.url.appendingPathComponent("data/artfeed/state.db")
      let errors = together(8) { _ in
        guard let opened = StateFile.open(at: url) else { throw StateError(.io, "nil") }
        guard opened.isSaved, opened.notices.isEmpty else {
          throw StateError(.io, "not saved: \(opened.notices)")
        }
      }
      #expect(errors.isEmpty, "round \(round): \(errors)")
    }
  }

  @Test("opening a fresh file while another connection writes it (rollback journal) waits")
  func freshFileBeingWritten() throws {
    let scratch = try StateScratch()
    let writer = Handed(try SQLiteConnection(path: scratch.path))
    try writer.value.execute(
      "BEGIN IMMEDIATE; CREATE TABLE other(x); INSERT INTO other VALUES(1)")
    let released = Date().addingTimeInterval(0.3)
    Thread.detachNewThread {
      Thread.sleep(until: released)
      try? writer.value.execute("COMMIT")
    }
    let store = try SQLiteStateStore(path: scratch.path)
    #expect(Date() >= released, "the open waited for the writer")
    #expect(try StateSchema.version(of: store.db) == StateSchema.latest)
    #expect(try store.db.integer("SELECT count(*) FROM other") == 1)
  }

  @Test("opening a database another connection holds a write transaction on waits, then opens")
  func heldWriteTransaction() throws {
    let scratch = try StateScratch()
    let first = Handed(try scratch.open())
    try first.value.db.execute("BEGIN IMMEDIATE")
    try first.value.db.execute("INSERT INTO items(id, first_seen) VALUES(7, 0)")
    let released = Date().addingTimeInterval(0.3)
    Thread.detachNewThread {
      Thread.sleep(until: released)
      try? first.value.db.execute("COMMIT")
    }
    // A WAL reader does not wait: the open goes on while the writer still holds its lock,
    // and its first write waits for it.
    let second = try scratch.open()
    try second.apply(.setRead(keys(7...8), true), at: at(1))
    #expect(Date() >= released)
    #expect(try second.readCount() == 2)
  }

  @Test("opening a v1 database that another connection is migrating waits for that migration")
  func migratingTogether() throws {
    for round in 0..<8 {
      let scratch = try StateScratch()
      try FileManager.default.copyItem(at: StateMigrationTests.fixture, to: scratch.url)
      let path = scratch.path
      let errors = together(6) { _ in _ = try SQLiteStateStore(path: path) }
      #expect(errors.isEmpty, "round \(round): \(errors)")
      let store = try scratch.open()
      #expect(try StateSchema.version(of: store.db) == StateSchema.latest)
      // Version 2 ran once: the v1 marks kept their change times (a second run would fail
      // on its ALTER TABLE, not change them).
      #expect(try store.export().items.count == 3)
    }
  }
}

/// Strings appended from several threads.
final class LockedList: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []

  func append(_ value: String) {
    lock.lock()
    list.append(value)
    lock.unlock()
  }

  var values: [String] {
    lock.lock()
    defer { lock.unlock() }
    return list
  }
}

/// A connection handed to one other thread, which alone uses it from then on.
final class Handed<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
