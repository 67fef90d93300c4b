extension ListViewport {
  /// Changes the screen size.
  ///
  /// The anchored row stays on the same screen line (its line within the row is clamped to
  /// its new height); then the selection is made well placed and gaps at the ends are closed,
  /// which are the only reasons the view moves. Measurements of the last few widths are
  /// kept, so going back to a recent width measures nothing already measured there.
  public mutating func resize(width: Int, height: Int) {
    precondition(width >= 0 && height >= 0, "sizes must be >= 0")
    heights.setWidth(width)
    self.height = height
    settle(.revealSelection)
  }

  /// Changes the screen size and puts `row`'s top on screen line `line` (negative: above the
  /// screen), where the rules allow: the place a reader chose before a series of resizes, so
  /// going 100 -> 50 -> 100 columns, or through a tiny size and back, shows the same screen.
  /// Then the selection is made well placed and gaps are closed, as in `resize(width:height:)`.
  public mutating func resize(width: Int, height: Int, placing row: Int, atLine line: Int) {
    precondition(width >= 0 && height >= 0, "sizes must be >= 0")
    heights.setWidth(width)
    self.height = height
    if row >= 0 && row < rowCount {
      anchor = advanced(ScrollAnchor(row: row, line: 0), byLines: -line)
    }
    settle(.revealSelection)
  }

  /// The client's measurement. Replace it when content changes, then call `invalidate(row:)`
  /// or `invalidateAll()`.
  public var measure: Measure {
    get { heights.measure }
    set { heights.measure = newValue }
  }

  /// Forgets `row`'s measurements at every width (its content changed). The view stays; the
  /// selection follows if it leaves the screen.
  public mutating func invalidate(row: Int) {
    heights.invalidate(row: row)
    settle(.followView)
  }

  /// Forgets every measurement at every width. The view stays where it can.
  public mutating func invalidateAll() {
    heights.invalidateAll()
    settle(.followView)
  }

  /// Replaces the rows (a reloaded feed); keeps the anchor and selection rows where they
  /// still exist, clamped otherwise.
  public mutating func replaceRows(kinds: Kinds, measure: @escaping Measure) {
    heights.replaceRows(kinds: kinds, measure: measure)
    settle(.followView)
  }

  /// Replaces the rows (a refreshed feed), keeping the reader's place by identity.
  ///
  /// `newRow` maps a row of the old list to the same item's row in the new one, or nil when
  /// it is gone; it is asked only about the rows on screen and the selection. The selection
  /// follows its item (or, when that is gone, the first surviving row on screen), and that
  /// row stays on the screen line it was on: rows added or removed above it move nothing
  /// the reader sees. With nothing surviving, the view goes to the top. Measures only the
  /// new frame's rows.
  public mutating func replaceRows(
    kinds: Kinds, measure: @escaping Measure, keeping newRow: (Int) -> Int?
  ) {
    var kept: (row: Int, y: Int)?
    if let selection, let row = newRow(selection),
      let placed = visibleRows.first(where: { $0.row == selection })
    {
      kept = (row, placed.y)
    } else if let selection, let row = newRow(selection) {
      kept = (row, 0)
    } else {
      for visible in visibleRows {
        if let row = newRow(visible.row) {
          kept = (row, visible.y)
          break
        }
      }
    }
    heights.replaceRows(kinds: kinds, measure: measure)
    guard let kept, kept.row >= 0, kept.row < rowCount else {
      anchor = .top
      selection = rowCount > 0 ? 0 : nil
      settle(.revealSelection)
      return
    }
    selection = kept.row
    anchor = ScrollAnchor(row: kept.row, line: 0)
    anchor = advanced(anchor, byLines: -kept.y)
    settle(.revealSelection)
  }

  /// Adds rows at the end (the next page of a feed). The rows on screen stay where they are
  /// and so does the selection; an empty list selects its first row.
  public mutating func appendRows(kinds: Kinds, measure: @escaping Measure) {
    heights.appendRows(kinds: kinds, measure: measure)
    settle(.followView)
  }
}

extension ListViewport where Kinds == ArrayRowKinds {
  /// Adds rows of `newKinds` at the end, in place (O(rows added)); otherwise as
  /// `appendRows(kinds:measure:)`: the rows on screen and the selection stay where they are.
  public mutating func appendRows(kinds newKinds: [UInt8], measure: @escaping Measure) {
    heights.appendRows(kinds: newKinds, measure: measure)
    settle(.followView)
  }
}
