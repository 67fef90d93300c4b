/// One terminal cell of a converted picture: a symbol drawn in a foreground colour on a
/// background colour. The symbol always takes exactly one column.
public struct PictureCell: Sendable, Hashable {
  /// The symbol, a block, border or shade character, or a space.
  public var character: Character
  /// The colour of the symbol's ink.
  public var foreground: CellColor
  /// The colour behind the symbol.
  public var background: CellColor

  /// A cell showing nothing: a space in the terminal's default colours.
  public static let blank = PictureCell(character: " ", foreground: .none, background: .none)

  public init(character: Character, foreground: CellColor, background: CellColor) {
    self.character = character
    self.foreground = foreground
    self.background = background
  }
}
