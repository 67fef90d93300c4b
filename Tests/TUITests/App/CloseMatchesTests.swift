import FeedCore
import FeedModel
import Foundation
import Testing

@testable import TUI

/// An artist search that matched nothing exactly and answers with names one typo away: the
/// page says "showing close matches".
@Suite("Close matches on the page")
struct CloseMatchesTests {
  /// The fixtures with the prompt open and `query` typed, answered with `items`, close or not.
  static func answered(_ query: String, items: [FeedItem], close: Bool) -> AppState {
    var state = Fixtures.state(width: 80, height: 24)
    state.press(.character("/"))
    var generation = 0
    for character in query {
      for case .search(let asked, _, _) in state.update(.key(.character(character))) {
        generation = asked
      }
    }
    var list = LoadedList(title: "Artist: \(query)", items: items, isOffline: true)
    list.closeMatches = close
    _ = state.update(.searchResults(generation: generation, query: query, .success(list)))
    return state
  }

  @Test("the prompt line says it while typing, the status line once the result is kept")
  func said() {
    let bob = Fixtures.items.filter { $0.author == "bob" }
    var state = Self.answered("bobbb", items: bob, close: true)
    let screen = state.render(.fixed).trimmedLines
    #expect(screen.last?.contains("Artist: bobbb▏  showing close matches") == true, "\(screen)")
    #expect(state.list.count == bob.count)
    state.press(.enter)
    #expect(state.status == "No artist matches “bobbb”: showing close matches")
  }

  @Test("an exact answer, and one that found nothing, say nothing of close matches")
  func notSaid() {
    let bob = Fixtures.items.filter { $0.author == "bob" }
    let exact = Self.answered("bob", items: bob, close: false)
    #expect(exact.render(.fixed).trimmedLines.last?.contains("close matches") == false)
    var none = Self.answered("bobbb", items: [], close: false)
    #expect(none.render(.fixed).trimmedLines.last?.contains("close matches") == false)
    none.press(.enter)
    #expect(none.status?.contains("close matches") != true)
  }
}
