import FeedCore
import FeedModel
import Foundation
import Testing

@testable import TUI

/// The pages feeds -> items -> item, headless: what each key does on each page, going back
/// to where the reader was, and refreshes arriving under the reader.
@Suite("Page stack")
struct PageStackTests {
  static let titles = ["North", "South", "Broken"]

  /// A refresh result for subscription `feed` with `items` (nil: failed).
  static func refresh(_ feed: Int, _ items: [FeedItem]?, title: String? = nil) -> FeedRefresh {
    let url = URL(string: "http://127.0.0.1:1/\(feed).xml") ?? URL(fileURLWithPath: "/")
    let subscription = Subscription(source: url.absoluteString, address: .web(url), line: feed + 1)
    guard let items else {
      return FeedRefresh(
        subscription: subscription, result: .failure(LoadError(.unavailable, "HTTP 500 oops")))
    }
    let feedValue = Feed(format: .rss, title: title ?? titles[feed], items: items)
    return FeedRefresh(
      subscription: subscription,
      result: .success(LoadedFeed(feed: feedValue, address: .web(url), freshness: .live)))
  }

  static let north = Array(Fixtures.items[0..<10])
  static let south = Array(Fixtures.items[10..<20])

  /// A feed list whose three feeds were read: two lists and one failure.
  static func opened(width: Int = 70, height: Int = 16) -> AppState {
    var state = AppState(feedTitles: titles, width: width, height: height)
    let commands = state.startOpeningFeeds()
    #expect(commands == [.openFeeds(generation: 1)])
    state.send([
      .feedRead(generation: 1, feed: 0, refresh(0, north)),
      .feedRead(generation: 1, feed: 2, refresh(2, nil)),
      .feedRead(generation: 1, feed: 1, refresh(1, south)),
      .feedsRead(generation: 1),
    ])
    return state
  }

