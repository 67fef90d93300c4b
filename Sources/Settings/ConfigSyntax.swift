/// The config file's syntax: lines of `[section]` and `key = value`, `#` or `;` comments.
///
/// The shape of git's config files, smaller:
///
///     file    = { line }
///     line    = blank | comment | section | entry        (one per text line)
///     comment = ["#" | ";"] anything                     (after optional blanks)
///     section = "[" name "]" [comment]
///     entry   = key "=" value
///     name    = key = letters, digits and "-" (case ignored; "_" reads as "-")
///     value   = words, separated by blanks; a word is a run of other characters or a
///               "double-quoted string" (with \" \\ \t \n escapes); a # or ; followed by
///               a blank or the line's end begins a comment (so `#102030` is a word, and
///               the keys # and ; are written "#" and ";")
///
/// This type knows nothing of what the keys mean (`Settings` does); it turns text into
/// entries, and names each line it cannot read.
public struct ConfigSyntax: Sendable, Equatable {
  /// One `key = value` line.
  public struct Entry: Sendable, Equatable {
    /// The section it is in, lower case.
    public var section: String
    /// The key, lower case, `_` as `-`.
    public var key: String
    /// The value's words, quotes removed.
    public var words: [String]
    /// The line number, from 1.
    public var line: Int

    /// The words as one string (a quoted value keeps its own blanks).
    public var text: String { words.joined(separator: " ") }
  }

  /// The entries in file order.
  public var entries: [Entry]
  /// Sections named by `[name]` lines, with the line each first appears on.
  public var sections: [(name: String, line: Int)]

  public static func == (left: ConfigSyntax, right: ConfigSyntax) -> Bool {
    left.entries == right.entries && left.sections.map(\.name) == right.sections.map(\.name)
      && left.sections.map(\.line) == right.sections.map(\.line) && left.errors == right.errors
  }

  /// Lines that do not follow the syntax, in line order (`init(reading:)` skips them).
  public var errors: [SettingsError] = []

  /// Reads `text`; throws the first line that does not follow the syntax.
  public init(parsing text: String) throws(SettingsError) {
    self.init(reading: text)
    if let first = errors.first { throw first }
  }

  /// Reads `text`, skipping each line that does not follow the syntax and naming it in
  /// `errors`, so that every problem of a file is said at once. The entries after a broken
  /// `[section]` line are skipped without a word: which section they are in is unknown.
  public init(reading text: String) {
    entries = []
    sections = []
    var section: String?
    var sectionIsBroken = false
    for (index, rawLine) in Self.lines(of: text).enumerated() {
      let number = index + 1
      let line = rawLine.drop { $0 == " " || $0 == "\t" }
      guard let first = line.first, first != "#", first != ";" else { continue }
      do throws(SettingsError) {
        if first == "[" {
          sectionIsBroken = true
          let name = try Self.sectionName(line, line: number)
          section = name
          sectionIsBroken = false
          sections.append((name, number))
          continue
        }
        guard let equals = line.firstIndex(of: "=") else {
          throw .syntax(line: number, "expected “key = value” or “[section]”")
        }
        let key = try Self.name(line[..<equals], line: number, what: "key")
        if sectionIsBroken { continue }
        guard let section else {
          throw .syntax(line: number, "“\(key)” comes before any [section]")
        }
        let words = try Self.words(line[line.index(after: equals)...], line: number)
        entries.append(Entry(section: section, key: key, words: words, line: number))
      } catch {
        errors.append(error)
      }
    }
  }

  /// The text's lines; `\r\n` ends a line as `\n` does.
  static func lines(of text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.last == "\r" ? line.dropLast() : line
    }
  }

  /// `[name]` with an optional comment after it.
  private static func sectionName(_ line: Substring, line number: Int) throws(SettingsError)
    -> String
  {
    guard let close = line.firstIndex(of: "]") else {
      throw .syntax(line: number, "a section name ends with ]")
    }
    let rest = try words(line[line.index(after: close)...], line: number)
    guard rest.isEmpty else {
      throw .syntax(line: number, "nothing but a comment may follow [section]")
    }
    return try name(line[line.index(after: line.startIndex)..<close], line: number, what: "section")
  }

  /// A key or section name: letters, digits and `-` (`_` read as `-`), lower-cased.
  private static func name(_ raw: Substring, line: Int, what: String) throws(SettingsError)
    -> String
  {
    let trimmed = raw.trimmingBlanks()
    guard !trimmed.isEmpty else { throw .syntax(line: line, "the \(what) name is missing") }
    let allowed = trimmed.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
        || scalar == "-" || scalar == "_"
    }
    guard allowed else {
      throw .syntax(
        line: line, "a \(what) name has only letters, digits and -: “\(trimmed.prefix(40))”")
    }
    return trimmed.lowercased().replacingOccurrences(of: "_", with: "-")
  }

  /// The words of a value, up to a comment.
  static func words(_ text: Substring, line: Int) throws(SettingsError) -> [String] {
    var words: [String] = []
    var rest = text[...]
    while true {
      rest = rest.drop { $0 == " " || $0 == "\t" }
      guard let first = rest.first else { return words }
      if first == "#" || first == ";" {
        let next = rest.dropFirst().first
        if next == nil || next == " " || next == "\t" { return words }
      }
      if first == "\"" {
        let (word, after) = try quoted(rest.dropFirst(), line: line)
        guard after.first.map({ $0 == " " || $0 == "\t" }) ?? true else {
          throw .syntax(line: line, "a blank must follow a quoted word")
        }
        words.append(word)
        rest = after
      } else {
        let end = rest.firstIndex { $0 == " " || $0 == "\t" } ?? rest.endIndex
        let word = rest[..<end]
        guard !word.contains("\"") else {
          throw .syntax(line: line, "a quote inside a word: quote the whole word")
        }
        words.append(String(word))
        rest = rest[end...]
      }
    }
  }

  /// The content of a quoted word whose opening quote was just read, and the text after its
  /// closing quote.
  private static func quoted(_ text: Substring, line: Int) throws(SettingsError) -> (
    String, Substring
  ) {
    var word = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      index = text.index(after: index)
      switch character {
      case "\"": return (word, text[index...])
      case "\\":
        guard index < text.endIndex else { break }
        let escaped = text[index]
        index = text.index(after: index)
        switch escaped {
        case "\"", "\\": word.append(escaped)
        case "t": word.append("\t")
        case "n": word.append("\n")
        default:
          throw .syntax(line: line, "unknown escape \\\(escaped) (use \\\" \\\\ \\t or \\n)")
        }
      default:
        word.append(character)
      }
    }
    throw .syntax(line: line, "a quoted word has no closing quote")
  }
}

extension Substring {
  /// Without blanks (spaces and tabs) at either end.
  func trimmingBlanks() -> Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }
}
