import FeedCore
import Testing

@testable import TUI

@Suite("Resize round trips")
struct ResizeRoundTripTests {
  @Test("100x30 -> 50x30 -> 100x30 gives the first screen back", arguments: [0, 3, 11, 29])
  func roundTrip(selected: Int) {
    var state = Fixtures.state(width: 100, height: 30)
    for _ in 0..<selected { state.press(.down) }
    let first = state.render().lines
    state.send([.resize(width: 50, height: 30)])
    state.send([.resize(width: 100, height: 30)])
    #expect(state.render().lines == first)
  }

  @Test("through tiny sizes the selected row comes back on the same line", arguments: [3, 11, 20])
  func throughTiny(selected: Int) {
    var state = Fixtures.state(width: 100, height: 30)
    for _ in 0..<selected { state.press(.down) }
    let first = state.render().lines
    for (w, h) in [(20, 10), (1, 1), (9, 3), (100, 30)] {
      state.send([.resize(width: w, height: h)])
    }
    #expect(state.render().lines == first)
  }
}
