import ListEngine
import Testing

@Suite("Appending rows (next pages)")
struct AppendRowsTests {
  static func viewport(kinds: [UInt8], height: Int) -> ListViewport<ArrayRowKinds> {
    ListViewport(
      kinds: ArrayRowKinds(kinds, kindCount: 2), width: 40, height: height,
      initialEstimate: { kind, _ in kind == 0 ? 2 : 4 },
      measure: { row, _ in 1 + row % 5 })
  }

  @Test("appending at the end keeps the rows on screen and the selection where they are")
  func keepsScreen() {
    var list = Self.viewport(kinds: (0..<60).map { UInt8($0 % 2) }, height: 12)
    list.jumpToEnd()
    list.checkInvariants()
    let frame = list.visibleRows
    let selection = list.selection
    let measured = list.heights.measuredRowCount
    var kinds = list.heights.kinds
    kinds.append(contentsOf: (0..<40).map { UInt8($0 % 2) })
    list.appendRows(kinds: kinds, measure: { row, _ in 1 + row % 5 })
    list.checkInvariants()
    #expect(list.rowCount == 100)
    #expect(list.visibleRows == frame)
    #expect(list.selection == selection)
    #expect(list.heights.measuredRowCount == measured, "measurements survive, nothing new measured")
    list.moveSelection(by: 1)
    list.checkInvariants()
    #expect(list.selection == 60)
  }

  @Test("a short list fills the screen with the rows appended below it, without moving")
  func shortListFills() {
    var list = Self.viewport(kinds: [0, 1], height: 20)
    let first = list.visibleRows.first
    var kinds = list.heights.kinds
    kinds.append(contentsOf: [0, 1, 0, 1, 0, 1])
    list.appendRows(kinds: kinds, measure: { row, _ in 1 + row % 5 })
    list.checkInvariants()
    #expect(list.visibleRows.first == first)
    #expect(list.visibleRows.map(\.row) == Array(0..<8))
  }

  @Test("appending to an empty list selects its first row")
  func emptyList() {
    var list = Self.viewport(kinds: [], height: 10)
    #expect(list.selection == nil)
    var kinds = list.heights.kinds
    kinds.append(contentsOf: [1, 1, 0])
    list.appendRows(kinds: kinds, measure: { _, _ in 3 })
    list.checkInvariants()
    #expect(list.selection == 0)
    #expect(list.visibleRows.map(\.row) == [0, 1, 2])
  }

  @Test("ArrayRowKinds grown by appending answers as if built whole")
  func kindsAppend() {
    let all: [UInt8] = (0..<500).map { UInt8(($0 * 7 + $0 / 3) % 3) }
    var grown = ArrayRowKinds(Array(all.prefix(123)), kindCount: 3)
    grown.append(contentsOf: Array(all[123..<300]))
    grown.append(contentsOf: Array(all[300...]))
    let whole = ArrayRowKinds(all, kindCount: 3)
    for row in stride(from: 0, through: 500, by: 7) {
      for kind in 0..<3 {
        #expect(grown.count(ofKind: kind, below: row) == whole.count(ofKind: kind, below: row))
      }
      if row < 500 { #expect(grown.kind(ofRow: row) == whole.kind(ofRow: row)) }
    }
  }
}
