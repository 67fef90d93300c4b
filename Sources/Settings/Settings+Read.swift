/// Reading the config file's entries into `Settings`: each known key's value is checked
/// (an unusable value is an error naming its line); unknown sections and keys are warnings.
extension Settings {
  /// The keys of each section, in the order `artfeed config` prints them (`[colors]` also
  /// takes every `ColorElement`, `[keys]` every action).
  public static let sections: [(name: String, keys: [String])] = [
    (
      "general",
      [
        "browser", "viewer", "download-directory", "refresh-on-start", "refresh-interval",
        "max-items", "keep-days",
      ]
    ),
    (
      "pictures",
      [
        "mode", "thumbnail", "slideshow-delay", "slideshow-marks-read", "disk-cache",
        "memory-cache",
      ]
    ),
    ("colors", ["enabled", "theme"] + ColorElement.allCases.map(\.rawValue)),
    ("keys", []),
  ]

  /// Applies the file's entries over these settings.
  ///
  /// - Parameters:
  ///   - knownActions: the action names `[keys]` may bind (the front end's).
  ///   - home: `~` in paths.
  /// - Returns: what was ignored, with its line.
  /// - Throws: `.unusable` with every line that cannot be used (the syntax's and the
  ///   values') and the warnings, when there is one or more.
  public mutating func apply(
    _ syntax: ConfigSyntax, knownActions: Set<String>, home: String?
  ) throws(SettingsError) -> [SettingsWarning] {
    var warnings: [SettingsWarning] = []
    var errors = syntax.errors
    let known = Set(Self.sections.map(\.name))
    for (name, line) in syntax.sections where !known.contains(name) {
      warnings.append(
        SettingsWarning(line: line, "unknown section [\(name)] (ignored)" + suggestion(name, known))
      )
    }
    var seen: [String: Int] = [:]
    for entry in syntax.entries where known.contains(entry.section) {
      let key = entry.section + "." + entry.key
      if let earlier = seen[key] {
        warnings.append(
          SettingsWarning(
            line: entry.line, "\(entry.key) was set on line \(earlier) too (this one counts)"))
      }
      seen[key] = entry.line
      let applied: Bool
      do throws(SettingsError) {
        switch entry.section {
        case "general": applied = try applyGeneral(entry, home: home)
        case "pictures": applied = try applyPictures(entry)
        case "colors": applied = try applyColors(entry)
        default: applied = try applyKey(entry, knownActions: knownActions)
        }
      } catch {
        errors.append(error)
        continue
      }
      if applied {
        origins[key] = .file(line: entry.line)
      } else {
        let names =
          entry.section == "keys"
          ? knownActions : Set(Self.sections.first { $0.name == entry.section }?.keys ?? [])
        warnings.append(
          SettingsWarning(
            line: entry.line,
            "unknown \(entry.section == "keys" ? "action" : "key") “\(entry.key)” in "
              + "[\(entry.section)] (ignored)" + suggestion(entry.key, names)))
      }
    }
    guard errors.isEmpty else { throw .unusable(errors, warnings: warnings) }
    return warnings
  }

  // MARK: - Sections

  private mutating func applyGeneral(_ entry: ConfigSyntax.Entry, home: String?)
    throws(SettingsError) -> Bool
  {
    switch entry.key {
    case "browser":
      let command = try Self.nonEmpty(entry)
      browser = command
    case "viewer":
      // `xdg-open` is the default's own opener (what `artfeed config` prints for it).
      let command = try Self.nonEmpty(entry)
      viewer = command == "xdg-open" ? nil : command
    case "download-directory":
      downloadDirectory = try Self.path(entry, home: home)
    case "refresh-on-start":
      refreshOnStart = try Self.flag(entry)
    case "refresh-interval":
      refreshInterval = try Self.interval(entry)
    case "max-items":
      maxItemsPerFeed = try Self.itemLimit(entry)
    case "keep-days":
      keepDays = try Self.days(entry)
    default:
      return false
    }
    return true
  }

  private mutating func applyPictures(_ entry: ConfigSyntax.Entry) throws(SettingsError) -> Bool {
    switch entry.key {
    case "mode":
      pictureMode = try Self.choice(entry, PictureMode.allCases)
    case "thumbnail":
      guard entry.words.count == 1, let size = ThumbnailSize(entry.words[0]) else {
        throw .badValue(
          line: entry.line, key: entry.key,
          "give small, medium, large or COLUMNSxLINES (\(ThumbnailSize.columnRange.lowerBound)-"
            + "\(ThumbnailSize.columnRange.upperBound) x \(ThumbnailSize.rowRange.lowerBound)-"
            + "\(ThumbnailSize.rowRange.upperBound)), not “\(entry.text)”")
      }
      thumbnail = size
    case "slideshow-delay":
      slideshowDelay = try Self.slideDelay(entry)
    case "slideshow-marks-read":
      slideshowMarksRead = try Self.flag(entry)
    case "disk-cache":
      pictureDiskCache = try Self.byteSize(entry, Self.diskCacheRange)
    case "memory-cache":
      let word = entry.words.count == 1 ? entry.words[0].lowercased() : ""
      pictureMemoryCache = word == "auto" ? nil : try Self.byteSize(entry, Self.memoryCacheRange)
    default:
      return false
    }
    return true
  }

