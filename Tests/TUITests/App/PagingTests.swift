import FeedCore
import FeedModel
import Foundation
import Testing

@testable import TUI

@Suite("Next pages, cancelling, freshness")
struct PagingTests {
  static let page2 = URL(fileURLWithPath: "/feeds/page2.xml")
  static let page3 = URL(fileURLWithPath: "/feeds/page3.xml")

  static func items(_ range: Range<Int>) -> [FeedItem] {
    range.map { FeedItem(title: "Item \($0)", guid: "g\($0)", author: "Ann") }
  }

  /// A state whose feed (20 items) has a next page, loaded through the events.
  static func loadedState(height: Int = 20) -> AppState {
    var state = AppState(isOffline: false, width: 60, height: height)
    let commands = state.startLoading()
    guard case .load(let generation, _)? = commands.first else {
      Issue.record("startLoading asked for no load: \(commands)")
      return state
    }
    _ = state.update(
      .loaded(
        generation: generation,
        .success(LoadedList(title: "Feed", items: items(0..<20), freshness: .live, nextPage: page2))
      ))
    return state
  }

  @Test("near the end the next page is asked for once, and appended without moving the screen")
  func pagesNearTheEnd() {
    var state = Self.loadedState()
    #expect(state.update(.key(.down)).isEmpty, "far from the end: no page yet")
    let commands = state.update(.key(.end))
    #expect(commands == [.loadPage(url: Self.page2, source: .main)])
    #expect(state.update(.key(.up)).isEmpty, "one page in flight at a time")
    #expect(state.render().lines.last?.contains("next page") == true, "the spinner says so")
    let before = state.render().lines
    let more = state.update(
      .pageLoaded(
        url: Self.page2,
        .success(
          LoadedList(
            title: "Feed", items: Self.items(20..<40), freshness: .live, nextPage: Self.page3))))
    #expect(state.list.count == 40)
    // The rows stay on their lines; only the scrollbar (the last column) follows the new total.
    let rows = { (lines: [String]) in lines.dropFirst().dropLast().map { String($0.dropLast()) } }
    #expect(rows(state.render().lines) == rows(before))
    #expect(more.isEmpty, "the reader is no longer near the end")
    #expect(state.update(.key(.end)) == [.loadPage(url: Self.page3, source: .main)])
  }

  @Test("an empty page or a page of items already shown ends the paging")
  func stopsAtEmptyOrDuplicatePage() {
    var state = Self.loadedState()
    _ = state.update(.key(.end))
    _ = state.update(
      .pageLoaded(
        url: Self.page2,
        .success(
          LoadedList(
            title: "Feed", items: Self.items(10..<20), freshness: .live, nextPage: Self.page3))))
    #expect(state.list.count == 20)
    #expect(state.update(.key(.end)).isEmpty)
    #expect(state.list.nextPage == nil)

    var other = Self.loadedState()
    _ = other.update(.key(.end))
    _ = other.update(
      .pageLoaded(
        url: Self.page2,
        .success(LoadedList(title: "Feed", items: [], freshness: .live, nextPage: Self.page3))))
    #expect(other.update(.key(.end)).isEmpty)
  }

  @Test("a page linking back to a page already seen ends the paging")
  func stopsAtLoop() {
    var state = Self.loadedState()
    _ = state.update(.key(.end))
    _ = state.update(
      .pageLoaded(
        url: Self.page2,
        .success(
          LoadedList(
            title: "Feed", items: Self.items(20..<30), freshness: .live, nextPage: Self.page2))))
    #expect(state.list.count == 30)
    #expect(state.update(.key(.end)).isEmpty)
  }

  @Test("a failed page says why in the status line and stops asking")
  func failedPage() {
    var state = Self.loadedState()
    _ = state.update(.key(.end))
    _ = state.update(.pageLoaded(url: Self.page2, .failure(LoadError(.unavailable, "x: HTTP 500"))))
    #expect(state.render().lines.last?.contains("Error: next page: x: HTTP 500") == true)
    #expect(state.update(.key(.end)).isEmpty)
  }

  @Test("Esc while loading cancels the load, and its late result is dropped")
  func escCancelsLoad() {
    var state = AppState(isOffline: false, width: 60, height: 20)
    let commands = state.startLoading()
    guard case .load(let generation, _)? = commands.first else {
      Issue.record("no load command")
      return
    }
    #expect(state.update(.key(.escape)) == [.cancel(.load)])
    #expect(!state.isBusy)
    _ = state.update(
      .loaded(
        generation: generation,
        .success(LoadedList(title: "Late", items: Self.items(0..<3), isOffline: false))))
    #expect(state.list.count == 0)
    #expect(state.render().lines.last?.contains("Cancelled") == true)
    #expect(
      state.update(.key(.character("r"))).first.map { if case .load = $0 { true } else { false } }
        == true)
  }

  @Test("Esc in the prompt cancels the search in flight")
  func escCancelsSearch() {
    var state = Self.loadedState()
    _ = state.update(.key(.character("/")))
    let typed = state.update(.key(.character("a")))
    #expect(typed.count == 1)
    #expect(state.isSearching)
    #expect(
      state.render().lines.last?.contains("searching") == true, "the prompt line shows the spinner")
    #expect(state.update(.key(.escape)) == [.cancel(.search)])
    #expect(!state.isSearching)
  }

  @Test("a cached copy says its age in the title bar and why in the status line")
  func cachedFreshness() throws {
    var state = AppState(isOffline: false, width: 80, height: 10)
    let commands = state.startLoading()
    let generation = try #require(commands.first?.loadGeneration)
    let fetchedAt = Date().addingTimeInterval(-3 * 3600 - 60)
    _ = state.update(
      .loaded(
        generation: generation,
        .success(
          LoadedList(
            title: "Feed", items: Self.items(0..<3),
            freshness: .cached(fetchedAt: fetchedAt, reason: "http://x/: connection refused")))))
    let lines = state.render().lines
    #expect(lines[0].contains("Feed · 3 items · cached 3 h ago"))
    #expect(lines.last?.contains("Showing the cached copy: http://x/: connection refused") == true)
  }

  @Test("a failed first load shows the reason and offers r")
  func failedLoad() throws {
    var state = AppState(isOffline: false, width: 80, height: 10)
    let generation = try #require(state.startLoading().first?.loadGeneration)
    _ = state.update(
      .loaded(
        generation: generation, .failure(LoadError(.unavailable, "http://x/: connection refused"))))
    let text = state.render().lines.joined(separator: "\n")
    #expect(text.contains("Could not load the feed. http://x/: connection refused. Press r to try"))
    #expect(state.loadFailure?.kind == .unavailable)
  }

  @Test("ages read as people say them")
  func ages() {
    let now = Date(timeIntervalSince1970: 1_000_000)
    #expect(AppState.age(since: now.addingTimeInterval(-5), now: now) == "just now")
    #expect(AppState.age(since: now.addingTimeInterval(-300), now: now) == "5 min ago")
    #expect(AppState.age(since: now.addingTimeInterval(-3 * 3600), now: now) == "3 h ago")
    #expect(AppState.age(since: now.addingTimeInterval(-50 * 3600), now: now) == "2 d ago")
    #expect(AppState.age(since: now.addingTimeInterval(60), now: now) == "just now")
  }
}
