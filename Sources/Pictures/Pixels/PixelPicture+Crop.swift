/// The picture viewer's views (`PictureCrop`) in pixels and in symbol cells: the part cut from
/// the decoded picture, scaled to the size it takes at its scale (enlarged only when the crop
/// asks for more than 1:1), centred in the box.
extension PixelPicture {
  /// `picture` (decoded at full size) as `crop` shows it in a box of `columns` x `rows` cells
  /// of `cell`; nil for a box with no cells.
  public static func viewing(
    _ picture: Picture, crop: PictureCrop, columns: Int, rows: Int, cell: CellSize
  ) -> PixelPicture? {
    guard columns > 0, rows > 0 else { return nil }
    let boxWidth = columns * cell.width
    let boxHeight = rows * cell.height
    let part = crop.resolved(
      width: picture.width, height: picture.height, boxWidth: boxWidth, boxHeight: boxHeight)
    let cut = PictureScaler.cropped(
      picture, x: part.x, y: part.y, width: part.width, height: part.height)
    let size = PictureCrop.shownSize(
      width: cut.width, height: cut.height, scale: part.scale, boxWidth: boxWidth,
      boxHeight: boxHeight)
    let scaled =
      size == (cut.width, cut.height)
      ? cut : PictureScaler.fitted(cut, width: size.width, height: size.height)
    return centred(scaled, columns: columns, rows: rows, cell: cell)
  }

  /// `scaled` (no larger than the box) centred in a box of `columns` x `rows` cells to the
  /// pixel, padded with transparent pixels to the whole cells it touches (as `fitting`).
  static func centred(_ scaled: Picture, columns: Int, rows: Int, cell: CellSize) -> PixelPicture {
    let boxWidth = columns * cell.width
    let boxHeight = rows * cell.height
    let left = max(0, (boxWidth - scaled.width) / 2)
    let top = max(0, (boxHeight - scaled.height) / 2)
    let column = left / cell.width
    let row = top / cell.height
    let across = (left + scaled.width + cell.width - 1) / cell.width - column
    let down = (top + scaled.height + cell.height - 1) / cell.height - row
    let padded = PictureScaler.padded(
      scaled, width: across * cell.width, height: down * cell.height,
      x: left - column * cell.width, y: top - row * cell.height)
    return PixelPicture(
      picture: padded, cell: cell, column: column, row: row, columns: across, rows: down)
  }
}

extension CellConverter {
  /// `picture` (decoded at full size) as `crop` shows it in symbol cells, in a box of
  /// `columns` x `rows` cells taken as `cell` pixels each for the crop's scale.
  public func cells(
    for picture: Picture, crop: PictureCrop, columns: Int, rows: Int, cell: CellSize
  ) -> PictureCells {
    guard columns > 0, rows > 0 else { return .blank(columns: columns, rows: rows) }
    let part = crop.resolved(
      width: picture.width, height: picture.height, boxWidth: columns * cell.width,
      boxHeight: rows * cell.height)
    let cut = PictureScaler.cropped(
      picture, x: part.x, y: part.y, width: part.width, height: part.height)
    let size = PictureCrop.shownSize(
      width: cut.width, height: cut.height, scale: part.scale, boxWidth: columns * cell.width,
      boxHeight: rows * cell.height)
    let used = (
      columns: min(columns, max(1, Int((Double(size.width) / Double(cell.width)).rounded()))),
      rows: min(rows, max(1, Int((Double(size.height) / Double(cell.height)).rounded())))
    )
    let inner = cells(for: cut, columns: used.columns, rows: used.rows)
    return inner.centred(columns: columns, rows: rows)
  }
}

extension PictureCells {
  /// These cells in the middle of a larger box of `columns` x `rows`, blank around them.
  public func centred(columns boxColumns: Int, rows boxRows: Int) -> PictureCells {
    guard boxColumns > columns || boxRows > rows else { return self }
    let width = max(boxColumns, columns)
    let height = max(boxRows, rows)
    let left = (width - columns) / 2
    let top = (height - rows) / 2
    var out = [PictureCell](repeating: .blank, count: width * height)
    for row in 0..<rows {
      for column in 0..<columns {
        out[(top + row) * width + left + column] = self[column, row]
      }
    }
    return PictureCells(columns: width, rows: height, cells: out)
  }
}
