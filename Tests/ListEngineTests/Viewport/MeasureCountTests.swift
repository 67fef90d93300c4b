import ListEngine
import Testing

/// Counter tests on a ten-million-row list: each frame measures only what it shows.
@Suite("Measurements per frame")
struct MeasureCountTests {
  static let rowCount = 10_000_000

  /// A fresh 80x24 viewport over 10M rows (one image row in three), and its query counter.
  static func makeList() -> (ListViewport<CountingRowKinds>, QueryCounter) {
    let counter = QueryCounter()
    let kinds = CountingRowKinds(
      base: PeriodicRowKinds(pattern: [0, 0, 1], rowCount: rowCount), counter: counter)
    let list = ListViewport(
      kinds: kinds, width: 80, height: 24,
      initialEstimate: { kind, width in TestRows.estimate(kind: kind, width: width) },
      measure: { row, width in TestRows.height(row: row, width: width, kind: row % 3 == 2 ? 1 : 0) }
    )
    return (list, counter)
  }

  /// Runs one frame and checks its measurements: at most the rows it shows plus `extra`.
  static func frame(
    _ name: String, _ list: inout ListViewport<CountingRowKinds>, counter: QueryCounter,
    extra: Int = 0, _ body: (inout ListViewport<CountingRowKinds>) -> Void
  ) {
    list.resetStats()
    counter.reset()
    body(&list)
    _ = list.scrollbar(trackHeight: list.height)
    let queries = counter.count
    list.checkInvariants()
    let measured = list.stats.rowsMeasured
    let shown = list.visibleRows.count
    #expect(measured <= shown + extra, "\(name): measured \(measured), shows \(shown)")
    // One kind lookup per measured row, one rank query per kind for each of the scrollbar's
    // two offsets: nothing that grows with the row count.
    #expect(queries <= measured + 2 * 2, "\(name): \(queries) rank queries")
  }

  @Test("opening at the top measures only the first screen")
  func openMeasuresFirstScreen() {
    let (list, _) = Self.makeList()
    #expect(list.stats.rowsMeasured == list.visibleRows.count)
    #expect(list.heights.measuredRowCount == list.visibleRows.count)
  }

  @Test("each of 100 page downs measures at most the rows it brings on screen")
  func pageDownsMeasureNewRows() {
    var (list, counter) = Self.makeList()
    var previous = Set(list.visibleRows.map(\.row))
    for page in 0..<100 {
      Self.frame("page \(page)", &list, counter: counter) { $0.pageDown() }
      let shown = Set(list.visibleRows.map(\.row))
      #expect(list.stats.rowsMeasured <= shown.subtracting(previous).count + 1, "page \(page)")
      previous = shown
    }
    #expect(list.heights.measuredRowCount < 100 * 24)
  }

  @Test("jump to end measures upward only the rows that fill the screen")
  func jumpToEndMeasuresLastScreen() {
    var (list, counter) = Self.makeList()
    Self.frame("jump to end", &list, counter: counter) { $0.jumpToEnd() }
    #expect(list.visibleRows.last?.row == Self.rowCount - 1)
    #expect(list.stats.rowsMeasured == list.visibleRows.count)
  }

  @Test("resizes 80->50->120 measure only the rows they show, at the top and at the end")
  func resizesMeasureVisibleRows() {
    var (list, counter) = Self.makeList()
    for position in ["top", "middle", "end"] {
      switch position {
      case "middle": list.scroll(toRow: Self.rowCount / 2)
      case "end": list.jumpToEnd()
      default: break
      }
      for (width, height) in [(50, 24), (120, 24), (120, 40), (80, 24)] {
        Self.frame("\(position) resize to \(width)x\(height)", &list, counter: counter) {
          $0.resize(width: width, height: height)
        }
      }
    }
  }

  @Test("a resize that pushes the selection off the bottom measures only the rows it shows")
  func resizePushingSelectionMeasuresFinalScreen() {
    var (list, counter) = Self.makeList()
    list.scroll(toRow: 4_000_000)
    for width in [80, 15, 80, 12, 100, 15] {
      // Select the last row that is fully on screen, then narrow or widen.
      list.select(row: (list.visibleRows.last?.row ?? 1) - 1)
      Self.frame("resize to \(width) with the selection low", &list, counter: counter) {
        $0.resize(width: width, height: 24)
      }
    }
  }

  @Test("scrolling, selecting and half pages measure at most the rows they show")
  func otherFramesMeasureVisibleRows() {
    var (list, counter) = Self.makeList()
    list.scroll(toRow: 3_000_000)
    for step in 0..<30 {
      Self.frame("step \(step) scroll", &list, counter: counter) { $0.scroll(byLines: 7) }
      Self.frame("step \(step) select", &list, counter: counter) { $0.moveSelection(by: 3) }
      Self.frame("step \(step) half page up", &list, counter: counter) { $0.halfPageUp() }
    }
  }
}
