extension ScreenBuffer {
  /// The lines with SGR escape sequences for their styles: what `artfeed render --color`
  /// prints, from the same cells the browser draws.
  ///
  /// Each run of equally styled cells opens with a full reset and its attributes and colours
  /// (`ESC[0;1;38;5;208m`), so any run can be read alone; each line ends with a reset.
  /// Trailing blanks in the default style are left out, as `trimmedLines` does. Roles are
  /// painted with the standard palette (the dark theme).
  public var sgrLines: [String] { sgrLines(palette: .standard) }

  /// The lines with SGR sequences, roles painted with `palette`.
  public func sgrLines(palette: Palette) -> [String] {
    (0..<height).map { y in
      var end = width
      while end > 0, self[end - 1, y].text == " ", self[end - 1, y].style == .normal { end -= 1 }
      var line = ""
      var x = 0
      while x < end {
        let style = self[x, y].style
        line += Self.sgr(for: palette.styled(style), palette: palette)
        while x < end, self[x, y].style == style {
          if !self[x, y].isContinuation { line += self[x, y].text }
          x += 1
        }
      }
      return end > 0 ? line + "\u{1B}[0m" : line
    }
  }

  /// `ESC[0;...m` for a style: attributes, then the foreground and background colours.
  static func sgr(for style: Style, palette: Palette = .standard) -> String {
    var codes = ["0"]
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.underline { codes.append("4") }
    if style.reverse { codes.append("7") }
    let (foreground, background) = palette.colors(for: style)
    if let foreground { codes.append(code(foreground, base: 30)) }
    if let background { codes.append(code(background, base: 40)) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  /// 30-37 / 40-47 for the ANSI colours, `38;5;N` / `48;5;N` for the rest of the palette,
  /// `38;2;R;G;B` / `48;2;R;G;B` for direct colour.
  private static func code(_ color: TerminalColor, base: Int) -> String {
    switch color {
    case .palette(let index) where index < 8: return String(base + Int(index))
    case .palette(let index): return "\(base + 8);5;\(index)"
    case .rgb(let value):
      return "\(base + 8);2;\(value >> 16 & 0xFF);\(value >> 8 & 0xFF);\(value & 0xFF)"
    }
  }
}
