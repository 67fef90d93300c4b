/// The contrast: a list that lays out every row whenever it opens or the width changes, then
/// scrolls with exact prefix sums. Same rules as `ListViewport` (pager moves, reveal, no gaps),
/// so both must produce the same frames.
struct NaiveEngine {
  let rowCount: Int
  private(set) var width: Int
  private(set) var height: Int
  private let measure: @Sendable (Int, Int) -> Int
  private var offsets: [Int] = []
  private(set) var top = 0
  private(set) var selection = 0
  private(set) var rowsMeasured = 0

  init(rowCount: Int, width: Int, height: Int, measure: @escaping @Sendable (Int, Int) -> Int) {
    self.rowCount = rowCount
    self.width = width
    self.height = height
    self.measure = measure
    layOutEverything()
  }

  private var total: Int { offsets[rowCount] }
  private var maxTop: Int { max(0, total - max(height, 1)) }
  private func rowHeight(_ row: Int) -> Int { offsets[row + 1] - offsets[row] }

  /// Measures every row at the current width and rebuilds the prefix sums: O(n).
  private mutating func layOutEverything() {
    offsets = [Int](repeating: 0, count: rowCount + 1)
    for row in 0..<rowCount {
      offsets[row + 1] = offsets[row] + max(1, measure(row, width))
    }
    rowsMeasured += rowCount
  }

  private func row(atLine line: Int) -> Int {
    var low = 0
    var high = rowCount - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if offsets[middle] <= line { low = middle } else { high = middle - 1 }
    }
    return low
  }

  mutating func pageDown() {
    var target = row(atLine: min(offsets[selection] + max(1, height), total - 1))
    if target == selection && selection < rowCount - 1 { target += 1 }
    top += offsets[target] - offsets[selection]
    selection = target
    settle()
  }

  mutating func jumpToEnd() {
    top = maxTop
    selection = rowCount - 1
    settle()
  }

  mutating func resize(width: Int, height: Int) {
    let anchorRow = row(atLine: top)
    let anchorLine = top - offsets[anchorRow]
    self.height = height
    if width != self.width {
      self.width = width
      layOutEverything()
    }
    top = offsets[anchorRow] + min(anchorLine, rowHeight(anchorRow) - 1)
    settle()
  }

  /// Clamps, reveals the selection (fully visible if it fits, else covering the screen from
  /// its top), clamps again.
  private mutating func settle() {
    top = min(max(top, 0), maxTop)
    let y = offsets[selection] - top
    let selectionHeight = rowHeight(selection)
    if selectionHeight <= height {
      if y < 0 { top = offsets[selection] }
      if y + selectionHeight > height { top = offsets[selection] + selectionHeight - height }
    } else if height == 0 || !(y <= 0 && y + selectionHeight >= height) {
      top = offsets[selection]
    }
    top = min(max(top, 0), maxTop)
  }

  /// The frame as (row, y, height) triples.
  var visibleRows: [(row: Int, y: Int, height: Int)] {
    guard height > 0, rowCount > 0 else { return [] }
    var rows: [(row: Int, y: Int, height: Int)] = []
    var row = self.row(atLine: top)
    while row < rowCount && offsets[row] < top + height {
      rows.append((row, offsets[row] - top, rowHeight(row)))
      row += 1
    }
    return rows
  }

  /// Exact thumb: the screen's share and position of the total.
  func scrollbar(trackHeight: Int) -> (start: Int, length: Int) {
    let length = max(1, min(trackHeight, trackHeight * height / max(1, total)))
    let room = trackHeight - length
    return (room * top / max(1, total - height), length)
  }
}
