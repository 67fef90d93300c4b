import Pictures

/// Draws a picture's cells into a buffer: each cell's symbol with its own colours.
public enum PictureView {
  /// Draws `cells` with their top left at the rect's, clipped to the lines in `clip` and to
  /// the buffer. Cells without colours (no-colour shades) use the terminal's defaults;
  /// blank cells are not drawn.
  public static func draw(
    _ cells: PictureCells, at rect: BoxRect, into buffer: inout ScreenBuffer, clip: Range<Int>
  ) {
    for row in 0..<min(cells.rows, rect.height) {
      let y = rect.y + row
      guard clip.contains(y) else { continue }
      for column in 0..<min(cells.columns, rect.width) {
        let cell = cells[column, row]
        // Blank cells around a centred picture leave what is under them (the selection).
        if cell == .blank { continue }
        let style = Style(
          .normal, foreground: color(cell.foreground), background: color(cell.background))
        buffer.put(String(cell.character), x: rect.x + column, y: y, style: style)
      }
    }
  }

  /// A picture colour as the screen's: palette entries and RGB pass through, none is default.
  static func color(_ color: CellColor) -> TerminalColor? {
    switch color {
    case .none: nil
    case .rgb(let value): .rgb(value)
    case .indexed(let index): .palette(index)
    }
  }
}
