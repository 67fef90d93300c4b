/// The reference model: lays out every row at every change and works in absolute content
/// lines (`top` is the content line on the screen's top line).
///
/// It implements the rules stated on `ListViewport` directly, with no estimates and no
/// anchors kept between operations, so the engine can be compared with it frame by frame.
struct NaiveList {
  let rowCount: Int
  var width: Int
  var height: Int
  var measure: (Int, Int) -> Int
  private(set) var heights: [Int] = []
  /// `offsets[r]` = sum of heights of rows `0..<r`; `rowCount + 1` entries.
  private(set) var offsets: [Int] = [0]
  private(set) var top = 0
  private(set) var selection: Int?
  /// Whether the last operation's settling moved the view (to close a gap or reveal the
  /// selection).
  private(set) var settleMovedView = false

  init(rowCount: Int, width: Int, height: Int, measure: @escaping (Int, Int) -> Int) {
    self.rowCount = rowCount
    self.width = width
    self.height = height
    self.measure = measure
    relayout()
    selection = rowCount > 0 ? 0 : nil
    settle(reveal: true)
  }

  var total: Int { offsets[rowCount] }

  /// The largest top: last row's bottom on the screen's bottom (a real line when height is 0).
  var maxTop: Int { max(0, total - max(height, 1)) }

  /// The row covering content line `line` (`0..<total`).
  func row(atLine line: Int) -> Int {
    var low = 0
    var high = rowCount - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if offsets[middle] <= line { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The anchor the engine should have: the row on the top line and the line within it.
  var anchor: (row: Int, line: Int) {
    guard rowCount > 0 else { return (0, 0) }
    let row = row(atLine: top)
    return (row, top - offsets[row])
  }

  /// Every row intersecting the screen, with its screen line.
  var visibleRows: [(row: Int, y: Int, height: Int)] {
    guard rowCount > 0, height > 0 else { return [] }
    var rows: [(row: Int, y: Int, height: Int)] = []
    var row = self.row(atLine: top)
    while row < rowCount && offsets[row] < top + height {
      rows.append((row, offsets[row] - top, heights[row]))
      row += 1
    }
    return rows
  }

  // MARK: - Operations

  mutating func scroll(byLines lines: Int) {
    guard rowCount > 0 else { return }
    top += lines
    settle(reveal: false)
  }

  mutating func scroll(toRow row: Int) {
    guard rowCount > 0 else { return }
    top = offsets[min(max(row, 0), rowCount - 1)]
    settle(reveal: false)
  }

  mutating func jumpToStart() {
    guard rowCount > 0 else { return }
    top = 0
    selection = 0
    settle(reveal: true)
  }

  mutating func jumpToEnd() {
    guard rowCount > 0 else { return }
    top = maxTop
    selection = rowCount - 1
    settle(reveal: true)
  }

  mutating func select(row: Int) {
    guard rowCount > 0 else { return }
    selection = min(max(row, 0), rowCount - 1)
    settle(reveal: true)
  }

  mutating func moveSelection(by rows: Int) {
    guard let selection else { return }
    select(row: selection + rows)
  }

  mutating func moveSelection(byLines lines: Int) {
    guard let selection, lines != 0 else { return }
    let line = min(max(offsets[selection] + lines, 0), total - 1)
    var target = row(atLine: line)
    if lines > 0 && target == selection && selection < rowCount - 1 { target += 1 }
    top += offsets[target] - offsets[selection]
    self.selection = target
    settle(reveal: true)
  }

  /// Resizes, keeping the anchored row's top on the same screen line (line clamped).
  mutating func resize(width: Int, height: Int) {
    let (row, line) = anchor
    self.width = width
    self.height = height
    relayout()
    if rowCount > 0 { top = offsets[row] + min(line, heights[row] - 1) }
    settle(reveal: true)
  }

  /// Re-lays out after content changed, keeping the anchor like a resize but moving the
  /// selection instead of the view.
  mutating func contentChanged(measure: @escaping (Int, Int) -> Int) {
    let (row, line) = anchor
    self.measure = measure
    relayout()
    if rowCount > 0 { top = offsets[row] + min(line, heights[row] - 1) }
    settle(reveal: false)
  }

  // MARK: - Rules

  private mutating func relayout() {
    heights = (0..<rowCount).map { max(1, measure($0, width)) }
    offsets = [0]
    for height in heights { offsets.append(offsets[offsets.count - 1] + height) }
  }

  private mutating func settle(reveal: Bool) {
    guard rowCount > 0 else { return }
    let requested = top
    defer { settleMovedView = top != requested }
    top = min(max(top, 0), maxTop)
    if reveal {
      revealSelection()
      top = min(max(top, 0), maxTop)
    } else {
      follow()
    }
  }

  private func isWellPlaced(y: Int, rowHeight: Int) -> Bool {
    guard height > 0 else { return false }
    if rowHeight <= height { return y >= 0 && y + rowHeight <= height }
    return y <= 0 && y + rowHeight >= height
  }

  private mutating func revealSelection() {
    guard let selection else { return }
    let y = offsets[selection] - top
    let rowHeight = heights[selection]
    if isWellPlaced(y: y, rowHeight: rowHeight) { return }
    if rowHeight > height || y < 0 {
      top = offsets[selection]
    } else {
      top = offsets[selection] + rowHeight - height
    }
  }

  private mutating func follow() {
    guard let selection else { return }
    let visible = visibleRows
    guard let first = visible.first, let last = visible.last else { return }
    let placed = visible.filter { isWellPlaced(y: $0.y, rowHeight: $0.height) }
    if placed.contains(where: { $0.row == selection }) { return }
    if let firstPlaced = placed.first, let lastPlaced = placed.last {
      self.selection = selection < firstPlaced.row ? firstPlaced.row : lastPlaced.row
    } else {
      self.selection = min(max(selection, first.row), last.row)
    }
  }
}
