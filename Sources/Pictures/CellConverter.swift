import CChafa

/// Turns a `Picture` into `PictureCells` with libchafa: the picture is fitted into the box
/// keeping its aspect ratio (a cell is taken as twice as tall as wide), centred, and chafa
/// picks per cell a symbol, a foreground and a background.
///
/// Conversion is deterministic: no dithering, a fixed work factor and colour extractor, so
/// the same picture, box and depth always give the same cells (the tests rely on it).
/// Scaling is chafa's own (it samples the source into its work grid of 8x8 pixels per cell),
/// so no scaled copy of the picture is made.
public struct CellConverter: Sendable {
  /// The colour depth of the terminal the cells are for.
  public var depth: ColorDepth

  /// Width over height of one terminal cell; 0.5 for the usual fonts.
  public var cellAspect: Double

  /// The version of what this converter makes, part of every key of the disk cache of
  /// converted cells (`CellDiskCache`): BUMP IT whenever the cells for the same picture, box
  /// and depth could change (a setting in `makeConfig`, the symbols, `normalised`, `shade`,
  /// `fit`, `centre`, the colour mapping), or readers keep seeing the old cells.
  public static let outputVersion = 1

  /// `outputVersion` and the libchafa version built against, as the disk cache's keys hold
  /// them: a chafa upgrade (rebuilt) is a new version too.
  public static let outputTag =
    "\(outputVersion)-chafa\(CHAFA_MAJOR_VERSION).\(CHAFA_MINOR_VERSION).\(CHAFA_MICRO_VERSION)"

  public init(depth: ColorDepth, cellAspect: Double = 0.5) {
    self.depth = depth
    self.cellAspect = cellAspect
    Self.configureChafa
  }

  /// chafa runs one thread per conversion. A 20x8 box is too small to share out, and its
  /// own pool makes the slow conversions slower on a busy 2-core machine (docs/adr/0057);
  /// callers get parallelism by converting several pictures in separate tasks.
  /// (chafa's thread count is process-wide; this module is its only user.)
  private static let configureChafa: Void = chafa_set_n_threads(1)

  /// The cells for `picture` in a box of `columns` x `rows`. A box with no cells gives an
  /// empty value; the picture always covers at least one cell of a non-empty box.
  public func cells(for picture: Picture, columns: Int, rows: Int) -> PictureCells {
    guard columns > 0, rows > 0 else { return .blank(columns: columns, rows: rows) }
    let fitted = Self.fit(
      width: picture.width, height: picture.height, columns: columns, rows: rows,
      cellAspect: cellAspect)
    let inner = draw(picture, columns: fitted.columns, rows: fitted.rows)
    return Self.centre(inner, columns: fitted.columns, inBoxOf: columns, rows: rows)
  }

  /// The largest `columns` x `rows` (each at least 1, at most the box) whose shape on screen
  /// matches the picture's, with cells `cellAspect` as wide as tall.
  public static func fit(
    width: Int, height: Int, columns: Int, rows: Int, cellAspect: Double = 0.5
  ) -> (columns: Int, rows: Int) {
    let aspect = Double(width) / Double(height)
    let boxAspect = Double(columns) * cellAspect / Double(rows)
    if aspect >= boxAspect {
      let used = (Double(columns) * cellAspect / aspect).rounded()
      return (columns, min(rows, max(1, Int(used))))
    }
    let used = (Double(rows) * aspect / cellAspect).rounded()
    return (min(columns, max(1, Int(used))), rows)
  }

  // MARK: - chafa

