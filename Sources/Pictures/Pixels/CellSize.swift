/// The size of one terminal cell in pixels, as the terminal reports it (`TIOCGWINSZ`'s pixel
/// fields, or the reply to `CSI 16 t`).
public struct CellSize: Sendable, Hashable, CustomStringConvertible {
  /// Pixels across one column (at least 1).
  public let width: Int
  /// Pixels down one line (at least 1).
  public let height: Int

  /// A cell size; sizes below 1 count as 1.
  public init(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
  }

  /// What `render --pictures` assumes when it is not told: xterm's cell with DejaVu Sans Mono
  /// at 12 points.
  public static let fallback = CellSize(width: 10, height: 20)

  /// "10x20".
  public var description: String { "\(width)x\(height)" }
}
