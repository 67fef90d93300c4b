import FeedCore
import FeedModel
import Foundation
import Testing

@testable import TUI

/// An artist search on a source that asks a server: the matches already loaded at once
/// (`.searchProgress`), then the server's merged answer, and a failure said on the prompt line.
@Suite("Online artist search on the page")
struct OnlineSearchTests {
  /// A state showing the fixtures, a search typed in the prompt; returns its generation.
  static func typed(_ query: String) throws -> (AppState, Int) {
    var state = Fixtures.state(width: 80, height: 24)
    state.press(.character("/"))
    var generation = 0
    for character in query {
      let commands = state.update(.key(.character(character)))
      for case .search(let asked, _, _) in commands { generation = asked }
    }
    #expect(state.isSearching)
    return (state, generation)
  }

  static func list(_ items: [FeedItem], warnings: [String] = []) -> LoadedList {
    LoadedList(title: "Artist: ann", items: items, warnings: warnings, freshness: .live)
  }

  @Test("the loaded matches show at once, the spinner turns; the answer keeps the place")
  func progressThenAnswer() throws {
    var (state, generation) = try Self.typed("ann")
    let local = Fixtures.items.filter { $0.author == "ann" }
    _ = state.update(.searchProgress(generation: generation, query: "ann", Self.list(local)))
    #expect(state.list.count == local.count)
    #expect(state.isSearching, "the server is still being asked")
    #expect(state.render(.fixed).trimmedLines.last?.contains("searching") == true)
    _ = state.update(.key(.down))
    let selected = try #require(state.list.selectedItem)
    let extra = Fixtures.item(99, author: "ann")
    _ = state.update(
      .searchResults(generation: generation, query: "ann", .success(Self.list([extra] + local))))
    #expect(!state.isSearching)
    #expect(state.list.count == local.count + 1)
    #expect(state.list.selectedItem.map(ItemID.init) == ItemID(selected), "the same item selected")
  }

  @Test("a failed server is said on the prompt line while typing; the loaded matches stay")
  func failureWhileTyping() throws {
    var (state, generation) = try Self.typed("ann")
    let local = Fixtures.items.filter { $0.author == "ann" }
    _ = state.update(.searchProgress(generation: generation, query: "ann", Self.list(local)))
    _ = state.update(
      .searchResults(
        generation: generation, query: "ann",
        .success(Self.list(local, warnings: ["http://e/rss.xml?q=by:ann: HTTP 500"]))))
    let screen = state.render(.fixed).trimmedLines
    #expect(state.prompt == "ann", "still typing")
    #expect(screen.last?.contains("search failed: HTTP 500") == true, "\(screen.last ?? "")")
    #expect(state.list.count == local.count)
    // After Enter the status line says it in full.
    state.press(.enter)
    #expect(state.status?.hasPrefix("Search failed: HTTP 500") == true, "\(state.status ?? "")")
    #expect(state.status?.contains("showing the \(local.count) items found here") == true)
  }

  @Test("a late answer from what was loaded does not replace a newer search's")
  func staleProgress() throws {
    var (state, older) = try Self.typed("an")
    _ = state.update(.key(.character("n")))
    let before = state.list.items.map(ItemID.init)
    _ = state.update(
      .searchProgress(generation: older, query: "an", Self.list([Fixtures.item(77, author: "an")])))
    #expect(state.list.items.map(ItemID.init) == before, "the older search's answer is dropped")
    #expect(state.isSearching)
  }
}
