import CNCurses
import Pictures
import TUI

/// Maps styles to curses attributes and colour pairs, allocated on demand.
///
/// Without colours (`NO_COLOR`, TERM=vt100) every role still shows through attributes:
/// bold titles, dim subtitles, reverse bars and selection. With colours, each distinct
/// (foreground, background) a frame draws gets a pair from a `ColorPairBook`: pairs are
/// defined with `init_extended_pair` when first needed and redefined, oldest first, only
/// when the table is full and never while the current frame uses them.
struct ColorTable {
  /// How many colours pictures may use on this terminal.
  let depth: ColorDepth
  private var book: ColorPairBook
  private let enabled: Bool
  /// The roles' colours (the settings' theme and overrides).
  private let palette: Palette

  init(enabled: Bool, palette: Palette = .standard) {
    self.palette = palette
    guard enabled else {
      (self.enabled, depth, book) = (false, .none, ColorPairBook(capacity: 0))
      return
    }
    start_color()
    _ = use_default_colors()
    self.enabled = true
    depth = Self.depth(colors: Int(artfeed_colors()), hasRGB: artfeed_has_rgb() != 0)
    book = ColorPairBook(capacity: max(0, Int(artfeed_color_pairs()) - 1))
  }

  /// The picture depth a terminal with `colors` colours supports: truecolor with direct
  /// colour (the RGB flag, or 2^24 colours), chafa's 240 with 256, 8 with 8, else shades.
  static func depth(colors: Int, hasRGB: Bool) -> ColorDepth {
    if hasRGB || colors >= 0x100_0000 { return .truecolor }
    if colors >= 256 { return .indexed256 }
    if colors >= 8 { return .indexed8 }
    return .none
  }

  /// A new frame begins: pairs of earlier frames may be reused.
  mutating func beginFrame() { book.beginFrame() }

  /// The attributes and pair number for a style.
  mutating func attributes(for style: Style) -> (attr_t, Int32) {
    let style = palette.styled(style)
    var attributes = artfeed_a_normal()
    if style.bold { attributes |= artfeed_a_bold() }
    if style.dim { attributes |= artfeed_a_dim() }
    if style.reverse { attributes |= artfeed_a_reverse() }
    if style.underline { attributes |= artfeed_a_underline() }
    guard enabled else { return (attributes, 0) }
    let (foreground, background) = palette.colors(for: style)
    guard foreground != nil || background != nil else { return (attributes, 0) }
    let colors = ColorPairBook.Colors(
      foreground: number(foreground), background: number(background))
    guard let grant = book.pair(for: colors) else { return (attributes, 0) }
    if grant.isNew { init_extended_pair(grant.pair, colors.foreground, colors.background) }
    return (attributes, grant.pair)
  }

  /// A colour as this terminal numbers it (-1: the default).
  ///
  /// Direct colour: the RGB value itself, but at least 8, since values 0-7 mean the ANSI
  /// colours there (a near-black 0x000005 becomes 0x000008). Palette colours beyond the
  /// terminal's count fall back to the default; RGB on a palette terminal goes to the cube.
  private func number(_ color: TerminalColor?) -> Int32 {
    switch color {
    case nil: return -1
    case .palette(let index):
      return Int(index) < Int(artfeed_colors()) ? Int32(index) : -1
    case .rgb(let value):
      if depth == .truecolor { return Int32(max(8, value & 0xFF_FFFF)) }
      guard artfeed_colors() >= 256 else { return -1 }
      let cube = { (channel: UInt32) in Int32((channel * 5 + 127) / 255) }
      return 16 + 36 * cube(value >> 16 & 0xFF) + 6 * cube(value >> 8 & 0xFF) + cube(value & 0xFF)
    }
  }
}
