/// How many colours the terminal can show, which decides how cells are coloured.
public enum ColorDepth: String, Sendable, Hashable, CaseIterable {
  /// 24-bit colour (a direct-colour terminfo such as `xterm-direct`): `CellColor.rgb`.
  case truecolor
  /// The 256-colour palette without its first 16 entries, which terminal themes redefine
  /// (chafa's INDEXED_240): `CellColor.indexed` in 16...255.
  case indexed256
  /// The 8 basic ANSI colours: `CellColor.indexed` in 0...7.
  case indexed8
  /// No colour (`NO_COLOR`, `--no-color`, a monochrome terminal): shade and block characters
  /// in the terminal's own colours, drawn for light ink on a dark background.
  case none
  /// No colour, on a light background (the light theme): the same shades for dark ink, so a
  /// dark part of a picture is dense ink and a light part is paper.
  case noneOnLight

  /// The depth for a terminal of this depth whose background is light: shades turn over;
  /// colours are colours on any background.
  public func onLightBackground(_ isLight: Bool) -> ColorDepth {
    isLight && self == .none ? .noneOnLight : self
  }

  /// True for the two depths without colour.
  public var isMonochrome: Bool { self == .none || self == .noneOnLight }
}
