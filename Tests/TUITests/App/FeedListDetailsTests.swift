import FeedCore
import FeedModel
import Foundation
import Testing

@testable import TUI

/// The feed list's rough edges (issue 21): what a refresh leaves on the status line, Enter on
/// a failed feed, "retry in 5 min", tags and the tag filter.
@Suite("Feed list: errors, retries and tags")
struct FeedListDetailsTests {
  @Test("r on a feed that refreshes fine leaves no error about the others")
  func refreshOneLeavesNoStaleError() {
    var state = PageStackTests.opened()
    #expect(state.status == "Error: 1 feed failed", "the opening read saw Broken fail")
    state.press(.down)  // North
    #expect(state.update(.key(.character("r"))) == [.refreshFeeds(generation: 2, [0])])
    state.send([
      .feedRead(generation: 2, feed: 0, PageStackTests.refresh(0, PageStackTests.north)),
      .feedsRead(generation: 2),
    ])
    // The line says what this refresh did, and nothing of the others.
    #expect(state.status == "Refreshed “North”", "\(state.status ?? "")")
    #expect(state.screenText.contains("error: HTTP 500 oops"), "Broken's row still says it")
    // Refreshing Broken itself, which fails again, says so.
    state.press(.end)
    _ = state.update(.key(.character("r")))
    state.send([
      .feedRead(generation: 3, feed: 2, PageStackTests.refresh(2, nil)), .feedsRead(generation: 3),
    ])
    #expect(
      state.status
        == "Refresh failed: “Broken” could not be fetched (HTTP 500 oops); nothing cached to show")
  }

  @Test(
    "Enter on a failed feed says why and what to do, even on a narrow screen",
    arguments: [40, 60, 100])
  func enterOnFailed(width: Int) {
    var state = PageStackTests.opened(width: width)
    state.press(.end, .enter)
    #expect(state.topPage == .feeds)
    let last = state.render(.fixed).trimmedLines.last ?? ""
    #expect(last.contains("Error: cannot open it: HTTP 500"), "\(last)")
    if width >= 60 { #expect(last.contains("(r tries again)"), "\(last)") }
  }

  @Test("R that keeps the old copies (a refused login) says why")
  func refreshRefused() {
    var state = PageStackTests.opened(width: 100)
    _ = state.update(.key(.character("R")))
    let url =
      URL(string: "http://ann@127.0.0.1:1/api/greader.php/feed/1") ?? URL(fileURLWithPath: "/")
    let reason = "home: 127.0.0.1:1: accounts/ClientLogin: HTTP 401: login refused"
    let stale = FeedRefresh(
      subscription: Subscription(source: "home: feed/1", address: .web(url)),
      result: .success(
        LoadedFeed(
          feed: Feed(format: .rss, title: "North", items: PageStackTests.north),
          address: .web(url),
          freshness: .cached(fetchedAt: RenderContext.fixed.now - 3600, reason: reason))))
    state.send([
      .feedRead(generation: 2, feed: 0, stale),
      .feedRead(generation: 2, feed: 1, PageStackTests.refresh(1, PageStackTests.south)),
      .feedRead(generation: 2, feed: 2, PageStackTests.refresh(2, PageStackTests.south)),
      .feedsRead(generation: 2),
    ])
    #expect(
      state.status
        == "Refresh incomplete: 1 of 3 feeds could not be fetched (\(reason)); "
        + "showing its cached copy", "\(state.status ?? "")")
  }

  @Test("every refresh ends with a line saying what happened, on whichever page is on top")
  func refreshSummaries() {
    var state = PageStackTests.opened(width: 100)
    // R, every feed fetched.
    _ = state.update(.key(.character("R")))
    state.send([
      .feedRead(generation: 2, feed: 0, PageStackTests.refresh(0, PageStackTests.north)),
      .feedRead(generation: 2, feed: 1, PageStackTests.refresh(1, PageStackTests.south)),
      .feedRead(generation: 2, feed: 2, PageStackTests.refresh(2, PageStackTests.south)),
      .feedsRead(generation: 2),
    ])
    #expect(state.status == "Refreshed 3 feeds")
    // R with the network down: every row keeps its copy, and the line says so.
    _ = state.update(.key(.character("R")))
    let cached: (Int) -> FeedRefresh = { feed in
      var refresh = PageStackTests.refresh(feed, PageStackTests.north)
      if case .success(var loaded) = refresh.result {
        loaded.freshness = .cached(
          fetchedAt: RenderContext.fixed.now - 600,
          reason: refresh.subscription.source + ": could not resolve host")
        refresh.result = .success(loaded)
      }
      return refresh
    }
    state.send(
      (0..<3).map { .feedRead(generation: 3, feed: $0, cached($0)) } + [.feedsRead(generation: 3)])
    #expect(
      state.status
        == "Refresh failed: 3 feeds could not be fetched (could not resolve host); "
        + "showing cached copies")
    let last = state.render(.fixed).trimmedLines.last ?? ""
    #expect(last.contains("Refresh failed: 3 feeds"), "\(last)")
    // r on a feed's own page: the line names the feed, over that page.
    state.press(.down, .enter)
    #expect(state.topPage == .items)
    _ = state.update(.key(.character("r")))
    state.send([.feedRead(generation: 4, feed: 0, cached(0)), .feedsRead(generation: 4)])
    #expect(state.topPage == .items)
    #expect(
      state.status
        == "Refresh failed: “North” could not be fetched (could not resolve host); "
        + "showing its cached copy")
  }

  @Test("a feed whose server asked to wait says when artfeed will ask again")
  func retryIn() {
    var state = PageStackTests.opened(width: 100)
    var refresh = PageStackTests.refresh(2, nil)
    refresh.retryAt = RenderContext.fixed.now.addingTimeInterval(5 * 60)
    _ = state.update(.key(.character("R")))
    state.send([.feedRead(generation: 2, feed: 2, refresh), .feedsRead(generation: 2)])
    let row = state.render(.fixed).trimmedLines.first { $0.contains("Broken") } ?? ""
    #expect(row.contains("retry in 5 min · error: HTTP 500 oops"), "\(row)")
    // Once the time has passed, the row says the error alone.
    let later = RenderContext(
      now: RenderContext.fixed.now + 600, timeZone: RenderContext.fixed.timeZone)
    let rowLater = state.render(later).trimmedLines.first { $0.contains("Broken") } ?? ""
    #expect(!rowLater.contains("retry in"), "\(rowLater)")
  }

  @Test("tags show in the rows; t shows one tag's feeds, then the next, then all")
  func tags() {
    var state = AppState(
      feedTitles: ["North", "South", "West"], tags: [["art"], ["photo", "art"], []], width: 70,
      height: 12)
    let rows = state.render(.fixed).trimmedLines
    #expect(rows.contains { $0.contains("North [art]") })
    #expect(rows.contains { $0.contains("South [photo, art]") })
    #expect(rows.last?.contains("t tags") == true)
    state.press(.character("t"))
    var screen = state.render(.fixed).trimmedLines
    #expect(screen[0].contains("tag: art"))
    #expect(screen.contains { $0.contains("North") } && screen.contains { $0.contains("South") })
    #expect(!screen.contains { $0.contains("West") })
    #expect(state.status == "Feeds tagged “art”: 2 (t: the next tag)")
    state.press(.end)
    #expect(state.feedList?.selectedFeed == 1, "the last shown row is South")
    state.press(.character("t"))
    screen = state.render(.fixed).trimmedLines
    #expect(screen[0].contains("tag: photo"))
    #expect(!screen.contains { $0.contains("North") } && screen.contains { $0.contains("South") })
    #expect(state.feedList?.selectedFeed == 1, "South is still shown: still selected")
    state.press(.character("t"))
    screen = state.render(.fixed).trimmedLines
    #expect(!screen[0].contains("tag:") && screen.contains { $0.contains("West") })
    #expect(state.status == "Every feed")
  }

  @Test("under a tag, All items opens, counts and refreshes only the tagged feeds")
  func tagNarrowsAllItems() {
    var state = AppState(
      feedTitles: PageStackTests.titles, tags: [["art"], ["photo"], []], width: 70, height: 12)
    _ = state.startOpeningFeeds()
    state.send([
      .feedRead(generation: 1, feed: 0, PageStackTests.refresh(0, PageStackTests.north)),
      .feedRead(generation: 1, feed: 1, PageStackTests.refresh(1, PageStackTests.south)),
      .feedRead(generation: 1, feed: 2, PageStackTests.refresh(2, nil)),
      .feedsRead(generation: 1),
    ])
    #expect(state.render(.fixed).trimmedLines[1].contains("20 items"))
    state.press(.character("t"))
    #expect(state.feedList?.tagFilter == "art")
    let all = state.render(.fixed).trimmedLines[1]
    #expect(all.contains("All items") && all.contains("10 items"), "\(all)")
    state.press(.enter)
    #expect(state.itemsSource == .allItems)
    #expect(state.list.count == 10, "North's items only")
    #expect(state.list.items.map(\.guid) == PageStackTests.north.map(\.guid))
    #expect(state.render(.fixed).trimmedLines[0].contains("All items · tag: art · 10 items"))
    // r refreshes the tagged feeds, and their new lists keep the page narrowed.
    #expect(state.update(.key(.character("r"))) == [.refreshFeeds(generation: 2, [0])])
    state.send([
      .feedRead(generation: 2, feed: 0, PageStackTests.refresh(0, PageStackTests.north)),
      .feedsRead(generation: 2),
    ])
    #expect(state.list.count == 10)
    #expect(state.render(.fixed).trimmedLines[0].contains("tag: art"))
  }
}