  private mutating func applyColors(_ entry: ConfigSyntax.Entry) throws(SettingsError) -> Bool {
    switch entry.key {
    case "enabled":
      useColor = try Self.flag(entry)
    case "theme":
      let word = entry.words.count == 1 ? entry.words[0].lowercased() : ""
      themeIsAuto = word == "auto"
      if !themeIsAuto { theme = try Self.choice(entry, Theme.allCases, extra: ["auto"]) }
    default:
      guard let element = ColorElement(rawValue: entry.key) else { return false }
      switch ColorSpec.parse(entry.words) {
      case .success(let spec): colors[element] = spec
      case .failure(let error): throw .badValue(line: entry.line, key: entry.key, error.message)
      }
    }
    return true
  }

  private mutating func applyKey(
    _ entry: ConfigSyntax.Entry, knownActions: Set<String>
  ) throws(SettingsError) -> Bool {
    guard knownActions.contains(entry.key) else { return false }
    var names: [Key] = []
    if entry.words.map({ $0.lowercased() }) != ["none"] {
      for word in entry.words {
        guard let name = Key(word) else {
          throw .badValue(
            line: entry.line, key: entry.key,
            "“\(word)” is not a key (a character, Space, Enter, Esc, Tab, Backspace, Up, Down, "
              + "Left, Right, PgUp, PgDn, Home, End, Ctrl-LETTER, F1-F24; quote \"#\" and "
              + "\";\")")
        }
        if !names.contains(name) { names.append(name) }
      }
      guard !names.isEmpty else {
        throw .badValue(line: entry.line, key: entry.key, "give one or more keys, or none")
      }
    }
    keys[entry.key] = names
    keyOrder.removeAll { $0 == entry.key }
    keyOrder.append(entry.key)
    return true
  }

  // MARK: - Values

  private static func single(_ entry: ConfigSyntax.Entry) throws(SettingsError) -> String {
    guard entry.words.count == 1 else {
      throw .badValue(
        line: entry.line, key: entry.key,
        entry.words.isEmpty ? "give a value" : "give one value (quote it if it has blanks)")
    }
    return entry.words[0]
  }

  private static func nonEmpty(_ entry: ConfigSyntax.Entry) throws(SettingsError) -> String {
    guard !entry.text.isEmpty else {
      throw .badValue(line: entry.line, key: entry.key, "give a value")
    }
    return entry.text
  }

  /// yes/no, true/false, on/off, 1/0.
  static func flag(_ entry: ConfigSyntax.Entry) throws(SettingsError) -> Bool {
    switch try single(entry).lowercased() {
    case "yes", "true", "on", "1": return true
    case "no", "false", "off", "0": return false
    default:
      throw .badValue(line: entry.line, key: entry.key, "give yes or no, not “\(entry.text)”")
    }
  }

  private static func choice<Value: RawRepresentable>(
    _ entry: ConfigSyntax.Entry, _ values: [Value], extra: [String] = []
  ) throws(SettingsError) -> Value where Value.RawValue == String {
    let word = try single(entry).lowercased()
    guard let value = values.first(where: { $0.rawValue == word }) else {
      let names = values.map(\.rawValue) + extra
      throw .badValue(
        line: entry.line, key: entry.key,
        "give " + names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
          + ", not “\(entry.text)”")
    }
    return value
  }

  /// Shortest and longest automatic refresh interval, in seconds.
  public static let intervalRange = 10...(7 * 24 * 3600)

  /// `off` (or `0`, `no`), or a number of minutes, or a number with `s`, `m` or `h`.
  static func interval(_ entry: ConfigSyntax.Entry) throws(SettingsError) -> Int? {
    let word = try single(entry).lowercased()
    if ["off", "no", "never", "0"].contains(word) { return nil }
    let units: [(String, Int)] = [("min", 60), ("s", 1), ("m", 60), ("h", 3600), ("", 60)]
    for (unit, scale) in units where word.hasSuffix(unit) {
      guard let number = Int(word.dropLast(unit.count)) else { continue }
      let seconds = number.multipliedReportingOverflow(by: scale)
      guard !seconds.overflow, intervalRange.contains(seconds.partialValue) else { break }
      return seconds.partialValue
    }
    throw .badValue(
      line: entry.line, key: entry.key,
      "give off, or a time from 10s to 168h such as 30s, 15m (a bare number is minutes) or 2h, "
        + "not “\(entry.text)”")
  }

