import Pictures

/// How pictures reach this terminal in pixels: the protocol, the cell size they are fitted
/// to, and, inside tmux, the passthrough that carries them to the terminal outside.
public struct PixelOutput: Sendable, Equatable {
  public var kind: PictureProtocol
  public var cell: CellSize
  /// Inside tmux with `allow-passthrough on`: where the pane is on the outer terminal's
  /// screen. Every sequence is then wrapped, and positions are the outer terminal's.
  public var tmuxPane: TmuxPane?

  public init(kind: PictureProtocol, cell: CellSize, tmuxPane: TmuxPane? = nil) {
    self.kind = kind
    self.cell = cell
    self.tmuxPane = tmuxPane
  }
}

/// Where a tmux pane's top left cell is on the outer terminal (0-based).
public struct TmuxPane: Sendable, Equatable {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}
