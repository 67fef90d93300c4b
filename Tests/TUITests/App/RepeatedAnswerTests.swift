import FeedCore
import FeedModel
import Foundation
import Testing

@testable import TUI

/// One more letter often matches the same artists, and the index hands out the same answer
/// again: the list on screen is kept as it is, with the reader's place in it, instead of a
/// new list of a million rows being built on the keystroke.
@Suite("A repeated search answer")
struct RepeatedAnswerTests {
  @Test("the same answer keeps the list and its selection; another answer replaces it")
  func sameAnswerKeepsTheList() throws {
    var state = Fixtures.state(width: 80, height: 24)
    state.press(.character("/"))
    let base = ItemChunks(Fixtures.items)
    let answer = LoadedList(
      title: "Artist: a", chunks: ItemChunks(selecting: [0, 3, 6, 9, 12], of: base), rowKinds: nil,
      freshness: .local)
    func answered(_ query: String, _ list: LoadedList) throws {
      let commands = state.update(.key(.character(query.last ?? "a")))
      guard case .search(let generation, _, _)? = commands.first else {
        Issue.record("no search asked for \(query): \(commands)")
        return
      }
      _ = state.update(.searchResults(generation: generation, query: query, .success(list)))
    }
    try answered("a", answer)
    state.press(.down, .down)
    #expect(state.list.selection == 2)
    var longer = answer
    longer.title = "Artist: an"
    try answered("an", longer)
    #expect(state.list.selection == 2, "the same answer: the reader's place is kept")
    #expect(state.list.title == "Artist: an")
    let other = LoadedList(
      title: "Artist: a", chunks: ItemChunks(selecting: [0, 3, 6, 9, 12], of: base), rowKinds: nil,
      freshness: .local)
    try answered("ann", other)
    #expect(state.list.selection == 0, "another answer (equal items, new storage) is a new list")
  }
}
