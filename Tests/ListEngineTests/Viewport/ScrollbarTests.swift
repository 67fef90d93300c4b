import ListEngine
import Testing

@Suite("Scrollbar")
struct ScrollbarTests {
  /// Checks the thumb against the frame on several tracks; returns false on a mismatch.
  static func checkThumb(_ list: ListViewport<PeriodicRowKinds>, step: String) -> Bool {
    let lastShown = list.visibleRows.last
    let endShown = lastShown.map { $0.row == list.rowCount - 1 && $0.y + $0.height <= list.height }
    let topShown = list.visibleRows.first.map { $0.row == 0 && $0.y == 0 }
    for track in [3, 10, 25] {
      let thumb = list.scrollbar(trackHeight: track)
      let valid = thumb.length >= 1 && thumb.start >= 0 && thumb.start + thumb.length <= track
      let touchesBottom = thumb.start + thumb.length == track
      if !valid || touchesBottom != endShown || (thumb.start == 0) != topShown {
        Issue.record("\(step) track \(track): thumb \(thumb), end shown \(endShown as Any)")
        return false
      }
    }
    return true
  }

  @Test("the thumb touches the bottom exactly when the last row's bottom is on screen")
  func thumbTouchesBottomAtEnd() {
    // Estimates (2) are well below the real heights (1...7, mean 4).
    var list = TableViewport.make(rowCount: 300, height: 10) { row, _ in 1 + (row * 5) % 7 }
    var steps = 0
    while !list.isAtEnd {
      guard Self.checkThumb(list, step: "down \(steps)") else { return }
      list.scroll(byLines: 1)
      steps += 1
    }
    #expect(Self.checkThumb(list, step: "end"))
    while !list.isAtTop {
      list.scroll(byLines: -1)
      guard Self.checkThumb(list, step: "up") else { return }
    }
    #expect(steps > 100)
  }

  @Test("the thumb follows page moves, jumps and resizes")
  func thumbAfterJumps() {
    var list = TableViewport.make(rowCount: 5_000, height: 20, estimate: 9) { row, width in
      1 + (row + width) % 5
    }
    let moves: [(String, (inout ListViewport<PeriodicRowKinds>) -> Void)] = [
      ("page down", { $0.pageDown() }), ("jump to end", { $0.jumpToEnd() }),
      ("page up", { $0.pageUp() }), ("resize narrow", { $0.resize(width: 30, height: 20) }),
      ("jump to end", { $0.jumpToEnd() }), ("resize wide", { $0.resize(width: 120, height: 33) }),
      ("half page up", { $0.halfPageUp() }), ("jump to start", { $0.jumpToStart() }),
      ("select middle", { $0.select(row: 2_500) }),
    ]
    for (name, move) in moves {
      move(&list)
      list.checkInvariants()
      #expect(Self.checkThumb(list, step: name))
    }
  }

  @Test("the thumb's length and start are the screen's share and position in the total")
  func thumbProportions() {
    var list = TableViewport.make(rowCount: 100, height: 100) { _, _ in 10 }
    list.measure(rows: 0..<100)
    #expect(list.estimatedTotalHeight == 1_000)
    #expect(list.scrollbar(trackHeight: 20) == (0, 2))
    list.scroll(byLines: 450)
    list.checkInvariants()
    // Room 18, scrolled 450 of 900 lines: start 9.
    #expect(list.scrollbar(trackHeight: 20) == (9, 2))
    list.jumpToEnd()
    #expect(list.scrollbar(trackHeight: 20) == (18, 2))
  }

  @Test("a list that fits on the screen gets the whole track")
  func fittingListFillsTrack() {
    let list = TableViewport.make(rowCount: 3, height: 24) { _, _ in 4 }
    #expect(list.scrollbar(trackHeight: 24) == (0, 24))
    #expect(list.scrollbar(trackHeight: 0) == (0, 0))
  }
}
