extension ListViewport {
  /// Scrolls the view by `lines` screen lines (down when positive), clamped to the content;
  /// the selection follows only if it leaves the screen.
  ///
  /// Measures the rows crossed: meant for line and page scrolls, not long jumps.
  public mutating func scroll(byLines lines: Int) {
    guard rowCount > 0 else { return }
    anchor = advanced(anchor, byLines: lines)
    settle(.followView)
  }

  /// Scrolls so `row` (clamped) is at the top of the screen, as far as the end allows; the
  /// selection follows only if it leaves the screen.
  public mutating func scroll(toRow row: Int) {
    guard rowCount > 0 else { return }
    anchor = ScrollAnchor(row: min(max(row, 0), rowCount - 1), line: 0)
    settle(.followView)
  }

  /// Shows the top of the list and selects row 0.
  public mutating func jumpToStart() {
    guard rowCount > 0 else { return }
    anchor = .top
    selection = 0
    settle(.revealSelection)
  }

  /// Puts the last row's bottom on the screen's bottom and selects the last row.
  ///
  /// Measures upward only the rows that fill the screen; scrolling up from there goes line by
  /// line through rows measured as they appear.
  public mutating func jumpToEnd() {
    guard rowCount > 0 else { return }
    let last = rowCount - 1
    anchor = ScrollAnchor(row: last, line: max(0, rowHeight(last) - height))
    selection = last
    settle(.revealSelection)
  }

  /// Measures `rows` now (clamped to the list), e.g. in idle time to sharpen the scrollbar.
  ///
  /// The screen does not move: the anchor is a row, not an offset.
  public mutating func measure(rows: Range<Int>) {
    let lower = max(rows.lowerBound, 0)
    let upper = min(rows.upperBound, rowCount)
    guard lower < upper else { return }
    for row in lower..<upper {
      _ = rowHeight(row)
    }
  }
}
