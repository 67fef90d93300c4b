/// How a cell is drawn: a colour role plus text attributes.
///
/// Roles, not colours: the backend maps each role to a colour pair when the terminal has
/// colours, and to attributes alone under `NO_COLOR` or on a monochrome terminal.
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

  public init(
    _ role: Role = .normal, bold: Bool = false, dim: Bool = false, reverse: Bool = false,
    underline: Bool = false
  ) {
    self.role = role
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
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
