/// A row of the frame: which row, the screen line of its top, and its measured height.
///
/// `y` is negative for a row whose top is scrolled off the top of the screen, and
/// `y + height` may pass the screen's bottom for the last row of a frame: the front end clips.
public struct VisibleRow: Sendable, Hashable, CustomStringConvertible {
  public var row: Int
  /// Screen line of the row's top line (0 = top of the screen).
  public var y: Int
  /// Height in screen lines, as measured at the current width.
  public var height: Int

  public init(row: Int, y: Int, height: Int) {
    self.row = row
    self.y = y
    self.height = height
  }

  public var description: String { "row \(row) at \(y) height \(height)" }
}
