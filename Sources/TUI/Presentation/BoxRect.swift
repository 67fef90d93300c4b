/// A rectangle of cells inside a row: the thumbnail box.
public struct BoxRect: Sendable, Equatable {
  /// Left column, from the row's left edge.
  public var x: Int
  /// Top line, from the row's top.
  public var y: Int
  /// Width in columns.
  public var width: Int
  /// Height in lines.
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// One past the right-most column.
  public var maxX: Int { x + width }
  /// One past the bottom line.
  public var maxY: Int { y + height }
}
