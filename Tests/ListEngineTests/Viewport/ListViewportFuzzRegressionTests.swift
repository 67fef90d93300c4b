import ListEngine
import Testing

/// Cases `Fuzz/FuzzListEngine` found (see `Fuzz/RESULTS.md`); each failed before its fix.
@Suite("Viewport fuzz regressions")
struct ListViewportFuzzRegressionTests {
  /// Rows of 2 lines on a screen of 10: five rows fill it exactly.
  static func list(rowCount: Int = 100) -> ListViewport<ArrayRowKinds> {
    ListViewport(
      kinds: ArrayRowKinds([UInt8](repeating: 0, count: rowCount), kindCount: 1), width: 40,
      height: 10, initialEstimate: { _, _ in 3 }, measure: { _, _ in 2 })
  }

  @Test("selecting a row below the screen measures no row above the rows that fill it exactly")
  func exactFillMeasuresNoExtraRow() {
    var list = Self.list()
    list.resetStats()
    list.select(row: 50)
    list.checkInvariants()
    #expect(list.visibleRows.map(\.row) == [46, 47, 48, 49, 50])
    #expect(list.stats.rowsMeasured == list.visibleRows.count)
    #expect(list.heights.measuredHeight(ofRow: 45) == nil)
  }

  @Test("selecting the last row of a list that ends exactly at a screen boundary")
  func exactFillAtTheEnd() {
    var list = Self.list(rowCount: 12)
    list.resetStats()
    list.select(row: 11)
    list.checkInvariants()
    #expect(list.visibleRows.map(\.row) == [7, 8, 9, 10, 11])
    #expect(list.stats.rowsMeasured == list.visibleRows.count)
  }

  @Test("a selection that fits below the rows on screen does not move the view")
  func fitsBelow() {
    var list = Self.list()
    list.select(row: 3)
    list.checkInvariants()
    #expect(list.anchor == .top)
    list.select(row: 5)
    list.checkInvariants()
    #expect(list.visibleRows.map(\.row) == [1, 2, 3, 4, 5])
  }
}
