import Settings

/// The colours of the style roles, from the settings' theme and overrides: what the backend
/// (`ColorTable`) and `render --color` (`sgrLines`) paint each role with.
///
/// A role's ink, background and added attributes; the attributes a style already has (bold
/// titles, reversed bars) stay. Picture cells carry their own colours, which win.
public struct Palette: Sendable, Equatable {
  /// What one role is painted with.
  public struct Colors: Sendable, Equatable {
    public var foreground: TerminalColor?
    public var background: TerminalColor?
    public var bold = false
    public var dim = false
    public var underline = false
  }

  private var roles: [Style.Role: Colors]

  /// The colours the settings give each role.
  public init(_ settings: Settings) {
    roles = [:]
    for role in Style.Role.allCases {
      let spec = settings.colors(of: role.element)
      roles[role] = Colors(
        foreground: TerminalColor(spec.foreground),
        background: spec.background.flatMap(TerminalColor.init),
        bold: spec.bold, dim: spec.dim, underline: spec.underline)
    }
  }

  /// The dark theme with no overrides: the colours artfeed always had.
  public static let standard = Palette(Settings())

  /// A role's colours.
  public func colors(of role: Style.Role) -> Colors { roles[role] ?? Colors() }

  /// The colours to draw a style with, (foreground, background): a picture cell's own, else
  /// its role's.
  public func colors(for style: Style) -> (foreground: TerminalColor?, background: TerminalColor?) {
    if style.foreground != nil || style.background != nil {
      return (style.foreground, style.background)
    }
    let role = colors(of: style.role)
    return (role.foreground, role.background)
  }

  /// The style with the attributes its role adds (a picture cell's are its own).
  public func styled(_ style: Style) -> Style {
    guard style.foreground == nil, style.background == nil else { return style }
    let role = colors(of: style.role)
    var styled = style
    styled.bold = style.bold || role.bold
    styled.dim = style.dim || role.dim
    styled.underline = style.underline || role.underline
    return styled
  }
}

extension TerminalColor {
  /// A settings colour; nil for the terminal's default.
  init?(_ value: ColorValue) {
    switch value {
    case .terminalDefault: return nil
    case .palette(let index): self = .palette(index)
    case .rgb(let value): self = .rgb(value)
    }
  }
}

extension Style.Role {
  /// The `[colors]` key of the role.
  public var element: ColorElement {
    switch self {
    case .normal: .normal
    case .title: .title
    case .subtitle: .subtitle
    case .accent: .accent
    case .selection: .selection
    case .bar: .bar
    case .box: .box
    case .scrollbar: .scrollbar
    case .error: .error
    case .prompt: .prompt
    }
  }
}
