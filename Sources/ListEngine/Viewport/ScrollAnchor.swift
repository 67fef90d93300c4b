/// A scroll position that does not move when estimates change: line `line` of row `row` is on
/// the top screen line.
///
/// The anchor names a row, not an offset, so measuring rows above it (which changes every
/// offset below them) leaves the screen as it is; only the scrollbar moves.
public struct ScrollAnchor: Sendable, Hashable, CustomStringConvertible {
  /// The row on the top screen line.
  public var row: Int
  /// Which line of that row is on the top screen line; `0..<height(row)`.
  public var line: Int

  public init(row: Int, line: Int) {
    self.row = row
    self.line = line
  }

  /// Row 0, line 0.
  public static let top = ScrollAnchor(row: 0, line: 0)

  public var description: String { "(row \(row), line \(line))" }
}
