/// A real colour for a cell: a palette index (0-255) or a 24-bit RGB value.
public enum TerminalColor: Sendable, Hashable {
  /// An entry of the terminal's palette: 0-7 the ANSI colours, 16-255 the 256-colour cube
  /// and greys.
  case palette(UInt8)
  /// 0xRRGGBB, for terminals with direct colour.
  case rgb(UInt32)
}

/// How a cell is drawn: a colour role plus text attributes, and optionally real colours.
///
/// Roles: the backend maps each role to colours (`Palette`, from the settings' theme) when
/// the terminal has colours, and to attributes alone under `NO_COLOR` or on a monochrome
/// terminal. Picture cells carry real colours in `foreground`/`background`, which win over
/// the role's.
public struct Style: Sendable, Hashable {
  /// What the text is, so the backend can pick a colour for it.
  public enum Role: Int, Sendable, Hashable, CaseIterable {
    case normal, title, subtitle, accent, selection, bar, box, scrollbar, error, prompt

  }

  public var role: Role
  public var bold: Bool
  public var dim: Bool
  public var reverse: Bool
  public var underline: Bool
  /// A real ink colour (picture cells); nil: the role's.
  public var foreground: TerminalColor?
  /// A real background colour (picture cells); nil: the terminal's default.
  public var background: TerminalColor?

  public init(
    _ role: Role = .normal, bold: Bool = false, dim: Bool = false, reverse: Bool = false,
    underline: Bool = false, foreground: TerminalColor? = nil, background: TerminalColor? = nil
  ) {
    self.role = role
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
    self.foreground = foreground
    self.background = background
  }

  public static let normal = Style()
  public static let title = Style(.title, bold: true)
  public static let subtitle = Style(.subtitle, dim: true)
  public static let bar = Style(.bar, reverse: true)
  public static let box = Style(.box, dim: true)
  public static let error = Style(.error, bold: true)

  /// The same style on the selected row: reversed so it shows without colours too.
  public var selected: Style {
    var style = self
    style.role = .selection
    style.reverse = true
    style.dim = false
    return style
  }
}
