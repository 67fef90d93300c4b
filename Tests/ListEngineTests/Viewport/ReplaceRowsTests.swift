import ListEngine
import Testing
import TestSupport

/// `replaceRows(kinds:measure:keeping:)`: a refreshed feed under the reader.
@Suite("Replacing rows by identity (refreshes)")
struct ReplaceRowsTests {
  /// Rows are items named by number; an item's height depends on its name, not its row, so a
  /// moved item keeps its height.
  static func viewport(names: [Int], height: Int) -> ListViewport<ArrayRowKinds> {
    ListViewport(
      kinds: ArrayRowKinds(names.map { UInt8($0 % 2) }, kindCount: 2), width: 40,
      height: height, initialEstimate: { kind, _ in kind == 0 ? 2 : 4 },
      measure: { row, _ in 1 + names[row] % 5 })
  }

  static func replace(
    _ list: inout ListViewport<ArrayRowKinds>, old: [Int], new: [Int]
  ) -> Int {
    var asked = 0
    let rowOf = Dictionary(new.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    list.replaceRows(
      kinds: ArrayRowKinds(new.map { UInt8($0 % 2) }, kindCount: 2),
      measure: { row, _ in 1 + new[row] % 5 },
      keeping: { row in
        asked += 1
        return rowOf[old[row]]
      })
    list.checkInvariants()
    return asked
  }

  @Test("items added and removed above keep the selected item on its screen line")
  func keepsSelectionLine() throws {
    let old = Array(0..<200)
    var list = Self.viewport(names: old, height: 15)
    list.scroll(toRow: 80)
    list.moveSelection(by: 2)
    let selected = try #require(list.selection)
    let line = list.visibleRows.first { $0.row == selected }?.y
    list.resetStats()
    // Ten new items at the top, and five of the old ones above the screen gone.
    let new = (1000..<1010) + old.filter { !(10..<15).contains($0) }
    let asked = Self.replace(&list, old: old, new: Array(new))
    #expect(list.selection == selected + 5)
    #expect(new[list.selection ?? 0] == old[selected])
    #expect(list.visibleRows.first { $0.row == list.selection }?.y == line)
    #expect(asked <= 1, "only the selection is looked up when it survives")
    #expect(list.stats.rowsMeasured <= list.visibleRows.count + 1, "the new frame only")
  }

  @Test("a selected item that is gone hands over to the first survivor on screen")
  func selectionGone() throws {
    let old = Array(0..<50)
    var list = Self.viewport(names: old, height: 12)
    list.scroll(toRow: 20)
    let frame = list.visibleRows
    let selected = try #require(list.selection)
    let survivor = try #require(frame.first { $0.row != selected })
    let new = old.filter {
      $0 != old[selected] && $0 < old[survivor.row] || $0 >= old[survivor.row]
    }
    _ = Self.replace(&list, old: old, new: new)
    #expect(new[list.selection ?? 0] == old[survivor.row])
  }

  @Test("nothing surviving goes to the top; an empty list is empty")
  func nothingSurvives() {
    let old = Array(0..<40)
    var list = Self.viewport(names: old, height: 10)
    list.jumpToEnd()
    _ = Self.replace(&list, old: old, new: Array(100..<130))
    #expect(list.selection == 0)
    #expect(list.visibleRows.first?.row == 0 && list.visibleRows.first?.y == 0)
    _ = Self.replace(&list, old: Array(100..<130), new: [])
    #expect(list.selection == nil && list.visibleRows.isEmpty)
  }

  @Test("random refreshes keep the invariants and the selected item when it survives")
  func randomRefreshes() {
    var generator = SplitMixGenerator(seed: 9)
    var names = Array(0..<120)
    var list = Self.viewport(names: names, height: 17)
    var next = 1000
    for _ in 0..<200 {
      list.scroll(toRow: Int.random(in: 0..<max(1, names.count), using: &generator))
      list.moveSelection(by: Int.random(in: -3...3, using: &generator))
      let before = list.selection.map { names[$0] }
      var new = names.filter { _ in Int.random(in: 0..<10, using: &generator) > 0 }
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        new.insert(next, at: Int.random(in: 0...new.count, using: &generator))
        next += 1
      }
      _ = Self.replace(&list, old: names, new: new)
      names = new
      if let before, new.contains(before) {
        #expect(list.selection.map { names[$0] } == before)
      }
    }
  }
}
