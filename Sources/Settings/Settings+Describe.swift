/// `artfeed config`: the effective settings as a config file, each value followed by where
/// it came from. The output reads back as a config file with the same effect.
extension Settings {
  /// The text `artfeed config` prints.
  ///
  /// - Parameters:
  ///   - location: where the config file is looked for (nil: nowhere, no HOME).
  ///   - keys: every action with its keys in effect, in the help's order (the front end
  ///     applies the file's `[keys]` to its defaults: `KeyBindings`).
  public func describe(location: String?, keys: [(action: String, keys: [Key])])
    -> String
  {
    var lines: [String] = []
    if let file {
      lines.append("# Settings from the defaults, the environment and \(file).")
    } else if let location {
      lines.append("# Settings from the defaults and the environment: \(location) does not exist.")
    } else {
      lines.append("# Settings from the defaults and the environment (no HOME: no config file).")
    }
    lines.append("# Each value is followed by where it came from.")
    for (section, names) in Self.sections {
      lines += ["", "[\(section)]"]
      let rows: [(String, String)] =
        section == "keys" ? keyRows(keys) : names.map { ($0, value(section, $0)) }
      let width = min(40, rows.map { $0.0.count + 3 + $0.1.count }.max() ?? 0)
      for (key, value) in rows {
        let entry = key + " = " + value
        let padding = String(repeating: " ", count: max(1, width - entry.count + 2))
        lines.append(entry + padding + "# " + describedOrigin(section, key))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Where a value came from; an element the file does not colour is its theme's.
  private func describedOrigin(_ section: String, _ key: String) -> String {
    let full = section + "." + key
    if origins[full] == nil, section == "colors", ColorElement(rawValue: key) != nil {
      return "theme \(theme.rawValue)"
    }
    // `auto` follows the terminal: which theme that is here, after where it came from.
    if full == "colors.theme", themeIsAuto { return origin(full) + ", \(theme.rawValue) here" }
    return origin(full)
  }

  /// A value as the file would write it.
  private func value(_ section: String, _ key: String) -> String {
    switch (section, key) {
    // No browser set and no $BROWSER: `o` runs xdg-open, which the same line in a file says.
    case ("general", "browser"): return Self.quoted(browser ?? "xdg-open")
    // No viewer set: `p` runs the desktop's opener, as the same line in a file says.
    case ("general", "viewer"): return Self.quoted(viewer ?? "xdg-open")
    case ("general", "download-directory"): return Self.quoted(downloadDirectory)
    case ("general", "refresh-on-start"): return refreshOnStart ? "yes" : "no"
    case ("general", "refresh-interval"): return refreshInterval.map(Self.interval) ?? "off"
    case ("general", "max-items"): return maxItemsPerFeed.map(String.init) ?? "all"
    case ("general", "keep-days"): return String(keepDays)
    case ("pictures", "mode"): return pictureMode.rawValue
    case ("pictures", "thumbnail"): return thumbnail.description
    case ("pictures", "slideshow-delay"): return "\(slideshowDelay)s"
    case ("pictures", "slideshow-marks-read"): return slideshowMarksRead ? "yes" : "no"
    case ("pictures", "disk-cache"): return Self.describe(bytes: pictureDiskCache)
    case ("pictures", "memory-cache"): return pictureMemoryCache.map(Self.describe) ?? "auto"
    case ("colors", "enabled"): return useColor ? "yes" : "no"
    case ("colors", "theme"): return themeIsAuto ? "auto" : theme.rawValue
    default:
      return ColorElement(rawValue: key).map { colors(of: $0).description } ?? ""
    }
  }

  private func keyRows(_ effective: [(action: String, keys: [Key])]) -> [(String, String)] {
    effective.map { action, keys in
      (action, keys.isEmpty ? "none" : keys.map(\.quotedDescription).joined(separator: " "))
    }
  }

  /// "90s", "15m", "2h": the largest unit that divides the seconds.
  static func interval(_ seconds: Int) -> String {
    if seconds % 3600 == 0 { return "\(seconds / 3600)h" }
    if seconds % 60 == 0 { return "\(seconds / 60)m" }
    return "\(seconds)s"
  }

  /// A value as one word: as it is, or quoted when it has blanks, quotes, a backslash or
  /// starts with a comment character.
  static func quoted(_ text: String) -> String {
    let plain =
      !text.isEmpty && !text.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" }
      && text.first != "#" && text.first != ";"
    guard !plain else { return text }
    var escaped = ""
    for character in text {
      switch character {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      default: escaped.append(character)
      }
    }
    return "\"" + escaped + "\""
  }
}
