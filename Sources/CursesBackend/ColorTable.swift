import CNCurses
import TUI

/// Maps style roles to curses attributes, with colour pairs when the terminal has colours.
///
/// Without colours (`NO_COLOR`, TERM=vt100) every role still shows through attributes:
/// bold titles, dim subtitles, reverse bars and selection.
struct ColorTable {
  private var pairs: [Style.Role: Int32] = [:]

  init(enabled: Bool) {
    guard enabled else { return }
    start_color()
    let hasDefault = use_default_colors() == OK
    let background = Int16(hasDefault ? -1 : Int32(COLOR_BLACK))
    let table: [(Style.Role, Int32, Int16?)] = [
      (.title, COLOR_WHITE, nil),
      (.subtitle, COLOR_WHITE, nil),
      (.accent, COLOR_CYAN, nil),
      (.selection, COLOR_BLUE, nil),
      (.bar, COLOR_CYAN, nil),
      (.box, COLOR_MAGENTA, nil),
      (.scrollbar, COLOR_CYAN, nil),
      (.error, COLOR_RED, nil),
      (.prompt, COLOR_YELLOW, nil),
    ]
    var number: Int16 = 1
    for (role, foreground, _) in table {
      init_pair(number, Int16(foreground), background)
      pairs[role] = Int32(number)
      number += 1
    }
  }

  func attributes(for style: Style) -> (attr_t, Int16) {
    var attributes = artfeed_a_normal()
    if style.bold { attributes |= artfeed_a_bold() }
    if style.dim { attributes |= artfeed_a_dim() }
    if style.reverse { attributes |= artfeed_a_reverse() }
    if style.underline { attributes |= artfeed_a_underline() }
    guard let pair = pairs[style.role], style.role != .title, style.role != .subtitle else {
      return (attributes, 0)
    }
    return (attributes, Int16(pair))
  }
}
