extension ListViewport {
  /// Checks every rule stated on `ListViewport` and the height caches; traps on the first
  /// violation. O(measured rows): for tests, after every mutation.
  public func checkInvariants() {
    heights.checkInvariants()
    guard rowCount > 0 else {
      precondition(selection == nil, "an empty list has no selection")
      precondition(anchor == .top && visibleRows.isEmpty, "an empty list shows nothing")
      return
    }
    guard let selection else { preconditionFailure("a non-empty list has a selection") }
    precondition(selection >= 0 && selection < rowCount, "selection \(selection) out of range")
    precondition(anchor.row >= 0 && anchor.row < rowCount, "anchor \(anchor) out of range")
    guard let anchorHeight = heights.measuredHeight(ofRow: anchor.row) else {
      preconditionFailure("anchor row \(anchor.row) is not measured")
    }
    precondition(anchor.line >= 0 && anchor.line < anchorHeight, "anchor line outside its row")
    checkFrame()
    checkSelection(selection)
  }

  /// The frame starts at the anchor, is contiguous, matches the measured heights, and leaves
  /// no gap that content could fill.
  private func checkFrame() {
    guard height > 0 else {
      precondition(visibleRows.isEmpty, "a screen of height 0 shows no rows")
      return
    }
    guard let first = visibleRows.first, let last = visibleRows.last else {
      preconditionFailure("a non-empty list on a non-empty screen shows rows")
    }
    precondition(first.row == anchor.row && first.y == -anchor.line, "frame not at the anchor")
    var expected = first
    for visible in visibleRows {
      precondition(visible.row == expected.row && visible.y == expected.y, "frame has a gap")
      precondition(visible.height == heights.measuredHeight(ofRow: visible.row), "stale height")
      precondition(visible.y < height && visible.y + visible.height > 0, "row off screen")
      expected = VisibleRow(row: visible.row + 1, y: visible.y + visible.height, height: 0)
    }
    let bottom = last.y + last.height
    if last.row < rowCount - 1 {
      precondition(bottom >= height, "frame ends before the screen's bottom")
    } else if bottom < height {
      precondition(anchor == .top, "gap at the bottom with content above to pull down")
    }
  }

  /// The selection is on screen and well placed, unless no row on screen is.
  private func checkSelection(_ selection: Int) {
    guard height > 0 else { return }
    guard let visible = visibleRows.first(where: { $0.row == selection }) else {
      preconditionFailure("selection \(selection) is off screen")
    }
    precondition(
      isWellPlaced(visible) || !visibleRows.contains { isWellPlaced($0) },
      "selection \(selection) is not well placed though another row on screen is")
  }
}
