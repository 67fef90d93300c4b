/// A scrolling, selecting window onto a list of self-sizing rows.
///
/// The viewport measures rows only as they come onto the screen; every other row counts as
/// the estimate of its kind (see `RowHeights`). The scroll position is a `ScrollAnchor`, so the
/// rows on screen never move when rows elsewhere are measured or re-estimated.
///
/// Every mutating method leaves the viewport settled, and `visibleRows` is the frame to draw:
/// - the anchor is a real line of a real row, and the screen shows no blank lines at the top,
///   nor at the bottom unless the whole list is shorter than the screen;
/// - the selection (nil only for an empty list) is *well placed*: fully on screen if it fits
///   in the screen, else covering the whole screen. After a selection move, a jump or a resize
///   the view scrolls as little as possible to make it so (a row taller than the screen is
///   shown from its top). After a view scroll the selection moves instead, to the nearest
///   well-placed row on screen, or, if no row on screen is well placed, to the nearest row on
///   screen.
///
/// No overscan: a frame measures the rows that intersect the screen it ends with, plus, for a
/// page move, the rows between the selection and its target (on the screen before or after).
public struct ListViewport<Kinds: RowKinds>: Sendable {
  public typealias Measure = RowHeights<Kinds>.Measure
  public typealias Estimate = RowHeights<Kinds>.Estimate

  /// Measured and estimated heights at the current width.
  public internal(set) var heights: RowHeights<Kinds>
  /// The scroll position.
  public internal(set) var anchor = ScrollAnchor.top
  /// The selected row; nil exactly when the list is empty.
  public internal(set) var selection: Int?
  /// Screen height in lines.
  public internal(set) var height: Int
  /// The frame: the rows intersecting the screen, top to bottom, with their screen lines.
  public internal(set) var visibleRows: [VisibleRow] = []

  /// Opens the list at the top with row 0 selected, measuring the rows of the first screen.
  ///
  /// - Parameters:
  ///   - width: screen width in columns, passed to `measure` and `initialEstimate`.
  ///   - height: screen height in lines.
  public init(
    kinds: Kinds, width: Int, height: Int,
    initialEstimate: @escaping Estimate, measure: @escaping Measure
  ) {
    precondition(height >= 0, "height must be >= 0")
    self.heights = RowHeights(
      kinds: kinds, width: width, initialEstimate: initialEstimate, measure: measure)
    self.height = height
    self.selection = kinds.rowCount > 0 ? 0 : nil
    settle(.revealSelection)
  }

  public var rowCount: Int { heights.rowCount }
  /// Screen width in columns.
  public var width: Int { heights.width }
  public var stats: ListStats { heights.stats }

  /// Starts a new count of measurements (call at the start of a frame).
  public mutating func resetStats() {
    heights.resetStats()
  }

  // MARK: - Offsets (estimated where unmeasured)

  /// Lines above `row`, estimated where rows are unmeasured. See `RowHeights.offset(ofRow:)`.
  public func offset(ofRow row: Int) -> Int { heights.offset(ofRow: row) }

  /// The row covering content line `offset`, by the estimates.
  public func row(atOffset offset: Int) -> Int { heights.row(atOffset: offset) }

  /// The estimated height of the whole list.
  public var estimatedTotalHeight: Int { heights.totalHeight }

  /// The content line at the top of the screen, estimated (it moves when rows above are
  /// measured; the screen does not).
  public var estimatedTopOffset: Int {
    rowCount == 0 ? 0 : heights.offset(ofRow: anchor.row) + anchor.line
  }

  // MARK: - Settling

  /// What to do with the selection once the view is settled.
  enum SelectionPolicy {
    /// Scroll the view so the selection is well placed.
    case revealSelection
    /// Keep the view; move the selection onto the screen if it left it.
    case followView
  }

  /// Brings the viewport back to its invariants after a change of anchor, selection, size or
  /// heights, and recomputes `visibleRows`.
  ///
  /// The selection is revealed before the screen is filled, so no rows are measured for a
  /// screen that is never shown. (Revealing and closing the bottom gap are both clamps of the
  /// top line to an interval, and the two intervals overlap, so their order does not change
  /// the result; `revealSelection` handles the one exception, a tall last row.)
  mutating func settle(_ policy: SelectionPolicy) {
    guard rowCount > 0 else {
      anchor = .top
      selection = nil
      visibleRows = []
      return
    }
    selection = min(max(selection ?? 0, 0), rowCount - 1)
    anchor.row = min(max(anchor.row, 0), rowCount - 1)
    anchor.line = max(anchor.line, 0)
    if policy == .revealSelection { revealSelection() }
    clampAnchorLine()
    fillScreen()
    if policy == .followView { followView() }
  }

  /// Clamps the anchor's line to its row's height (which a resize or an invalidation may
  /// have shrunk). Measures the anchor row, so it waits until the anchor is known to stay.
  mutating func clampAnchorLine() {
    anchor.line = min(anchor.line, rowHeight(anchor.row) - 1)
  }

  /// Pulls content down over any gap at the bottom, and lays out the frame.
  private mutating func fillScreen() {
    var bottom = rowHeight(anchor.row) - anchor.line
    var row = anchor.row
    while bottom < height && row < rowCount - 1 {
      row += 1
      bottom += rowHeight(row)
    }
    if bottom < height {
      anchor = advanced(anchor, byLines: bottom - height)
    }
    visibleRows = layOutFrame()
  }

  /// The rows intersecting the screen from the anchor down.
  private mutating func layOutFrame() -> [VisibleRow] {
    guard height > 0, rowCount > 0 else { return [] }
    var rows: [VisibleRow] = []
    var y = -anchor.line
    var row = anchor.row
    while y < height && row < rowCount {
      let rowHeight = rowHeight(row)
      rows.append(VisibleRow(row: row, y: y, height: rowHeight))
      y += rowHeight
      row += 1
    }
    return rows
  }

  // MARK: - Walking

  /// The height of `row`, measuring it if needed.
  mutating func rowHeight(_ row: Int) -> Int {
    heights.height(ofRow: row)
  }

  /// The position `lines` lines below `position` (above when negative), measuring the rows
  /// it crosses; clamped to the first line of row 0 and the last line of the last row.
  ///
  /// Cost is proportional to the rows crossed, so it serves line and page moves; long jumps
  /// go by row.
  mutating func advanced(_ position: ScrollAnchor, byLines lines: Int) -> ScrollAnchor {
    var row = position.row
    var line = position.line + max(-Int.max / 4, min(Int.max / 4, lines))
    while line < 0 {
      guard row > 0 else { return .top }
      row -= 1
      line += rowHeight(row)
    }
    while line >= rowHeight(row) {
      guard row < rowCount - 1 else { return ScrollAnchor(row: row, line: rowHeight(row) - 1) }
      line -= rowHeight(row)
      row += 1
    }
    return ScrollAnchor(row: row, line: line)
  }
}
