import FeedCore
import FeedModel
import Foundation
import Testing
import TextLayout

@testable import TUI

@Suite("Loading while the search prompt is open")
struct LoadDuringPromptTests {
  @Test("a feed that finishes loading under the prompt is what Esc restores")
  func loadUnderPrompt() {
    var state = AppState(isOffline: true, width: 60, height: 20)
    guard case .load(let generation, _)? = state.startLoading().first else {
      Issue.record("no load command")
      return
    }
    state.press(.character("/"))
    state.send([
      .loaded(
        generation: generation,
        .success(LoadedList(title: "Feed", items: Fixtures.items, isOffline: true)))
    ])
    state.press(.escape)
    #expect(state.render().lines[0].contains("Feed · 30 items"))
    state.press(.character("/"))
    state.type("bob")
    state.press(.escape)
    #expect(state.render().lines[0].contains("Feed · 30 items"))
  }
}
