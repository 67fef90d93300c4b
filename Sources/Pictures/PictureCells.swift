/// A picture turned into a box of terminal cells, ready to draw: `rows` lines of `columns`
/// cells each, the picture centred with blank cells around it.
///
/// Invariant: `cells.count == columns * rows`.
public struct PictureCells: Sendable, Equatable {
  /// Width of the box in cells.
  public let columns: Int
  /// Height of the box in cells.
  public let rows: Int
  /// The cells row by row from the top left.
  public let cells: [PictureCell]

  /// A box of cells.
  ///
  /// - Precondition: `cells.count == columns * rows`, sizes not negative.
  public init(columns: Int, rows: Int, cells: [PictureCell]) {
    precondition(columns >= 0 && rows >= 0, "sizes are not negative")
    precondition(cells.count == columns * rows, "one cell per column and row")
    self.columns = columns
    self.rows = rows
    self.cells = cells
  }

  /// A box of blank cells.
  public static func blank(columns: Int, rows: Int) -> PictureCells {
    let columns = max(0, columns)
    let rows = max(0, rows)
    return PictureCells(
      columns: columns, rows: rows,
      cells: Array(repeating: .blank, count: columns * rows))
  }

  /// The cell in `column` of `row` (both from 0).
  public subscript(column: Int, row: Int) -> PictureCell {
    cells[row * columns + column]
  }

  /// One line of symbols, for tests and logs (colours dropped).
  public func text(ofRow row: Int) -> String {
    String(cells[row * columns..<(row + 1) * columns].map(\.character))
  }

  /// About how many bytes this value keeps alive: the cell storage plus the struct and the
  /// array header. What `PictureCache` counts against its budget.
  public var estimatedByteCount: Int {
    cells.count * MemoryLayout<PictureCell>.stride + MemoryLayout<Self>.size + 32
  }
}
