/// The colour theme: which colours the screen's elements get before any override.
public enum Theme: String, Sendable, Equatable, CaseIterable {
  /// For a dark background: the colours artfeed always had.
  case dark
  /// For a light background: darker accents, and picture shades drawn as dark ink.
  case light

  /// The theme `COLORFGBG` (set by rxvt, Konsole and others, "foreground;background") says
  /// the terminal has: light when the background is 7 (white) or 9-15 (bright), else dark;
  /// nil when the variable is missing or unreadable.
  public static func fromColorFGBG(_ value: String?) -> Theme? {
    guard let value, let last = value.split(separator: ";").last, let background = Int(last)
    else { return nil }
    return background == 7 || (9...15).contains(background) ? .light : .dark
  }
}

/// How pictures are shown (the browser's `--pictures`).
public enum PictureMode: String, Sendable, Equatable, CaseIterable {
  /// Pixels when the terminal shows them, else symbols.
  case auto
  case kitty, sixel, iterm
  /// Symbol and block characters in colour (chafa).
  case symbols
  /// Empty boxes (`i` shows pictures).
  case none
}

/// The thumbnail box of a list row, in columns and lines.
public struct ThumbnailSize: Sendable, Equatable, CustomStringConvertible {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// 12 x 6: about 96 x 96 pixels with 8 x 16 pixel cells.
  public static let medium = ThumbnailSize(columns: 12, rows: 6)
  public static let small = ThumbnailSize(columns: 8, rows: 4)
  public static let large = ThumbnailSize(columns: 18, rows: 9)
  public static let named: [(String, ThumbnailSize)] = [
    ("small", .small), ("medium", .medium), ("large", .large),
  ]
  /// The sizes a box may take.
  public static let columnRange = 4...40
  public static let rowRange = 2...20

  /// "12x6", or the name of a named size.
  public var description: String {
    Self.named.first { $0.1 == self }?.0 ?? "\(columns)x\(rows)"
  }

  /// `small`, `medium`, `large`, or `COLUMNSxLINES`; nil when out of range or unreadable.
  public init?(_ text: String) {
    let lower = text.lowercased()
    if let size = Self.named.first(where: { $0.0 == lower })?.1 {
      self = size
      return
    }
    let parts = lower.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
      Self.columnRange.contains(columns), Self.rowRange.contains(rows)
    else { return nil }
    self.init(columns: columns, rows: rows)
  }
}

/// A key: what the backend decodes from the terminal, what the config file names (`j`,
/// `Space`, `Ctrl-d`, `PgDn`, `Enter`) and what the help and hints print. One vocabulary for
/// the settings, the front end and the backend.
public enum Key: Sendable, Hashable, CustomStringConvertible {
  case character(Character)
  /// Ctrl plus a letter, as the lower-case letter (`.control("d")` is Ctrl-D).
  case control(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, backspace, tab
  /// A function key, `F1` to `F24` (`.function(1)` is F1).
  case function(Int)
  /// A key the backend could not name; it does nothing, and no file can name it.
  case unknown

  /// The function keys a file can name.
  public static let functionKeys = 1...24

  /// Named keys, as written in the file (case ignored) and as printed (the first name).
  static let names: [(Key, [String])] = [
    (.up, ["Up"]), (.down, ["Down"]), (.left, ["Left"]), (.right, ["Right"]),
    (.pageUp, ["PgUp", "PageUp"]), (.pageDown, ["PgDn", "PageDown"]),
    (.home, ["Home"]), (.end, ["End"]), (.enter, ["Enter", "Return"]),
    (.escape, ["Esc", "Escape"]), (.backspace, ["Backspace", "BS"]), (.tab, ["Tab"]),
    (.character(" "), ["Space"]),
  ]

  /// A key's name; nil when it names no key. One character is that character (`#` and `;`
  /// must be quoted in the file); `Ctrl-x`, `C-x` and `^x` are Ctrl with a letter; `F1` to
  /// `F24` are the function keys.
  public init?(_ text: String) {
    if text.count == 1, let character = text.first, !character.isWhitespace,
      character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
    {
      self = .character(character)
      return
    }
    let lower = text.lowercased()
    if lower.hasPrefix("f"), let number = Int(lower.dropFirst()),
      Self.functionKeys.contains(number),
      lower.dropFirst().allSatisfy(\.isASCII)
    {
      self = .function(number)
      return
    }
    for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lower.hasPrefix(prefix) {
      let rest = lower.dropFirst(prefix.count)
      guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter else {
        return nil
      }
      self = .control(letter)
      return
    }
    guard let named = Self.names.first(where: { $0.1.contains { $0.lowercased() == lower } })
    else { return nil }
    self = named.0
  }

  public var description: String {
    switch self {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .control(let letter): "Ctrl-" + String(letter)
    case .function(let number): "F\(number)"
    case .unknown: "?"
    default: Self.names.first { $0.0 == self }?.1.first ?? "?"
    }
  }

  /// The name as the file must write it: quoted when a comment character or a quote.
  public var quotedDescription: String {
    switch self {
    case .character("#"), .character(";"): "\"\(description)\""
    case .character("\""): "\"\\\"\""
    case .character("\\"): "\"\\\\\""
    default: description
    }
  }
}

/// A screen element the `[colors]` section can colour: the front end's style roles.
public enum ColorElement: String, Sendable, Hashable, CaseIterable {
  case normal, title, subtitle, accent, selection, bar, box, scrollbar, error, prompt
}

/// A colour of the terminal: its default, one of the palette's 256, or 24-bit RGB.
public enum ColorValue: Sendable, Hashable, CustomStringConvertible {
  case terminalDefault
  case palette(UInt8)
  case rgb(UInt32)

