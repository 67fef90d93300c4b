import FeedCore
import Pictures

/// What a picture's box (the viewer's, the item view's) shows in the very next frame while its
/// picture is being made: a symbol preview made from any copy of the picture already in the
/// cache (the row's thumbnail, the item view's picture, another view), enlarged to the box.
/// Cheap enough for every draw: it samples at most two pixels or one cell per cell of the box.
enum PicturePreview {
  /// The preview for `box` of the picture at `url` (`picture`: which of `item`'s; the first
  /// may use the row's thumbnail too), nil when no copy of it is made.
  static func cells(
    of item: FeedItem, url: String?, picture: Int, board: PictureBoard, box: BoxRect
  ) -> PictureCells? {
    guard box.width > 0, box.height > 0 else { return nil }
    var urls = [url].compactMap { $0 }
    if picture == 0, let thumbnail = ItemPresentation.picture(of: item)?.url {
      urls.append(thumbnail)
    }
    for url in urls {
      guard let made = board.latestKey(for: url), let value = board.cache.value(for: made)
      else { continue }
      switch value {
      case .cells(let cells):
        if let enlarged = enlarged(cells, columns: box.width, rows: box.height) {
          return enlarged
        }
      case .pixels(let pixels):
        // Half blocks need colours; a monochrome terminal gets the frame instead.
        guard !board.depth.isMonochrome else { continue }
        return halfBlocks(
          pixels.picture, columns: box.width, rows: box.height, depth: board.depth)
      }
    }
    return nil
  }

  /// Symbol cells enlarged to fit a box (nearest cell), keeping their shape; their blank
  /// margins dropped first.
  static func enlarged(_ cells: PictureCells, columns: Int, rows: Int) -> PictureCells? {
    var left = cells.columns
    var right = -1
    var top = cells.rows
    var bottom = -1
    for row in 0..<cells.rows {
      for column in 0..<cells.columns where cells[column, row] != .blank {
        left = min(left, column)
        right = max(right, column)
        top = min(top, row)
        bottom = max(bottom, row)
      }
    }
    guard right >= left, bottom >= top else { return nil }
    let width = right - left + 1
    let height = bottom - top + 1
    // A cell is about twice as tall as wide: the picture's shape is width x 2 height.
    let fitted = CellConverter.fit(
      width: width, height: height * 2, columns: columns, rows: rows, cellAspect: 0.5)
    var out: [PictureCell] = []
    out.reserveCapacity(fitted.columns * fitted.rows)
    for row in 0..<fitted.rows {
      let source = top + min(height - 1, row * height / fitted.rows)
      for column in 0..<fitted.columns {
        out.append(cells[left + min(width - 1, column * width / fitted.columns), source])
      }
    }
    return PictureCells(columns: fitted.columns, rows: fitted.rows, cells: out)
      .centred(columns: columns, rows: rows)
  }

  /// A picture as upper half blocks (two pixels a cell, the upper one as ink), fitted to a box
  /// and centred.
  static func halfBlocks(_ picture: Picture, columns: Int, rows: Int, depth: ColorDepth)
    -> PictureCells
  {
    let fitted = CellConverter.fit(
      width: picture.width, height: picture.height, columns: columns, rows: rows,
      cellAspect: 0.5)
    var out: [PictureCell] = []
    out.reserveCapacity(fitted.columns * fitted.rows)
    for row in 0..<fitted.rows {
      let upper = min(picture.height - 1, (row * 4 + 1) * picture.height / (fitted.rows * 4))
      let lower = min(picture.height - 1, (row * 4 + 3) * picture.height / (fitted.rows * 4))
      for column in 0..<fitted.columns {
        let x = min(picture.width - 1, (column * 2 + 1) * picture.width / (fitted.columns * 2))
        out.append(
          PictureCell(
            character: "▀", foreground: color(picture.rgba(x: x, y: upper), depth: depth),
            background: color(picture.rgba(x: x, y: lower), depth: depth)))
      }
    }
    return PictureCells(columns: fitted.columns, rows: fitted.rows, cells: out)
      .centred(columns: columns, rows: rows)
  }

  /// A pixel (0xRRGGBBAA) as a cell colour at `depth`: transparent ones show the background.
  static func color(_ rgba: UInt32, depth: ColorDepth) -> CellColor {
    guard rgba & 0xFF >= 128 else { return .none }
    let rgb = rgba >> 8
    switch depth {
    case .truecolor: return .rgb(rgb)
    case .indexed256:
      // The 6x6x6 cube of the 256-colour palette (16...231).
      let level = { (value: UInt32) -> UInt32 in (value * 5 + 127) / 255 }
      let index = 16 + 36 * level(rgb >> 16 & 0xFF) + 6 * level(rgb >> 8 & 0xFF) + level(rgb & 0xFF)
      return .indexed(UInt8(index))
    default:
      // Eight colours: the nearest of the basic ones by each channel's half.
      let bit = { (value: UInt32) -> UInt32 in value >= 128 ? 1 : 0 }
      return .indexed(
        UInt8(bit(rgb >> 16 & 0xFF) | bit(rgb >> 8 & 0xFF) << 1 | bit(rgb & 0xFF) << 2))
    }
  }
}
