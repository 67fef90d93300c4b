/// A screen captured with `tmux capture-pane -e`, decoded into characters with the attributes
/// in force where each was drawn.
///
/// tmux writes SGR sequences only where the attributes change, so they carry over from one
/// character to the next and across line ends; the decoder keeps that state the same way.
struct StyledScreen {
  /// One character on screen and the attributes it was drawn with.
  struct Glyph: Equatable {
    var character: Character
    var bold = false
    var reverse = false
    /// The colour parameters in force (`38;5;110`, `36`), nil for the default.
    var foreground: String? = nil
    var background: String? = nil
  }

  private(set) var lines: [[Glyph]] = [[]]
  /// Every colour parameter met, as written: `34`, `46`, `38;5;208`, `48;2;0;0;0`...
  /// The defaults (39, 49) are not colours and are left out.
  private(set) var colourParameters: [String] = []

  private var bold = false
  private var reverse = false
  private var foreground: String?
  private var background: String?

  init(_ captured: String) {
    var characters = captured[...]
    while let character = characters.popFirst() {
      switch character {
      case "\u{1B}":
        readEscape(from: &characters)
      case "\n":
        lines.append([])
      default:
        lines[lines.count - 1].append(
          Glyph(
            character: character, bold: bold, reverse: reverse, foreground: foreground,
            background: background))
      }
    }
    if lines.count > 1, lines[lines.count - 1].isEmpty { lines.removeLast() }
  }

  /// The characters of the first line holding `text`, or nil when no line holds it.
  func glyphs(of text: String) -> [Glyph]? {
    let wanted = Array(text)
    guard !wanted.isEmpty else { return nil }
    for line in lines where line.count >= wanted.count {
      for start in 0...(line.count - wanted.count)
      where line[start..<(start + wanted.count)].map(\.character) == wanted {
        return Array(line[start..<(start + wanted.count)])
      }
    }
    return nil
  }

  // MARK: - Decoding

  /// Reads one escape sequence after ESC; only CSI ... m (SGR) changes the state.
  private mutating func readEscape(from characters: inout Substring) {
    guard characters.first == "[" else {
      _ = characters.popFirst()
      return
    }
    characters.removeFirst()
    var parameters = ""
    while let next = characters.popFirst() {
      guard let value = next.asciiValue, !(0x40...0x7E).contains(value) else {
        if next == "m" { applySGR(parameters) }
        return
      }
      parameters.append(next)
    }
  }

  private mutating func applySGR(_ text: String) {
    let parameters =
      text.isEmpty
      ? ["0"] : text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
    var index = 0
    while index < parameters.count {
      let parameter = parameters[index]
      index += 1
      switch Int(parameter.prefix { $0 != ":" }) ?? 0 {
      case 0:
        (bold, reverse, foreground, background) = (false, false, nil, nil)
      case 39: foreground = nil
      case 49: background = nil
      case 1: bold = true
      case 22: bold = false
      case 7: reverse = true
      case 27: reverse = false
      case 30...37, 90...97:
        colourParameters.append(parameter)
        foreground = parameter
      case 40...47, 100...107:
        colourParameters.append(parameter)
        background = parameter
      case 38, 48:
        let extra =
          parameter.contains(":") ? 0 : Self.extendedColourLength(parameters, after: index)
        let colour = ([parameter] + parameters[index..<(index + extra)]).joined(separator: ";")
        colourParameters.append(colour)
        if parameter.hasPrefix("38") { foreground = colour } else { background = colour }
        index += extra
      default:
        break
      }
    }
  }

  /// How many parameters follow 38 or 48: `5;N` (palette) or `2;R;G;B` (direct colour).
  private static func extendedColourLength(_ parameters: [String], after index: Int) -> Int {
    guard index < parameters.count else { return 0 }
    let wanted = parameters[index] == "5" ? 2 : parameters[index] == "2" ? 4 : 1
    return min(wanted, parameters.count - index)
  }
}
