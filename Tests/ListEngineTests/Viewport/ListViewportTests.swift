import ListEngine
import Testing

@Suite("Viewport rules")
struct ListViewportTests {
  @Test("resize keeps the anchored row on the same screen line")
  func resizeKeepsAnchor() {
    // Every row is 3 lines at width >= 50 and 5 lines below.
    var list = TableViewport.make(rowCount: 200, height: 12) { _, width in width >= 50 ? 3 : 5 }
    list.scroll(toRow: 50)
    list.scroll(byLines: 2)
    list.checkInvariants()
    #expect(list.anchor == ScrollAnchor(row: 50, line: 2))
    list.resize(width: 40, height: 12)
    list.checkInvariants()
    #expect(list.anchor == ScrollAnchor(row: 50, line: 2))
    #expect(list.visibleRows.first == VisibleRow(row: 50, y: -2, height: 5))
    list.scroll(byLines: 2)
    list.checkInvariants()
    #expect(list.anchor == ScrollAnchor(row: 50, line: 4))
    list.resize(width: 80, height: 12)
    list.checkInvariants()
    #expect(list.anchor == ScrollAnchor(row: 50, line: 2), "line clamped to the shorter row")
  }

  @Test("resize keeps the selected row visible")
  func resizeRevealsSelection() {
    var list = TableViewport.make(rowCount: 200, height: 12) { _, width in width >= 50 ? 2 : 4 }
    list.scroll(toRow: 10)
    list.select(row: 15)
    list.checkInvariants()
    #expect(list.visibleRows.contains { $0.row == 15 && $0.y + $0.height <= 12 })
    list.resize(width: 30, height: 12)
    list.checkInvariants()
    let selected = list.visibleRows.first { $0.row == 15 }
    #expect(selected.map { $0.y >= 0 && $0.y + $0.height <= 12 } == true)
    #expect(selected.map { $0.y + $0.height } == 12, "scrolled only as far as needed")
  }

  @Test("measuring rows above the anchor never moves the screen; only the scrollbar moves")
  func measuringAboveKeepsScreen() {
    // Rows above 500 are 1 line, the rest 6: estimates from the screen are far off above.
    var list = TableViewport.make(rowCount: 1000, height: 20) { row, _ in row < 500 ? 1 : 6 }
    list.scroll(toRow: 500)
    list.checkInvariants()
    let frame = list.visibleRows
    let thumb = list.scrollbar(trackHeight: 20)
    let estimatedTop = list.estimatedTopOffset
    list.measure(rows: 0..<500)
    list.checkInvariants()
    #expect(list.visibleRows == frame)
    #expect(list.anchor == ScrollAnchor(row: 500, line: 0))
    #expect(list.estimatedTopOffset == 500)
    #expect(estimatedTop != 500)
    #expect(list.scrollbar(trackHeight: 20) != thumb)
  }

  @Test("jump to end puts the last row's bottom on the screen's bottom")
  func jumpToEndAlignsBottom() {
    var list = TableViewport.make(rowCount: 10_000, height: 17) { row, _ in 1 + row % 4 }
    list.jumpToEnd()
    list.checkInvariants()
    #expect(list.visibleRows.last?.row == 9_999)
    #expect(TableViewport.bottom(of: list) == 17)
    #expect(list.selection == 9_999)
    #expect(list.isAtEnd)
  }

  @Test("scrolling up from the end moves one line at a time")
  func smoothScrollUpFromEnd() {
    var list = TableViewport.make(rowCount: 10_000, height: 17) { row, _ in 1 + row % 7 }
    list.jumpToEnd()
    for step in 0..<60 {
      let before = list.visibleRows
      list.scroll(byLines: -1)
      list.checkInvariants()
      for row in list.visibleRows {
        if let old = before.first(where: { $0.row == row.row }), old.y + 1 != row.y {
          Issue.record("step \(step): row \(row.row) moved from \(old.y) to \(row.y)")
        }
      }
    }
  }

  @Test("a resize that shortens rows near the end leaves no gap at the bottom")
  func noGapAfterShorteningResize() {
    var list = TableViewport.make(rowCount: 300, width: 20, height: 15) { row, width in
      width < 50 ? 4 + row % 3 : 1 + row % 2
    }
    list.jumpToEnd()
    list.scroll(byLines: -3)
    list.resize(width: 100, height: 15)
    list.checkInvariants()
    #expect(TableViewport.bottom(of: list) == 15)
    #expect(list.visibleRows.last?.row == 299)
    list.resize(width: 100, height: 40)
    list.checkInvariants()
    #expect(TableViewport.bottom(of: list) == 40)
  }

  @Test("no gap at the top: scrolling above the first row stops at its first line")
  func noGapAtTop() {
    var list = TableViewport.make(rowCount: 50, height: 10) { _, _ in 3 }
    list.scroll(byLines: 7)
    list.scroll(byLines: -1000)
    list.checkInvariants()
    #expect(list.anchor == .top)
    #expect(list.visibleRows.first == VisibleRow(row: 0, y: 0, height: 3))
  }

  @Test("moving the selection row by row keeps it fully visible")
  func selectionStaysVisible() {
    var list = TableViewport.make(rowCount: 100, height: 11) { row, _ in 1 + row % 5 }
    for _ in 0..<120 {
      list.moveSelection(by: 1)
      list.checkInvariants()
      let selected = list.visibleRows.first { $0.row == list.selection }
      #expect(selected.map { $0.y >= 0 && $0.y + $0.height <= 11 } == true)
    }
    #expect(list.selection == 99)
    #expect(list.isAtEnd)
  }