  static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

  /// `default`, an ANSI name (`red`, `bright-red`), `colorN` (0-255) or `#rrggbb`.
  public init?(_ text: String) {
    let lower = text.lowercased()
    if lower == "default" {
      self = .terminalDefault
    } else if let index = Self.ansiNames.firstIndex(of: lower) {
      self = .palette(UInt8(index))
    } else if lower.hasPrefix("bright-"),
      let index = Self.ansiNames.firstIndex(of: String(lower.dropFirst(7)))
    {
      self = .palette(UInt8(index + 8))
    } else if lower.hasPrefix("color"), let index = UInt8(lower.dropFirst(5)) {
      self = .palette(index)
    } else if lower.hasPrefix("#"), lower.count == 7,
      let value = UInt32(lower.dropFirst(), radix: 16)
    {
      self = .rgb(value)
    } else {
      return nil
    }
  }

  public var description: String {
    switch self {
    case .terminalDefault: "default"
    case .palette(let index) where index < 8: Self.ansiNames[Int(index)]
    case .palette(let index) where index < 16: "bright-" + Self.ansiNames[Int(index) - 8]
    case .palette(let index): "color\(index)"
    case .rgb(let value):
      "#" + String(repeating: "0", count: max(0, 6 - String(value, radix: 16).count))
        + String(value, radix: 16)
    }
  }
}

/// An element's colours and the attributes added to its own: `cyan`, `white on blue`,
/// `red bold`, `default underline`.
public struct ColorSpec: Sendable, Hashable, CustomStringConvertible {
  /// The ink; `.terminalDefault` is the terminal's.
  public var foreground: ColorValue
  /// The background; nil is the terminal's.
  public var background: ColorValue?
  public var bold = false
  public var dim = false
  public var underline = false

  public init(
    _ foreground: ColorValue, on background: ColorValue? = nil, bold: Bool = false,
    dim: Bool = false, underline: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.underline = underline
  }

  /// Reads `[COLOR] [on COLOR] [bold] [dim] [underline]`; the message says what is wrong.
  public static func parse(_ words: [String]) -> Result<ColorSpec, ColorSpecError> {
    var spec = ColorSpec(.terminalDefault)
    var sawColor = false
    var index = 0
    while index < words.count {
      let word = words[index].lowercased()
      index += 1
      switch word {
      case "bold": spec.bold = true
      case "dim": spec.dim = true
      case "underline": spec.underline = true
      case "on":
        guard index < words.count, let color = ColorValue(words[index]) else {
          return .failure(ColorSpecError("“on” must be followed by a colour"))
        }
        spec.background = color
        index += 1
      default:
        guard let color = ColorValue(word), !sawColor else {
          return .failure(
            ColorSpecError(
              "“\(words[index - 1])” is not a colour (default, black, red, green, yellow, blue, "
                + "magenta, cyan, white, bright-NAME, color0-255, #rrggbb) or bold, dim, "
                + "underline, on COLOR"))
        }
        spec.foreground = color
        sawColor = true
      }
    }
    guard !words.isEmpty else { return .failure(ColorSpecError("give a colour")) }
    return .success(spec)
  }

  public var description: String {
    var words = [foreground.description]
    if let background { words += ["on", background.description] }
    if bold { words.append("bold") }
    if dim { words.append("dim") }
    if underline { words.append("underline") }
    return words.joined(separator: " ")
  }
}

/// Why a colour could not be read.
public struct ColorSpecError: Error, Sendable, Equatable {
  public var message: String
  init(_ message: String) { self.message = message }
}

/// `Key` by a name no module shadows (the module's `Settings` struct hides `Settings.Key`),
/// for modules that re-export it.
public typealias SettingsKey = Key
