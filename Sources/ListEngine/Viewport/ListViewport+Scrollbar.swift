extension ListViewport {
  /// Whether the top line of row 0 is on the screen's top line.
  public var isAtTop: Bool { anchor == .top }

  /// Whether the last row's bottom is on the screen (always, for an empty list).
  public var isAtEnd: Bool {
    guard rowCount > 0 else { return true }
    guard let last = visibleRows.last else { return false }
    return last.row == rowCount - 1 && last.y + last.height <= height
  }

  /// The scrollbar thumb on a track of `trackHeight` cells, from the estimated total height
  /// and the estimated offset of the screen's top.
  ///
  /// The length is at least 1 (for a track of at least 1). With a track of 3 cells or more,
  /// the thumb touches the track's bottom exactly when the last row's bottom is on screen, and
  /// its top exactly when row 0's top is: estimates cannot make a scrolled list look finished.
  /// A list that fits on the screen gets the whole track.
  public func scrollbar(trackHeight: Int) -> (start: Int, length: Int) {
    guard trackHeight > 0 else { return (0, 0) }
    let atTop = isAtTop
    let atEnd = isAtEnd
    if atTop && atEnd { return (0, trackHeight) }
    let total = max(1, estimatedTotalHeight)
    let reserved = (atTop ? 0 : 1) + (atEnd ? 0 : 1)
    let length = min(
      max(1, Self.roundedQuotient(trackHeight * height, total)),
      max(1, trackHeight - reserved))
    let room = trackHeight - length
    if atTop { return (0, length) }
    if atEnd { return (room, length) }
    let scrollable = max(1, total - height)
    let raw = Self.roundedQuotient(room * min(estimatedTopOffset, scrollable), scrollable)
    let lowest = min(1, room)
    return (min(max(raw, lowest), max(lowest, room - 1)), length)
  }

  /// `numerator / denominator` rounded half up, for non-negative numbers.
  static func roundedQuotient(_ numerator: Int, _ denominator: Int) -> Int {
    (2 * numerator + denominator) / (2 * denominator)
  }
}
