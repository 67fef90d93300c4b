import FeedCore
import Foundation
import Testing

@testable import FeedModel

/// "All items": newest first, each item once, undated at the end.
@Suite("All items")
struct AllItemsTests {
  static func item(_ guid: String, _ hour: Int?) -> FeedItem {
    var item = FeedItem()
    item.guid = guid
    item.title = guid
    item.published = hour.map { Date(timeIntervalSince1970: Double($0) * 3600) }
    return item
  }

  @Test("merged newest first, de-duplicated by ItemID, undated in feed order at the end")
  func merge() {
    let first = LoadedList(
      title: "A", items: [Self.item("a1", 5), Self.item("u1", nil), Self.item("same", 3)],
      freshness: .live)
    let second = LoadedList(
      title: "B", items: [Self.item("b1", 9), Self.item("same", 3), Self.item("u2", nil)],
      freshness: .cached(fetchedAt: Date(timeIntervalSince1970: 7), reason: "down"))
    let merged = AllItems.merge([first, second])
    #expect(merged.title == "All items")
    #expect(merged.items.map(\.guid) == ["b1", "a1", "same", "u1", "u2"])
    #expect(merged.freshness == .live)
    #expect(
      AllItems.merge([second]).freshness
        == .cached(fetchedAt: Date(timeIntervalSince1970: 7), reason: "down"),
      "every feed a copy for the same reason: that reason")
    let third = LoadedList(
      title: "C", items: [],
      freshness: .cached(fetchedAt: Date(timeIntervalSince1970: 9), reason: "up"))
    #expect(
      AllItems.merge([second, third]).freshness
        == .cached(
          fetchedAt: Date(timeIntervalSince1970: 7), reason: "2 of 2 feeds are cached copies"))
    #expect(AllItems.merge([]).items.isEmpty)
  }

  @Test("ages read as a list has room for them")
  func ages() {
    let now = Date(timeIntervalSince1970: 1_000_000)
    #expect(FeedAge.phrase(now, now: now) == "just now")
    #expect(FeedAge.phrase(now + 60, now: now) == "just now")
    #expect(FeedAge.phrase(now - 5 * 60, now: now) == "5 min ago")
    #expect(FeedAge.phrase(now - 3 * 3600 - 59, now: now) == "3 h ago")
    #expect(FeedAge.phrase(now - 3 * 86400, now: now) == "3 d ago")
  }
}