  /// Shortest and longest slideshow delay, in seconds.
  public static let slideDelayRange = 1...3600

  /// A number of seconds, bare or with `s` (`5`, `5s`).
  static func slideDelay(_ entry: ConfigSyntax.Entry) throws(SettingsError) -> Int {
    let word = try single(entry).lowercased()
    let digits = word.hasSuffix("s") ? String(word.dropLast()) : word
    guard let seconds = Int(digits), slideDelayRange.contains(seconds) else {
      throw .badValue(
        line: entry.line, key: entry.key,
        "give a number of seconds from 1 to 3600 such as 5 or 5s, not “\(entry.text)”")
    }
    return seconds
  }

  /// The most items `max-items` may keep (a bound, not a target).
  public static let itemLimitRange = 1...10_000_000

  /// `all` (or `0`), or a number of items.
  /// `keep-days`: a whole number of days in `keepDaysRange`.
  static func days(_ entry: ConfigSyntax.Entry) throws(SettingsError) -> Int {
    let word = try single(entry)
    guard let days = Int(word), keepDaysRange.contains(days) else {
      throw .badValue(
        line: entry.line, key: entry.key,
        "give a number of days from \(keepDaysRange.lowerBound) to \(keepDaysRange.upperBound), "
          + "not “\(entry.text)”")
    }
    return days
  }

  static func itemLimit(_ entry: ConfigSyntax.Entry) throws(SettingsError) -> Int? {
    let word = try single(entry).lowercased()
    if word == "all" || word == "0" { return nil }
    guard let count = Int(word), itemLimitRange.contains(count) else {
      throw .badValue(
        line: entry.line, key: entry.key, "give all or a number of items, not “\(entry.text)”")
    }
    return count
  }

  /// What `disk-cache` may be: 10 MB to 100 GB.
  public static let diskCacheRange = 10_000_000...100_000_000_000
  /// What `memory-cache` may be: 4 MB to 4 GB.
  public static let memoryCacheRange = 4_000_000...4_000_000_000

  /// A size such as 100MB, 1.5GB or 512KB (decimal units; a bare number is MB) within `range`.
  static func byteSize(_ entry: ConfigSyntax.Entry, _ range: ClosedRange<Int>)
    throws(SettingsError) -> Int
  {
    let word = try single(entry).uppercased()
    let units: [(String, Double)] = [("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("", 1e6)]
    for (unit, scale) in units where word.hasSuffix(unit) {
      guard let number = Double(word.dropLast(unit.count)), number.isFinite, number > 0
      else { continue }
      let bytes = number * scale
      guard bytes >= Double(range.lowerBound), bytes <= Double(range.upperBound) else { break }
      return Int(bytes)
    }
    throw .badValue(
      line: entry.line, key: entry.key,
      "give a size from \(Self.describe(bytes: range.lowerBound)) to "
        + "\(Self.describe(bytes: range.upperBound)) such as 200MB or 1GB, not “\(entry.text)”")
  }

  /// A size in bytes as the config file writes it: whole GB, MB or KB.
  static func describe(bytes: Int) -> String {
    if bytes % 1_000_000_000 == 0 { return "\(bytes / 1_000_000_000)GB" }
    if bytes % 1_000_000 == 0 { return "\(bytes / 1_000_000)MB" }
    return "\(bytes / 1000)KB"
  }

  /// An absolute path, or one starting with `~/` (the home folder).
  static func path(_ entry: ConfigSyntax.Entry, home: String?) throws(SettingsError) -> String {
    let path = try single(entry)
    if path == "~" || path.hasPrefix("~/") {
      guard let home else {
        throw .badValue(line: entry.line, key: entry.key, "~ needs HOME to be set")
      }
      return home + path.dropFirst()
    }
    guard path.hasPrefix("/") else {
      throw .badValue(
        line: entry.line, key: entry.key, "give an absolute path or one starting with ~/")
    }
    return path
  }

  /// " (did you mean NAME?)" for the closest known name, when it is close.
  private func suggestion(_ name: String, _ known: Set<String>) -> String {
    let scored = known.map { ($0, Self.distance(name, $0)) }.min {
      $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0)
    }
    guard let (best, score) = scored, score <= max(2, name.count / 3) else { return "" }
    return " (did you mean \(best)?)"
  }

  /// Levenshtein distance, for suggestions (names are short).
  static func distance(_ left: String, _ right: String) -> Int {
    let a = Array(left)
    let b = Array(right)
    var previous = Array(0...b.count)
    for i in 1...max(1, a.count) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(1, b.count) where !b.isEmpty {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
