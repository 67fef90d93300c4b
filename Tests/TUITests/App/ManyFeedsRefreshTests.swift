import FeedCore
import FeedModel
import Foundation
import Testing

@testable import TUI

/// `R` over many subscriptions: each arrival is O(1) on the feed list (its lists are changed
/// in place, never copied), names only its own feed, and "All items" merges once, at the
/// refresh's end.
@Suite("Many feeds refreshed")
struct ManyFeedsRefreshTests {
  static func titles(_ count: Int) -> [String] { (0..<count).map { "Feed \($0)" } }

  /// The address of the feed list's lists' storage: a copy of them (O(subscriptions)) is
  /// made while the old storage is still alive, so it always moves.
  static func storage(_ state: AppState) -> UnsafeRawPointer? {
    state.feedList?.feedLists.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test("a thousand arrivals during R change the feed list's lists in place")
  func inPlace() {
    let count = 1000
    var state = AppState(feedTitles: Self.titles(count), width: 80, height: 24)
    _ = state.startOpeningFeeds()
    state.send([.feedsRead(generation: 1)])
    #expect(state.update(.key(.character("R"))) == [.refreshFeeds(generation: 2, [])])
    let before = Self.storage(state)
    #expect(before != nil)
    var moved = 0
    for feed in 0..<count {
      let items = [Fixtures.item(feed, author: "artist\(feed % 7)", title: "Work \(feed)")]
      let refresh = PageStackTests.refresh(feed, items, title: "Feed \(feed)")
      state.send([.feedRead(generation: 2, feed: feed, refresh)])
      if Self.storage(state) != before { moved += 1 }
      // The list is usable throughout: a key moves the selection at once.
      state.press(feed % 2 == 0 ? .down : .up)
    }
    #expect(moved == 0, "the lists were copied \(moved) times")
    #expect(state.screenText.contains("refreshing 1000/1000"))
    state.send([.feedsRead(generation: 2)])
    #expect(state.feedList?.allItemsCount == count)
    #expect(state.feedList?.feedLists.compactMap { $0 }.count == count)
  }

  @Test("All items open during R: its list changes once, when the refresh ends")
  func allItemsAtTheEnd() {
    var state = PageStackTests.opened()
    state.press(.enter)
    #expect(state.itemsSource == .allItems && state.list.count == 20)
    #expect(state.update(.key(.character("R"))) == [.refreshFeeds(generation: 2, [])])
    let fresh = [Fixtures.item(100, author: "new", title: "Fresh")] + PageStackTests.north
    state.send([.feedRead(generation: 2, feed: 0, PageStackTests.refresh(0, fresh))])
    #expect(state.list.count == 20, "not merged again for one feed")
    state.send([.feedRead(generation: 2, feed: 1, PageStackTests.refresh(1, PageStackTests.south))])
    #expect(state.list.count == 20)
    state.send([.feedsRead(generation: 2)])
    #expect(state.list.count == 21, "merged once at the end, with the new item")
    #expect(state.list.items.contains { $0.guid == "guid-100" })
  }

  @Test("a feed's own page takes its new list as it arrives")
  func feedPageAtOnce() {
    var state = PageStackTests.opened()
    state.press(.down, .enter)
    #expect(state.itemsSource == .feed(0) && state.list.count == 10)
    _ = state.update(.key(.character("R")))
    let fresh = [Fixtures.item(100, author: "new", title: "Fresh")] + PageStackTests.north
    state.send([.feedRead(generation: 2, feed: 0, PageStackTests.refresh(0, fresh))])
    #expect(state.list.count == 11)
  }
}
