import FeedCore
import Foundation
import Locking
import Testing

@testable import FeedModel
@testable import ReadingState

@Suite("Reader state (overlay and background writer)")
struct ReaderStateTests {
  /// A reader state on `scratch`'s file, collecting its events.
  final class Harness {
    let state: ReaderState
    let events = Locked<[StateEvent]>([])
    let store: SQLiteStateStore

    init(_ scratch: StateScratch, clock: Date = at(0)) throws {
      let store = try scratch.open()
      self.store = store
      let events = self.events
      state = ReaderState(
        store: store, reader: try scratch.open(), isSaved: true, clock: { clock },
        notify: { event in events.withLock { $0.append(event) } })
    }

    func settle() { #expect(state.finishWrites()) }
  }

  @Test("a mark shows at once and is on disk once the writer has run")
  func markShowsAtOnce() throws {
    let scratch = try StateScratch()
    let harness = try Harness(scratch)
    harness.state.setRead(keys(1...1), true)
    #expect(harness.state.marks(of: ItemKey(rawValue: 1)).read)
    #expect(harness.state.toggleStarred(ItemKey(rawValue: 2)).starred)
    harness.settle()
    let disk = try scratch.open().marks(of: keys(1...2))
    #expect(disk[ItemKey(rawValue: 1)]?.read == true && disk[ItemKey(rawValue: 2)]?.starred == true)
  }

  @Test("visible rows are read from the database in one batch and kept")
  func batchLookup() throws {
    let scratch = try StateScratch()
    let other = try scratch.open()
    try other.apply(.setRead(keys(2...3), true), at: at(0))
    let harness = try Harness(scratch)
    #expect(harness.state.marks(for: keys(1...4)).map(\.read) == [false, true, true, false])
  }

  @Test("undo of a bulk mark sets back only what it changed")
  func undo() throws {
    let scratch = try StateScratch()
    let harness = try Harness(scratch)
    harness.state.setRead(keys(1...2), true)
    harness.settle()
    let token = try #require(harness.state.setRead(keys(1...100), true))
    #expect(harness.state.marks(for: keys(1...100)).allSatisfy { $0.read })
    #expect(harness.state.undo(token))
    #expect(harness.state.marks(for: keys(1...4)).map(\.read) == [true, true, false, false])
    harness.settle()
    #expect(try scratch.open().readCount() == 2)
    #expect(!harness.state.undo(token))
  }

  @Test("only the last bulk mark can be undone")
  func onlyLastUndo() throws {
    let harness = try Harness(StateScratch())
    let first = try #require(harness.state.setRead(keys(1...5), true))
    let second = try #require(harness.state.setRead(keys(6...9), true))
    #expect(!harness.state.undo(first))
    #expect(harness.state.undo(second))
  }

  @Test("refresh shows marks another connection made; unsaved local marks stay")
  func refreshSeesOthers() throws {
    let scratch = try StateScratch()
    let harness = try Harness(scratch)
    #expect(harness.state.marks(of: ItemKey(rawValue: 7)).read == false)
    let other = try scratch.open()
    try other.apply(.setRead(keys(7...7), true), at: at(1))
    #expect(harness.state.marks(of: ItemKey(rawValue: 7)).read == false)
    harness.state.refresh()
    harness.settle()
    #expect(harness.state.marks(of: ItemKey(rawValue: 7)).read)
  }

  @Test("a full disk is reported once, marks stay in memory, and are written when space returns")
  func fullDisk() throws {
    let scratch = try StateScratch()
    let harness = try Harness(scratch)
    let pages = try #require(try harness.store.db.integer("PRAGMA page_count"))
    try harness.store.db.execute("PRAGMA max_page_count = \(pages)")
    let token = harness.state.setRead(keys(1...20_000), true)
    harness.state.setStarred(keys(5...5), true)
    harness.settle()
    let failures = harness.events.withLock { $0 }
    #expect(failures.count == 1)
    guard case .failed(let error) = failures.first else {
      Issue.record("no failure event: \(failures)")
      return
    }
    #expect(error.kind == .full, "\(error)")
    #expect(harness.state.marks(for: keys(1...5)).allSatisfy { $0.read })
    #expect(harness.state.marks(of: ItemKey(rawValue: 5)).starred)
    #expect(try scratch.open().readCount() == 0)
    #expect(token != nil)

    try harness.store.db.execute("PRAGMA max_page_count = 1000000")
    harness.state.setRead(keys(30_000...30_000), true)
    harness.settle()
    #expect(harness.events.withLock { $0.last } == .recovered)
    #expect(try scratch.open().readCount() == 20_001)
  }

  @Test("undo of a bulk mark that never reached the disk forgets it")
  func undoUnwritten() throws {
    let scratch = try StateScratch()
    let harness = try Harness(scratch)
    try harness.store.db.execute("PRAGMA query_only = 1")
    let token = try #require(harness.state.setRead(keys(1...50), true))
    harness.settle()
    #expect(harness.state.undo(token))
    #expect(!harness.state.marks(of: ItemKey(rawValue: 3)).read)
    try harness.store.db.execute("PRAGMA query_only = 0")
    harness.state.setRead(keys(60...60), true)
    harness.settle()
    #expect(try scratch.open().readCount() == 1)
  }

  @Test("observed feeds give counts, delivered as an event after earlier changes")
  func countsEvent() throws {
    let harness = try Harness(StateScratch())
    let items = (1...10).map { FeedItem(guid: "item-\($0)") }
    harness.state.observe(feedA, items: items, complete: true)
    harness.state.setRead([ItemKey(items[0])], true)
    harness.state.requestCounts(allItems: [feedA])
    harness.settle()
    let expected = FeedCounts(total: 10, unread: 9, new: 10)
    #expect(harness.state.latestCounts?.feeds[feedA] == expected)
    #expect(harness.state.latestCounts?.allItems == expected)
    #expect(
      harness.events.withLock { $0 } == [
        .counts(StateCounts(feeds: [feedA: expected], allItems: expected))
      ])
  }

  @Test("a visit returns the one before")
  func visit() throws {
    let scratch = try StateScratch()
    let harness = try Harness(scratch, clock: at(500))
    #expect(harness.state.visit(feedA) == nil)
    #expect(harness.state.visit(feedA) == at(500))
    harness.settle()
    #expect(try scratch.open().lastVisit(of: feedA) == at(500))
  }
}
