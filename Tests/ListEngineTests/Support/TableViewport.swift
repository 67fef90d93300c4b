import ListEngine

/// Viewports over rows whose heights come from a closure of (row, width), for hand-built
/// scenarios; one kind, estimate 2 unless told.
enum TableViewport {
  static func make(
    rowCount: Int, width: Int = 80, height: Int, estimate: Int = 2,
    heights: @escaping @Sendable (_ row: Int, _ width: Int) -> Int
  ) -> ListViewport<PeriodicRowKinds> {
    ListViewport(
      kinds: PeriodicRowKinds(pattern: [0], rowCount: rowCount), width: width, height: height,
      initialEstimate: { _, _ in estimate }, measure: heights)
  }

  /// The screen line just below the last visible row.
  static func bottom(of viewport: ListViewport<PeriodicRowKinds>) -> Int? {
    viewport.visibleRows.last.map { $0.y + $0.height }
  }
}
