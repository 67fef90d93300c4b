import Foundation
import Testing

@testable import FeedModel
@testable import ReadingState

@Suite("SQLite state store")
struct SQLiteStateStoreTests {
  @Test("marks round-trip through a reopened file; unknown items have none")
  func roundTrip() throws {
    let scratch = try StateScratch()
    do {
      let store = try scratch.open()
      try store.apply(.observe(feedA, keys(1...3), complete: true), at: at(0))
      try store.apply(.setRead(keys(1...1), true), at: at(10))
      try store.apply(.setStarred(keys(2...2), true), at: at(20))
    }
    let marks = try scratch.open().marks(of: keys(1...4))
    #expect(marks[ItemKey(rawValue: 1)] == ItemMarks(read: true, firstSeen: at(0)))
    #expect(marks[ItemKey(rawValue: 2)] == ItemMarks(starred: true, firstSeen: at(0)))
    #expect(marks[ItemKey(rawValue: 3)] == ItemMarks(firstSeen: at(0)))
    #expect(marks[ItemKey(rawValue: 4)] == nil)
  }

  @Test("unread, total and new per feed, and All items counting a shared item once")
  func counts() throws {
    let store = try StateScratch().open()
    try store.apply(.observe(feedA, keys(1...4), complete: true), at: at(0))
    try store.apply(.visit(feedA, at(50)), at: at(50))
    try store.apply(.observe(feedA, keys(1...6), complete: true), at: at(100))
    try store.apply(.observe(feedB, keys(5...8), complete: true), at: at(100))
    try store.apply(.setRead(keys(1...2) + keys(5...5), true), at: at(200))
    let counts = try store.counts()
    #expect(counts[feedA] == FeedCounts(total: 6, unread: 3, new: 2, lastVisit: at(50)))
    #expect(counts[feedB] == FeedCounts(total: 4, unread: 3, new: 4))
    #expect(
      try store.combinedCounts(of: [feedA, feedB]) == FeedCounts(total: 8, unread: 5, new: 8))
    try store.apply(.visit(.allItems, at(150)), at: at(150))
    #expect(try store.combinedCounts(of: [feedA, feedB]).new == 0)
  }

  @Test("an item that left the feed's list no longer counts, and is not new when it is back")
  func leftAndBack() throws {
    let store = try StateScratch().open()
    try store.apply(.observe(feedA, keys(1...5), complete: true), at: at(0))
    try store.apply(.visit(feedA, at(10)), at: at(10))
    try store.apply(.observe(feedA, keys(3...7), complete: true), at: at(20))
    #expect(try store.counts()[feedA] == FeedCounts(total: 5, unread: 5, new: 2, lastVisit: at(10)))
    // A first batch only adds: 1 is current again, and was seen before the visit.
    try store.apply(.observe(feedA, keys(1...1), complete: false), at: at(30))
    #expect(try store.counts()[feedA] == FeedCounts(total: 6, unread: 6, new: 2, lastVisit: at(10)))
    try store.apply(.setRead(keys(1...2), true), at: at(40))
    #expect(try store.counts()[feedA]?.unread == 5, "2 is not in the list: it does not count")
  }

  /// With `others` items in another feed the 12 keys are a few of the items (the update
  /// seeks each); without, most of them (it passes over the table).
  @Test(
    "a bulk mark returns only the items it changed, and marking unread restores counts",
    arguments: [0, 200])
  func bulkChanges(others: Int64) throws {
    let store = try StateScratch().open()
    try store.apply(.observe(feedA, keys(1...10), complete: true), at: at(0))
    if others > 0 {
      try store.apply(.observe(feedB, keys(1_001...(1_000 + others)), complete: true), at: at(0))
    }
    try store.apply(.setRead(keys(1...3), true), at: at(1))
    let changed = try store.apply(.setRead(keys(1...12), true), at: at(2))
    #expect(Set(changed) == Set(keys(4...12)))
    #expect(try store.counts()[feedA]?.unread == 0)
    try store.apply(.setRead(changed, false), at: at(3))
    #expect(try store.counts()[feedA]?.unread == 7)
    #expect(try store.readCount() == 3)
    #expect(try store.counts()[feedB]?.unread ?? 0 == Int(others))
  }

  @Test("mark a feed read touches its items (also in other feeds) and nothing else")
  func markFeedRead() throws {
    let store = try StateScratch().open()
    try store.apply(.observe(feedA, keys(1...5), complete: true), at: at(0))
    try store.apply(.observe(feedB, keys(5...9), complete: true), at: at(0))
    let changed = try store.apply(.markFeedRead(feedA), at: at(1))
    #expect(Set(changed) == Set(keys(1...5)))
    let counts = try store.counts()
    #expect(counts[feedA]?.unread == 0 && counts[feedB]?.unread == 4)
    #expect(try store.apply(.markAllRead, at: at(2)).count == 4)
    #expect(try store.counts()[feedB]?.unread == 0)
  }

  @Test("pruning removes items gone from every feed past the retention, never starred ones")
  func prune() throws {
    let store = try StateScratch().open()
    let day = 86_400
    try store.apply(.observe(feedA, keys(1...4), complete: true), at: at(0))
    try store.apply(.observe(feedB, keys(4...4) + keys(9...9), complete: true), at: at(0))
    try store.apply(.setRead(keys(1...1), true), at: at(10))
    try store.apply(.setStarred(keys(2...2), true), at: at(10))
    // Later loads: 1, 2 and 4 left feed A; 4 stays in feed B; feed B is not loaded again.
    try store.apply(.observe(feedA, keys(3...3), complete: true), at: at(3 * day))
    try store.apply(.observe(feedA, keys(3...3), complete: true), at: at(40 * day))
    #expect(try store.prune(leftBefore: at(30 * day)) == 1)
    let left = try store.marks(of: keys(1...9))
    #expect(Set(left.keys) == Set([2, 3, 4, 9].map(ItemKey.init(rawValue:))))
    // An item still in its feed is never pruned, however old.
    #expect(try store.prune(leftBefore: at(400 * day)) == 0)
  }

  @Test("a partial list does not count as the feed's whole list for pruning")
  func partialObservation() throws {
    let store = try StateScratch().open()
    try store.apply(.observe(feedA, keys(1...4), complete: true), at: at(0))
    try store.apply(.observe(feedA, keys(1...1), complete: false), at: at(90 * 86_400))
    #expect(try store.prune(leftBefore: at(60 * 86_400)) == 0)
  }

  @Test("export then import into an empty store gives the same export")
  func exportImportRoundTrip() throws {
    let source = try StateScratch().open()
    try source.apply(.observe(feedA, keys(1...5), complete: true), at: at(0))
    try source.apply(.setRead(keys(1...3), true), at: at(5))
    try source.apply(.setStarred(keys(3...4), true), at: at(6))
    try source.apply(.visit(feedA, at(7)), at: at(7))
    let exported = try source.export()
    #expect(exported.items.count == 4 && exported.feeds.count == 1)
    let decoded = try StateSnapshot.decode(exported.encoded())
    #expect(decoded == exported)
    let target = try StateScratch().open()
    #expect(try target.merge(decoded) == 4)
    #expect(try target.export() == exported)
    // The import's marks apply to the feed once it is loaded there.
    try target.apply(.observe(feedA, keys(1...5), complete: true), at: at(100))
    #expect(try target.counts()[feedA]?.unread == 2)
  }

  @Test("an import keeps the later change of each item")
  func laterChangeWins() throws {
    let store = try StateScratch().open()
    try store.apply(.setRead(keys(1...2), true), at: at(100))
    let older = StateSnapshot.Item(
      id: ItemKey(rawValue: 1).description, read: false, starred: true, firstSeen: 0,
      changed: 1_700_000_050)
    let newer = StateSnapshot.Item(
      id: ItemKey(rawValue: 2).description, read: false, starred: true, firstSeen: 0,
      changed: 1_700_000_150)
    #expect(try store.merge(StateSnapshot(items: [older, newer], feeds: [])) == 1)
    let marks = try store.marks(of: keys(1...2))
    #expect(
      marks[ItemKey(rawValue: 1)]?.read == true && marks[ItemKey(rawValue: 1)]?.starred == false)
    #expect(
      marks[ItemKey(rawValue: 2)]?.read == false && marks[ItemKey(rawValue: 2)]?.starred == true)
  }

  @Test(
    "a bad export is refused in one line before anything is written",
    arguments: [
      ("{", "not JSON"), ("[]", "wrong type"), ("{\"format\":1,\"feeds\":[]}", "missing \"items\""),
      ("{\"format\":4,\"feeds\":[],\"items\":[]}", "format 4"),
      (
        "{\"format\":1,\"feeds\":[],\"items\":[{\"id\":\"zz\",\"read\":true,\"starred\":false,"
          + "\"firstSeen\":0,\"changed\":0}]}", "items[0].id"
      ),
      (
        "{\"format\":1,\"feeds\":[],\"items\":[{\"id\":\"0000000000000001\",\"read\":1,"
          + "\"starred\":false,\"firstSeen\":0,\"changed\":0}]}", "items[0].read"
      ),
    ])
  func badImport(text: String, expected: String) throws {
    do {
      _ = try StateSnapshot.decode(Data(text.utf8))
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.kind == .badInput)
      #expect(error.description.contains(expected), "\(error.description)")
      #expect(!error.description.contains("\n"))
    }
  }

  @Test("two connections marking at once from two threads lose no mark")
  func twoConnections() async throws {
    let scratch = try StateScratch()
    _ = try scratch.open()
    let path = scratch.path
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          guard let store = try? SQLiteStateStore(path: path) else { return }
          for index in 0..<300 {
            let key = ItemKey(rawValue: Int64(writer * 1000 + index))
            _ = try? store.apply(.setRead([key], true), at: at(index))
          }
        }
      }
    }
    #expect(try scratch.open().readCount() == 600)
  }
}
