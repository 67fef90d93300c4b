import FeedCore
import Foundation
import Testing

@testable import TUI

/// Esc while a big feed loads does what the status line's hint says, step by step: first it
/// leaves the search on screen (the load goes on), then it stops the load, and the list that
/// is left says it is partial (issue 17, item 12).
@Suite("Esc while loading, with a search shown")
struct CancelWhileSearchingTests {
  @Test("Esc leaves the search and the load goes on; Esc again stops it and marks the list partial")
  func escapeInOrder() throws {
    var (state, generation) = ProgressiveLoadTests.loading()
    state.send([
      .resize(width: 120, height: 20),
      .loadProgress(generation: generation, ProgressiveLoadTests.batch(0..<300)),
    ])
    state.press(.character("/"))
    state.type("bob")
    state.press(.enter)
    #expect(state.searchQuery == "bob")
    #expect(state.screenText.contains("Esc all items"), "the hint promises the whole feed")

    let commands = state.update(.key(.escape))
    #expect(!commands.contains(.cancel(.load)), "Esc left the search, it did not stop the load")
    #expect(state.searchQuery == nil)
    #expect(state.isLoading)
    #expect(state.list.count == 300)
    state.send([.loadProgress(generation: generation, ProgressiveLoadTests.batch(300..<500))])
    #expect(state.list.count == 500, "the load went on into the list on screen")

    let stop = state.update(.key(.escape))
    #expect(stop.contains(.cancel(.load)))
    #expect(!state.isLoading)
    #expect(state.list.isPartial)
    let lines = state.screenText.split(separator: "\n").map(String.init)
    #expect(lines.first?.contains("500 items · partial (r loads it all)") == true)
    #expect(
      lines.last?.contains("Cancelled: 500 items loaded, the rest not (r loads it all)") == true)
    // A late batch of the cancelled load changes nothing.
    state.send([.loadProgress(generation: generation, ProgressiveLoadTests.batch(500..<600))])
    #expect(state.list.count == 500)
  }

  @Test("a load that finishes leaves a whole list, not a partial one")
  func wholeListIsNotPartial() {
    var (state, generation) = ProgressiveLoadTests.loading()
    state.send([
      .loadProgress(generation: generation, ProgressiveLoadTests.batch(0..<100)),
      .loaded(generation: generation, .success(ProgressiveLoadTests.batch(100..<120))),
    ])
    #expect(!state.list.isPartial)
    #expect(state.screenText.split(separator: "\n").first?.contains("partial") == false)
  }
}