  /// Runs chafa on a canvas exactly the size of the fitted picture.
  private func draw(_ picture: Picture, columns: Int, rows: Int) -> [PictureCell] {
    let config = makeConfig(columns: columns, rows: rows)
    defer { chafa_canvas_config_unref(config) }
    guard let canvas = chafa_canvas_new(config) else {
      return Array(repeating: .blank, count: columns * rows)
    }
    defer { chafa_canvas_unref(canvas) }
    picture.pixels.withUnsafeBufferPointer { pixels in
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress, Int32(picture.width),
        Int32(picture.height), Int32(picture.width * 4))
    }
    var cells: [PictureCell] = []
    cells.reserveCapacity(columns * rows)
    for y in 0..<Int32(rows) {
      for x in 0..<Int32(columns) {
        cells.append(Self.normalised(cell(canvas, x: x, y: y)))
      }
    }
    return cells
  }

  /// A space shows only its background and a full block only its foreground: the unseen
  /// side takes the seen colour, so equal-looking cells are equal and need one colour pair.
  private static func normalised(_ cell: PictureCell) -> PictureCell {
    var cell = cell
    if cell.character == " " { cell.foreground = cell.background }
    if cell.character == "█" { cell.background = cell.foreground }
    return cell
  }

  // Changing anything here changes the cells: bump `outputVersion`.
  private func makeConfig(columns: Int, rows: Int) -> OpaquePointer? {
    let config = chafa_canvas_config_new()
    chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
    chafa_canvas_config_set_canvas_mode(config, canvasMode)
    chafa_canvas_config_set_dither_mode(config, ditherMode)
    chafa_canvas_config_set_dither_grain_size(config, 4, 4)
    chafa_canvas_config_set_color_extractor(config, CHAFA_COLOR_EXTRACTOR_AVERAGE)
    chafa_canvas_config_set_color_space(config, CHAFA_COLOR_SPACE_RGB)
    chafa_canvas_config_set_work_factor(config, 0.5)
    let symbols = chafa_symbol_map_new()
    let tags = depth.isMonochrome ? artfeed_chafa_space_tags() : artfeed_chafa_color_tags()
    artfeed_chafa_symbol_map_add(symbols, tags)
    artfeed_chafa_symbol_map_remove(symbols, artfeed_chafa_excluded_tags())
    chafa_canvas_config_set_symbol_map(config, symbols)
    chafa_symbol_map_unref(symbols)
    return config
  }

  /// Ordered (Bayer) dithering with 8 colours, so mid-tones become two-colour patterns;
  /// none elsewhere. Both are deterministic.
  private var ditherMode: ChafaDitherMode {
    depth == .indexed8 ? CHAFA_DITHER_MODE_ORDERED : CHAFA_DITHER_MODE_NONE
  }

  private var canvasMode: ChafaCanvasMode {
    switch depth {
    case .truecolor: CHAFA_CANVAS_MODE_TRUECOLOR
    case .indexed256: CHAFA_CANVAS_MODE_INDEXED_240
    case .indexed8: CHAFA_CANVAS_MODE_INDEXED_8
    case .none, .noneOnLight: CHAFA_CANVAS_MODE_TRUECOLOR
    }
  }

  private func cell(_ canvas: OpaquePointer, x: Int32, y: Int32) -> PictureCell {
    let code = chafa_canvas_get_char_at(canvas, x, y)
    let character = Unicode.Scalar(code).map(Character.init) ?? " "
    var foreground: Int32 = -1
    var background: Int32 = -1
    switch depth {
    case .truecolor:
      chafa_canvas_get_colors_at(canvas, x, y, &foreground, &background)
      return PictureCell(
        character: character, foreground: Self.rgb(foreground), background: Self.rgb(background))
    case .indexed256, .indexed8:
      chafa_canvas_get_raw_colors_at(canvas, x, y, &foreground, &background)
      return PictureCell(
        character: character, foreground: Self.indexed(foreground),
        background: Self.indexed(background))
    case .none, .noneOnLight:
      chafa_canvas_get_colors_at(canvas, x, y, &foreground, &background)
      return PictureCell(
        character: Self.shade(background, darkInk: depth == .noneOnLight), foreground: .none,
        background: .none)
    }
  }

  /// The no-colour symbols from empty to full, for light ink on a dark terminal.
  static let shades: [Character] = [" ", "░", "▒", "▓", "█"]

  /// The shade for a cell whose average colour is `value` (0xRRGGBB, negative when
  /// transparent), by its Rec. 709 luma in five equal steps: light parts dense with light
  /// ink on a dark terminal, dark parts dense with `darkInk` on a light one. A transparent
  /// cell is empty either way.
  ///
  /// chafa's own one-colour mode (FGBG) thresholds each pixel, so flat mid-tones become all
  /// ink or none; averaging per cell and picking a shade keeps them apart.
  static func shade(_ value: Int32, darkInk: Bool = false) -> Character {
    guard value >= 0 else { return " " }
    let red = Double(value >> 16 & 0xFF)
    let green = Double(value >> 8 & 0xFF)
    let blue = Double(value & 0xFF)
    let luma = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    let step = min(shades.count - 1, Int(luma * Double(shades.count) / 256))
    return shades[darkInk ? shades.count - 1 - step : step]
  }

  /// chafa's colour: 0xRRGGBB, or a negative value for transparent.
  private static func rgb(_ value: Int32) -> CellColor {
    value < 0 ? .none : .rgb(UInt32(value) & 0xFF_FFFF)
  }

  /// chafa's raw palette index; out of 0...255 means transparent.
  private static func indexed(_ value: Int32) -> CellColor {
    (0...255).contains(value) ? .indexed(UInt8(value)) : .none
  }

  // MARK: - Placement

  /// Places `inner` (`columns` wide) in the middle of a blank box.
  private static func centre(
    _ inner: [PictureCell], columns: Int, inBoxOf boxColumns: Int, rows boxRows: Int
  ) -> PictureCells {
    let innerRows = inner.count / columns
    let left = (boxColumns - columns) / 2
    let top = (boxRows - innerRows) / 2
    var cells = Array(repeating: PictureCell.blank, count: boxColumns * boxRows)
    for row in 0..<innerRows {
      let start = (top + row) * boxColumns + left
      cells.replaceSubrange(
        start..<start + columns, with: inner[row * columns..<(row + 1) * columns])
    }
    return PictureCells(columns: boxColumns, rows: boxRows, cells: cells)
  }
}
