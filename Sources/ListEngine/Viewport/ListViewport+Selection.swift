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

  /// Moves the selection to the row covering the line `lines` below (above, when negative)
  /// its top, and the view by as many lines as the selection moved, so the selection keeps
  /// its screen line, like a pager's page keys.
  ///
  /// Moving down always reaches a later row while there is one, so a row taller than the move
  /// cannot trap the selection. Then the selection is revealed, which may scroll further.
  public mutating func moveSelection(byLines lines: Int) {
    guard let selection, lines != 0 else { return }
    let (target, distance) = row(covering: lines, from: selection)
    anchor = advanced(anchor, byLines: distance)
    self.selection = target
    settle(.revealSelection)
  }

  /// The row covering the line `lines` below (above, when negative) the top of `row`,
  /// clamped to the list, and the distance between the two rows' tops. Moving down reaches
  /// at least the next row.
  private mutating func row(covering lines: Int, from row: Int) -> (row: Int, distance: Int) {
    var target = row
    var distance = 0
    if lines > 0 {
      while target < rowCount - 1 && distance + rowHeight(target) <= lines {
        distance += rowHeight(target)
        target += 1
      }
      if target == row && row < rowCount - 1 {
        return (row + 1, rowHeight(row))
      }
    } else {
      while target > 0 && distance > lines {
        target -= 1
        distance -= rowHeight(target)
      }
    }
    return (target, distance)
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

  /// Scrolls as little as possible to make the selection well placed: a selection that fits
  /// goes to the nearer edge, a taller one to the top.
  ///
  /// Runs before the screen is filled and measures only rows of the screen it settles on: it
  /// looks for the selection by walking up from it at most the lines that would show above
  /// it, and measures the anchor row only if the walk reaches it.
  mutating func revealSelection() {
    guard let selection else { return }
    let topAligned = ScrollAnchor(row: selection, line: 0)
    guard height > 0 else {
      anchor = topAligned
      return
    }
    let selectionHeight = rowHeight(selection)
    if selectionHeight > height {
      revealTallSelection(selection, height: selectionHeight)
      return
    }
    if selection == anchor.row { clampAnchorLine() }
    if selection < anchor.row || (selection == anchor.row && anchor.line > 0) {
      anchor = topAligned
      return
    }
    // Walk up from the selection only while the screen has room left: once the rows below
    // fill it exactly, the next row up would be measured for a screen that never shows it.
    var room = height - selectionHeight
    var row = selection - 1
    while room > 0 && row > anchor.row {
      room -= rowHeight(row)
      row -= 1
    }
    guard selection > anchor.row else { return }
    if room > 0 {
      // The walk reached the anchor row: the selection may fit below what is on screen.
      clampAnchorLine()
      room -= rowHeight(anchor.row) - anchor.line
      if room >= 0 { return }
    }
    anchor = advanced(topAligned, byLines: selectionHeight - height)
  }

  /// Reveals a selection taller than the screen: it must cover the screen, else its top goes
  /// to the screen's top. The last row stays bottom-aligned when the bottom gap would put it
  /// there anyway.
  private mutating func revealTallSelection(_ selection: Int, height selectionHeight: Int) {
    if selection == anchor.row {
      clampAnchorLine()
      if anchor.line <= selectionHeight - height { return }
      if selection == rowCount - 1 {
        anchor.line = selectionHeight - height
        return
      }
    }
    anchor = ScrollAnchor(row: selection, line: 0)
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
