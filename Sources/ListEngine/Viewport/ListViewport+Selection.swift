extension ListViewport {
  // MARK: - Selection moves

  /// Selects `row` (clamped to the list) and scrolls as little as needed to show it.
  public mutating func select(row: Int) {
    guard rowCount > 0 else { return }
    selection = min(max(row, 0), rowCount - 1)
    settle(.revealSelection)
  }

  /// Moves the selection by `rows` rows (clamped), as the arrow keys do.
  public mutating func moveSelection(by rows: Int) {
    guard let selection else { return }
    select(row: selection + max(-rowCount, min(rowCount, rows)))
  }

  /// Moves the view and the selection down one page (the screen height), like a pager.
  public mutating func pageDown() { moveSelection(byLines: pageLines) }

  /// Moves the view and the selection up one page.
  public mutating func pageUp() { moveSelection(byLines: -pageLines) }

  /// Moves the view and the selection down half a page.
  public mutating func halfPageDown() { moveSelection(byLines: max(1, height / 2)) }

  /// Moves the view and the selection up half a page.
  public mutating func halfPageUp() { moveSelection(byLines: -max(1, height / 2)) }

  /// Lines in a page move: the screen height (at least 1).
  public var pageLines: Int { max(1, height) }

  /// Moves the view by `lines` lines and the selection to the row covering the line `lines`
  /// below (above, when negative) the selection's top, like a pager's page keys.
  ///
  /// Moving down always reaches a later row while there is one, so a row taller than the move
  /// cannot trap the selection. Then the selection is revealed, which may scroll further.
  public mutating func moveSelection(byLines lines: Int) {
    guard let selection, lines != 0 else { return }
    var target = advanced(ScrollAnchor(row: selection, line: 0), byLines: lines).row
    if lines > 0 && target == selection && selection < rowCount - 1 {
      target = selection + 1
    }
    anchor = advanced(anchor, byLines: lines)
    self.selection = target
    settle(.revealSelection)
  }

  // MARK: - Placement rules

  /// Whether a row of the frame is well placed for a selection: fully on screen when it fits,
  /// else covering the whole screen.
  func isWellPlaced(_ visible: VisibleRow) -> Bool {
    if visible.height <= height {
      return visible.y >= 0 && visible.y + visible.height <= height
    }
    return visible.y <= 0 && visible.y + visible.height >= height
  }

  /// Scrolls as little as possible to make the selection well placed (`visibleRows` must be
  /// current). A selection that fits goes to the nearer edge; a taller one goes to the top.
  mutating func revealSelection() {
    guard let selection else { return }
    let selectionHeight = rowHeight(selection)
    let visible = visibleRows.first { $0.row == selection }
    if let visible, isWellPlaced(visible) { return }
    let topAligned = ScrollAnchor(row: selection, line: 0)
    guard selectionHeight <= height else {
      anchor = topAligned
      return
    }
    let isAbove = visible.map { $0.y < 0 } ?? (selection < anchor.row)
    anchor = isAbove ? topAligned : advanced(topAligned, byLines: selectionHeight - height)
  }

  /// Moves the selection onto the screen after the view moved (`visibleRows` must be current).
  mutating func followView() {
    guard let selection, let first = visibleRows.first, let last = visibleRows.last else {
      return
    }
    if let visible = visibleRows.first(where: { $0.row == selection }), isWellPlaced(visible) {
      return
    }
    let wellPlaced = visibleRows.filter { isWellPlaced($0) }
    if let firstPlaced = wellPlaced.first, let lastPlaced = wellPlaced.last {
      self.selection = selection < firstPlaced.row ? firstPlaced.row : lastPlaced.row
    } else {
      self.selection = min(max(selection, first.row), last.row)
    }
  }
}
