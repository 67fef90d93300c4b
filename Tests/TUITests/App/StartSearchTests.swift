import FeedCore
import FeedModel
import Foundation
import Testing
import TextLayout

@testable import TUI

@Suite("Starting on an artist (--artist)")
struct StartSearchTests {
  @Test("the search result shows first; the feed loaded meanwhile is there after Esc")
  func startOnArtist() {
    var state = AppState(isOffline: true, width: 60, height: 20)
    let load = state.startLoading()
    let search = state.startSearch("ann")
    guard case .load(let loadGeneration, _)? = load.first,
      case .search(let generation, let query, _)? = search.first
    else {
      Issue.record("commands were \(load) and \(search)")
      return
    }
    state.send([
      .searchResults(
        generation: generation, query: query,
        .success(
          LoadedList(
            title: "Artist: \(query)", items: ArtistMatch.search(Fixtures.items, query: query),
            isOffline: true)))
    ])
    state.send([
      .loaded(
        generation: loadGeneration,
        .success(LoadedList(title: "Feed", items: Fixtures.items, isOffline: true)))
    ])
    #expect(state.render().lines[0].contains("Artist: ann · 10 items"))
    state.press(.escape)
    #expect(state.render().lines[0].contains("Feed · 30 items"))
  }
}
