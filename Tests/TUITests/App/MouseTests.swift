import FeedCore
import FeedModel
import Foundation
import Testing

@testable import TUI

@Suite("Mouse")
struct MouseTests {
  @Test("a click selects the row under it; a double click opens it; the wheel scrolls")
  func mouse() {
    var state = Fixtures.state(width: 60, height: 30)
    let second = state.list.visibleRows[1]
    state.send([.mouse(MouseEvent(.click, x: 5, y: 1 + second.y + 1))])
    #expect(state.list.selection == second.row)
    state.send([.mouse(MouseEvent(.doubleClick, x: 5, y: 1 + second.y + 1))])
    #expect(state.detail != nil)
    state.send([.key(.escape)])
    let top = state.list.visibleRows.first?.y
    state.send([.mouse(MouseEvent(.wheelDown, x: 5, y: 5))])
    #expect(state.list.visibleRows.first?.y != top || state.list.visibleRows.first?.row != 0)
  }

  @Test("r reloads: a load command with a new generation; stale results are ignored")
  func reload() {
    var state = Fixtures.state()
    let commands = state.send([.key(.character("r"))])
    guard case .load(let generation, _)? = commands.first else {
      Issue.record("r gave \(commands)")
      return
    }
    #expect(state.isLoading)
    state.send([
      .loaded(
        generation: generation - 1, .success(LoadedList(title: "Old", items: [], isOffline: true)))
    ])
    #expect(state.list.count == 30, "a stale load is ignored")
    state.send([
      .loaded(
        generation: generation,
        .success(LoadedList(title: "New", items: Array(Fixtures.items.prefix(3)), isOffline: true)))
    ])
    #expect(state.list.count == 3)
    #expect(!state.isLoading)
  }
}
