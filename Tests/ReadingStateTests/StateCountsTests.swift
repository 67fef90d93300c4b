import Foundation
import Testing

@testable import FeedModel
@testable import ReadingState

/// The counts each feed keeps in its row (schema version 3) against the same counts made
/// from scratch, after every step of seeded random runs of every kind of write.
@Suite("Kept counts against counts from scratch")
struct StateCountsTests {
  /// Counts made from scratch: `current` is the test's own model of which items are in
  /// each feed's latest list; read flags, first-seen times and visits come from the file.
  func countedFromScratch(_ store: SQLiteStateStore, current: [FeedKey: Set<Int64>]) throws
    -> [FeedKey: FeedCounts]
  {
    let feeds = try store.db.prepare("SELECT id, key, last_visit FROM feeds")
    var counts: [FeedKey: FeedCounts] = [:]
    while try feeds.step() {
      let key = FeedKey(rawValue: feeds.text(1) ?? "")
      let visit = feeds.isNull(2) ? -1 : feeds.int64(2)
      var count = FeedCounts(
        lastVisit: feeds.isNull(2) ? nil : Date(timeIntervalSince1970: Double(visit)))
      let rows = try store.db.prepare(
        """
        SELECT m.item, NOT i.read, m.first_seen > \(visit) FROM memberships m
        JOIN items i ON i.id = m.item WHERE m.feed = \(feeds.int64(0))
        """)
      while try rows.step() {
        guard current[key, default: []].contains(rows.int64(0)) else { continue }
        count.total += 1
        count.unread += Int(rows.int64(1))
        count.new += Int(rows.int64(2))
      }
      counts[key] = count
    }
    return counts
  }

  /// "All items" over `feeds`, each current item once, from scratch (items' first-seen for
  /// new).
  func combinedFromScratch(
    _ store: SQLiteStateStore, _ feeds: [FeedKey], current: [FeedKey: Set<Int64>]
  ) throws -> FeedCounts {
    let visit = try store.db.integer("SELECT last_visit FROM feeds WHERE key = 'artfeed:all-items'")
    let items = feeds.reduce(into: Set<Int64>()) { $0.formUnion(current[$1, default: []]) }
    var counts = FeedCounts(lastVisit: visit.map { Date(timeIntervalSince1970: Double($0)) })
    for item in items {
      let row = try store.db.prepare(
        "SELECT NOT read, first_seen > \(visit ?? -1) FROM items WHERE id = \(item)")
      guard try row.step() else { continue }
      counts.total += 1
      counts.unread += Int(row.int64(0))
      counts.new += Int(row.int64(1))
    }
    return counts
  }

  @Test("every write keeps each feed's counts and All items' equal to counting from scratch")
  func randomRuns() throws {
    let feeds = [feedA, feedB, FeedKey(rawValue: "https://c.example/feed.xml")]
    for seed in UInt64(1)...12 {
      var random = SplitMix(seed: seed)
      let store = try StateScratch().open()
      var current: [FeedKey: Set<Int64>] = [:]
      var time = 0
      for step in 0..<60 {
        time += Int(random.next() % 3) * 43_200
        let feed = feeds[Int(random.next() % 3)]
        let some = (1...40).filter { _ in random.next() % 3 == 0 }.map {
          ItemKey(rawValue: Int64($0))
        }
        let change: String
        switch random.next() % 9 {
        case 0, 1:
          change = "observe"
          let complete = random.next() % 2 == 0
          try store.apply(.observe(feed, some, complete: complete), at: at(time))
          let seen = Set(some.map(\.rawValue))
          current[feed] = complete ? seen : current[feed, default: []].union(seen)
        case 2:
          change = "read"
          try store.apply(.setRead(some, random.next() % 3 != 0), at: at(time))
        case 3:
          change = "star"
          try store.apply(.setStarred(some, true), at: at(time))
        case 4:
          change = "feed read"
          try store.apply(.markFeedRead(feed), at: at(time))
        case 5:
          change = "all read"
          try store.apply(.markAllRead, at: at(time))
        case 6:
          change = "visit"
          let place = random.next() % 4 == 0 ? FeedKey.allItems : feed
          try store.apply(.visit(place, at(time)), at: at(time))
        case 7:
          change = "prune"
          try store.prune(leftBefore: at(time - 86_400 * 2))
          for (feed, items) in current {
            current[feed] = items.filter { item in
              (try? store.db.integer(
                "SELECT count(*) FROM memberships m JOIN feeds f ON f.id = m.feed "
                  + "WHERE f.key = '\(feed.rawValue)' AND m.item = \(item)")) == 1
            }
          }
        default:
          change = "import"
          let items = some.map {
            StateSnapshot.Item(
              id: $0.description, read: random.next() % 2 == 0, starred: false,
              firstSeen: 1_700_000_000, changed: 1_700_000_000 + Int64(time) + 1)
          }
          try store.merge(
            StateSnapshot(
              items: items,
              feeds: [
                StateSnapshot.Feed(key: feed.rawValue, lastVisit: 1_700_000_000 + Int64(time))
              ]))
        }
        let kept = try store.counts()
        let counted = try countedFromScratch(store, current: current)
        #expect(kept == counted, "seed \(seed) step \(step) after \(change)")
        let copies = try store.db.integer(
          "SELECT count(*) FROM memberships m JOIN items i ON i.id = m.item WHERE m.unread = i.read"
        )
        #expect(copies == 0, "seed \(seed) step \(step): unread copies disagree after \(change)")
        for subset in [feeds, Array(feeds.prefix(2)), [feeds[2]]] {
          #expect(
            try store.combinedCounts(of: subset)
              == combinedFromScratch(store, subset, current: current),
            "seed \(seed) step \(step) after \(change), \(subset.count) feeds")
        }
        if kept != counted || copies != 0 { return }
      }
    }
  }

  @Test("All items without its new count reads no item: total and unread only")
  func combinedWithoutNew() throws {
    let store = try StateScratch().open()
    try store.apply(.observe(feedA, keys(1...6), complete: true), at: at(0))
    try store.apply(.observe(feedB, keys(4...9), complete: true), at: at(0))
    try store.apply(.setRead(keys(5...7), true), at: at(1))
    let counts = try store.combinedCounts(of: [feedA, feedB], countingNew: false)
    #expect(counts.total == 9 && counts.unread == 6 && counts.new == 0)
  }
}

/// A small seeded generator (SplitMix64), so a failing run can be repeated.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