  @Test("the feed list shows All items, each feed's count and state, the error in one line")
  func feedList() {
    let state = Self.opened()
    #expect(state.topPage == .feeds)
    let lines = state.screenText.split(separator: "\n").map(String.init)
    #expect(lines[0].contains("artfeed · 3 feeds · 20 items"))
    #expect(lines[1].contains("▸ All items") && lines[1].contains("20 items"))
    #expect(
      lines[2].contains("North") && lines[2].contains("10 items") && lines[2].contains("fresh"))
    #expect(lines[3].contains("South") && lines[3].contains("fresh"))
    #expect(lines[4].contains("Broken") && lines[4].contains("error: HTTP 500 oops"))
    #expect(state.status == "Error: 1 feed failed")
    #expect(!state.isBusy)
  }

  @Test("Enter opens a feed's items; Esc comes back with the same feed selected")
  func openAndBack() {
    var state = Self.opened()
    state.press(.down, .down)
    #expect(state.feedList?.selectedFeed == 1)
    state.press(.enter)
    #expect(state.topPage == .items)
    #expect(state.itemsSource == .feed(1))
    #expect(state.list.count == 10 && state.list.title == "South")
    state.press(.down, .enter)
    #expect(state.topPage == .item)
    state.press(.escape)
    #expect(state.topPage == .items && state.list.selection == 1)
    state.press(.escape)
    #expect(state.topPage == .feeds)
    #expect(state.feedList?.selectedFeed == 1)
    #expect(state.screenText.contains("▸ South"))
    // q goes back from an items page over the list, and quits from the list.
    state.press(.enter)
    #expect(state.update(.key(.character("q"))) == [])
    #expect(state.topPage == .feeds)
    #expect(state.update(.key(.character("q"))) == [.quit])
  }

  @Test("All items merges every feed, newest first; a failed feed cannot be opened")
  func allItemsAndFailed() {
    var state = Self.opened()
    state.press(.enter)
    #expect(state.itemsSource == .allItems)
    #expect(state.list.count == 20)
    #expect(state.list.items.map(\.guid) == (0..<20).map { "guid-\($0)" })
    state.press(.escape, .end, .enter)
    #expect(state.topPage == .feeds)
    #expect(state.status == "Error: cannot open it: HTTP 500 oops (r tries again)")
  }

  @Test("R refreshes every feed, r the selected one; progress counts in the status line")
  func refreshKeys() {
    var state = Self.opened()
    #expect(state.update(.key(.character("R"))) == [.refreshFeeds(generation: 2, [])])
    #expect(state.isBusy)
    state.send([.feedRead(generation: 2, feed: 0, Self.refresh(0, Self.north))])
    #expect(state.screenText.contains("refreshing 1/3"))
    // The list stays usable: moving and opening work while the refresh runs.
    state.press(.down)
    #expect(state.feedList?.selectedFeed == 0)
    state.send([.feedsRead(generation: 2)])
    #expect(!state.isBusy)
    state.press(.down)
    #expect(state.update(.key(.character("r"))) == [.refreshFeeds(generation: 3, [1])])
    // A refresh replaced by another: the old one's results are ignored.
    #expect(
      state.update(.key(.character("R"))) == [.cancel(.feeds), .refreshFeeds(generation: 4, [])])
    state.send([.feedRead(generation: 3, feed: 1, Self.refresh(1, nil))])
    #expect(state.feedList?.entries[2].state == .fresh)
  }

  @Test("a refresh under the reader keeps the selected item on its screen line")
  func refreshKeepsPlace() {
    var state = Self.opened()
    state.press(.down, .enter)
    state.press(.down, .down, .down)
    let selected = state.list.selectedItem?.guid
    let line = state.list.visibleRows.first { $0.row == state.list.selection }?.y
    // Two new items arrive at the top of North, and one old one goes.
    let fresh = [
      Fixtures.item(100, author: "new", title: "Fresh one"),
      Fixtures.item(101, author: "new", title: "Fresh two"),
    ]
    let refreshed = fresh + Self.north.filter { $0.guid != "guid-1" }
    state.send([.feedRead(generation: 1, feed: 0, Self.refresh(0, refreshed))])
    #expect(state.list.count == 11)
    #expect(state.list.selectedItem?.guid == selected)
    #expect(state.list.visibleRows.first { $0.row == state.list.selection }?.y == line)
    #expect(state.list.selection == 4)
  }

  @Test("r on a feed's page refreshes it through the list; a failure says so on the page")
  func refreshFromItemsPage() {
    var state = Self.opened()
    state.press(.down, .down, .enter)
    #expect(state.update(.key(.character("r"))) == [.refreshFeeds(generation: 2, [1])])
    state.send([.feedRead(generation: 2, feed: 1, Self.refresh(1, nil)), .feedsRead(generation: 2)])
    #expect(
      state.status
        == "Refresh failed: “South” could not be fetched (HTTP 500 oops); nothing cached to show")
    #expect(state.list.count == 10, "the page keeps its items")
    state.press(.escape)
    #expect(state.feedList?.entries[2].state == .failed("HTTP 500 oops"))
    // On All items, r refreshes every feed.
    state.press(.home, .enter)
    #expect(state.update(.key(.character("r"))) == [.refreshFeeds(generation: 3, [])])
  }

  @Test("/ on the feed list searches every feed in All items; Esc in the prompt goes back")
  func searchAcross() {
    var state = Self.opened()
    state.press(.down)
    var commands = state.update(.key(.character("/")))
    #expect(state.topPage == .items && state.itemsSource == .allItems && state.prompt == "")
    commands = state.update(.key(.character("b")))
    #expect(commands.contains { if case .search(_, "b", .allItems) = $0 { true } else { false } })
    state.press(.escape)
    #expect(state.topPage == .feeds && state.feedList?.selectedFeed == 0)
    // Enter keeps the search; Esc then goes back to the feed list, as Esc in its prompt does.
    state.press(.character("/"))
    state.send("bob".map { Event.key(.character($0)) }, catalog: Self.north + Self.south)
    state.press(.enter)
    #expect(state.searchQuery == "bob" && state.list.count > 0)
    #expect(state.list.items.allSatisfy { $0.author == "bob" })
    #expect(state.screenText.contains("Esc feeds"), "the hint says where Esc goes")
    state.press(.escape)
    #expect(state.topPage == .feeds && state.feedList?.selectedFeed == 0)
    // A filter over the kept search comes off first; then Esc goes back to the feed list.
    state.press(.character("/"))
    state.send("bob".map { Event.key(.character($0)) }, catalog: Self.north + Self.south)
    state.press(.enter)
    state.press(.escape)
    #expect(state.topPage == .feeds)
  }

  @Test("help and the prompt sit over whichever page is on top")
  func overlays() {
    var state = Self.opened()
    state.press(.character("?"))
    #expect(state.showsHelp && state.screenText.contains("refresh every subscribed feed"))
    state.press(.escape)
    #expect(!state.showsHelp && state.topPage == .feeds)
    state.press(.down, .enter, .enter, .character("?"))
    #expect(state.showsHelp && state.topPage == .item)
  }

  @Test("Esc in the prompt after resizes brings the list back at the new size")
  func promptListResized() {
    // Found by the resize storm (TerminalAbuseTests): the list the prompt restores kept the
    // size it had when the prompt opened, and drawing it wrote past the screen's last line.
    var state = Fixtures.state(width: 100, height: 40)
    state.press(.character("/"))
    state.type("zz")
    state.send([.resize(width: 40, height: 12)])
    state.press(.escape)
    #expect(state.prompt == nil)
    #expect(state.list.visibleRows.allSatisfy { $0.y < 10 })
    #expect(state.render().height == 12)
    state.press(.character("/"))
    state.type("b")
    state.send([.resize(width: 30, height: 10)])
    state.press(.backspace)
    #expect(state.list.visibleRows.allSatisfy { $0.y < 8 })
    _ = state.render()
  }

  @Test("resizes re-lay every page; the feed list keeps its selection in view")
  func resize() {
    var state = Self.opened(height: 6)
    state.press(.end)
    #expect(state.feedList?.selection == 3)
    #expect(state.screenText.contains("▸ Broken"))
    state.send([.resize(width: 30, height: 5), .resize(width: 1, height: 1)])
    state.send([.resize(width: 70, height: 6)])
    #expect(state.screenText.contains("▸ Broken"))
  }
}