  @Test("page moves take the selection a page on and keep it on the same screen line")
  func pageMovesArePagerLike() {
    var list = TableViewport.make(rowCount: 100, height: 10) { _, _ in 2 }
    list.select(row: 2)
    let line = list.visibleRows.first { $0.row == 2 }?.y
    #expect(line == 4)
    // Each move: the selection's top moves `lines` lines and snaps to the row covering that
    // line; the view moves as far as the selection did.
    let steps: [(String, (inout ListViewport<PeriodicRowKinds>) -> Void, Int, ScrollAnchor)] = [
      ("page down", { $0.pageDown() }, 7, ScrollAnchor(row: 5, line: 0)),
      ("half page down", { $0.halfPageDown() }, 9, ScrollAnchor(row: 7, line: 0)),
      ("half page up", { $0.halfPageUp() }, 6, ScrollAnchor(row: 4, line: 0)),
    ]
    for (name, move, selection, anchor) in steps {
      move(&list)
      list.checkInvariants()
      #expect(list.selection == selection, "\(name)")
      #expect(list.anchor == anchor, "\(name)")
      #expect(list.visibleRows.first { $0.row == selection }?.y == line, "\(name)")
    }
    list.pageUp()
    list.checkInvariants()
    #expect(list.anchor == .top, "the view stops at the top")
    #expect(list.selection == 1)
  }

  @Test("a row taller than the screen is shown from its top and page down gets past it")
  func tallRows() {
    var list = TableViewport.make(rowCount: 10, height: 8) { row, _ in row == 3 ? 30 : 2 }
    list.select(row: 3)
    list.checkInvariants()
    #expect(list.visibleRows.first == VisibleRow(row: 3, y: 0, height: 30))
    list.scroll(byLines: 5)
    list.checkInvariants()
    #expect(list.selection == 3, "a tall row covering the screen stays selected")
    list.pageDown()
    list.checkInvariants()
    #expect(list.selection == 4)
    list.jumpToStart()
    for _ in 0..<10 { list.pageDown() }
    #expect(list.selection == 9)
  }

  @Test("going back to a recent width measures nothing")
  func recentWidthIsFree() {
    var list = TableViewport.make(rowCount: 100_000, height: 24) { row, width in
      1 + (row * 7 + width) % 5
    }
    list.scroll(toRow: 5_000)
    list.resize(width: 50, height: 24)
    list.resetStats()
    list.resize(width: 80, height: 24)
    list.checkInvariants()
    #expect(list.stats.rowsMeasured == 0)
    #expect(list.anchor == ScrollAnchor(row: 5_000, line: 0))
  }

  @Test("replacing the rows clamps the anchor and the selection")
  func replaceRowsClamps() {
    var list = TableViewport.make(rowCount: 100, height: 10) { _, _ in 2 }
    list.jumpToEnd()
    list.replaceRows(kinds: PeriodicRowKinds(pattern: [0], rowCount: 20)) { _, _ in 3 }
    list.checkInvariants()
    #expect(list.selection == 19)
    #expect(list.isAtEnd)
    list.replaceRows(kinds: PeriodicRowKinds(pattern: [0], rowCount: 0)) { _, _ in 3 }
    list.checkInvariants()
    #expect(list.selection == nil && list.visibleRows.isEmpty)
    list.replaceRows(kinds: PeriodicRowKinds(pattern: [0], rowCount: 5)) { _, _ in 3 }
    list.checkInvariants()
    #expect(list.selection == 0 && list.anchor == .top)
  }

  /// Every operation, with invariants after each.
  static func exerciseEverything(_ list: inout ListViewport<PeriodicRowKinds>) {
    let operations: [(inout ListViewport<PeriodicRowKinds>) -> Void] = [
      { $0.scroll(byLines: 3) }, { $0.scroll(byLines: -2) }, { $0.scroll(toRow: 4) },
      { $0.jumpToEnd() }, { $0.pageUp() }, { $0.halfPageDown() }, { $0.jumpToStart() },
      { $0.pageDown() }, { $0.halfPageUp() }, { $0.select(row: 6) }, { $0.moveSelection(by: -1) },
      { $0.resize(width: 0, height: 0) }, { $0.resize(width: 1, height: 1) },
      { $0.invalidateAll() }, { $0.resize(width: 0, height: 3) }, { $0.measure(rows: 0..<3) },
      { $0.resize(width: 40, height: 1) }, { $0.jumpToEnd() }, { $0.scroll(byLines: -1) },
    ]
    for operation in operations {
      operation(&list)
      list.checkInvariants()
      for track in 0...4 {
        let thumb = list.scrollbar(trackHeight: track)
        #expect(thumb.start >= 0 && thumb.start + thumb.length <= track)
        #expect(track == 0 || thumb.length >= 1)
      }
    }
  }

  @Test(
    "empty lists, heights 0 and 1 and width 0 are defined",
    arguments: [(0, 80, 24), (0, 0, 0), (10, 80, 0), (10, 80, 1), (10, 0, 5), (1, 1, 1)])
  func tinySizes(rowCount: Int, width: Int, height: Int) {
    var list = TableViewport.make(rowCount: rowCount, width: width, height: height) { row, width in
      width == 0 ? 1 : 1 + row % 3
    }
    list.checkInvariants()
    if rowCount == 0 {
      #expect(list.selection == nil && list.visibleRows.isEmpty)
      #expect(list.scrollbar(trackHeight: 5) == (0, 5))
    }
    if height == 0 { #expect(list.visibleRows.isEmpty) }
    Self.exerciseEverything(&list)
  }
}
