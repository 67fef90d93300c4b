/// One line of text placed in a row: where it goes, what it says and how it is styled.
public struct PlacedLine: Sendable, Equatable {
  /// How the line is drawn.
  public enum Style: Sendable, Equatable {
    /// Title text (bold).
    case title
    /// The artist and the date, after the title (dim).
    case byline
    /// Subtitle text (dim).
    case subtitle
  }

  /// Column of the first cell, from the row's left edge.
  public var x: Int
  /// Line within the row, from its top (0 is the top padding line).
  public var y: Int
  /// Sanitized text, at most the text column wide, no trailing space.
  public var text: String
  /// Display width of `text` in cells.
  public var width: Int
  public var style: Style

  public init(x: Int, y: Int, text: String, width: Int, style: Style) {
    self.x = x
    self.y = y
    self.text = text
    self.width = width
    self.style = style
  }
}
