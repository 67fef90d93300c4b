/// A picture fitted to a box of cells, ready to send to a terminal in pixels.
///
/// The picture keeps its aspect ratio and is centred in the box to the pixel; it is padded
/// with transparent pixels to whole cells, so `picture` is exactly `columns` x `rows` cells
/// of `cell` and a crop at cell edges is a crop at pixel rows and columns. The padded area
/// starts `column` cells from the box's left and `row` lines from its top.
public struct PixelPicture: Sendable, Equatable {
  /// The padded pixels: `columns * cell.width` x `rows * cell.height`.
  public let picture: Picture
  /// The cell size the picture was made for.
  public let cell: CellSize
  /// Where the padded picture starts in the box, in cells.
  public let column: Int
  public let row: Int
  /// How many cells it covers.
  public let columns: Int
  public let rows: Int

  /// A fitted picture from already padded pixels.
  ///
  /// - Precondition: the picture is exactly `columns` x `rows` cells.
  public init(picture: Picture, cell: CellSize, column: Int, row: Int, columns: Int, rows: Int) {
    precondition(picture.width == columns * cell.width, "whole cells across")
    precondition(picture.height == rows * cell.height, "whole cells down")
    self.picture = picture
    self.cell = cell
    self.column = column
    self.row = row
    self.columns = columns
    self.rows = rows
  }

  /// About how many bytes this value keeps alive (what `PictureCache` counts).
  public var estimatedByteCount: Int { picture.pixels.count + 96 }

  /// `picture` fitted into a box of `columns` x `rows` cells of `cell` (see `PictureScaler`
  /// for how it is scaled). A box with no cells gives nil.
  public static func fitting(
    _ picture: Picture, columns boxColumns: Int, rows boxRows: Int, cell: CellSize
  ) -> PixelPicture? {
    guard boxColumns > 0, boxRows > 0 else { return nil }
    let boxWidth = boxColumns * cell.width
    let boxHeight = boxRows * cell.height
    let scaled = PictureScaler.fitted(picture, width: boxWidth, height: boxHeight)
    // The exact centre in pixels, then the whole cells that hold it.
    let left = (boxWidth - scaled.width) / 2
    let top = (boxHeight - scaled.height) / 2
    let column = left / cell.width
    let row = top / cell.height
    let columns = (left + scaled.width + cell.width - 1) / cell.width - column
    let rows = (top + scaled.height + cell.height - 1) / cell.height - row
    let padded = PictureScaler.padded(
      scaled, width: columns * cell.width, height: rows * cell.height,
      x: left - column * cell.width, y: top - row * cell.height)
    return PixelPicture(
      picture: padded, cell: cell, column: column, row: row, columns: columns, rows: rows)
  }

  /// The part of the picture in cells `columns` x `rows` (ranges within 0..<self.columns and
  /// 0..<self.rows), as a picture of its own.
  public func cropped(columns: Range<Int>, rows: Range<Int>) -> Picture {
    PictureScaler.cropped(
      picture, x: columns.lowerBound * cell.width, y: rows.lowerBound * cell.height,
      width: columns.count * cell.width, height: rows.count * cell.height)
  }
}
