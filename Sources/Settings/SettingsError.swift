/// Why the config file cannot be used: a line that breaks the syntax, a value a key cannot
/// take, or a file that cannot be read. Unknown keys are warnings, not errors
/// (`SettingsWarning`).
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Line `line` does not follow the syntax (`ConfigSyntax`).
  case syntax(line: Int, String)
  /// Line `line` gives `key` a value it cannot take.
  case badValue(line: Int, key: String, String)
  /// The file exists but cannot be read (a folder, no permission, not UTF-8, too large).
  case unreadable(String)
  /// The file cannot be used: every line that says why (one or more of the cases above),
  /// and what it says that was ignored besides, so that one run names every problem.
  indirect case unusable([SettingsError], warnings: [SettingsWarning])

  /// The line the error is on, if it is about one (the first in the file, for several).
  public var line: Int? {
    switch self {
    case .syntax(let line, _), .badValue(let line, _, _): line
    case .unreadable: nil
    case .unusable(let errors, _): errors.compactMap(\.line).min()
    }
  }

  /// The errors and warnings in line order, each in one line ("line 3: ..."), each with
  /// whether it is only a warning.
  public var problems: [(description: String, isWarning: Bool)] {
    guard case .unusable(let errors, let warnings) = self else { return [(description, false)] }
    let all =
      errors.map { (line: $0.line, (description: $0.description, isWarning: false)) }
      + warnings.map { (line: Optional($0.line), (description: $0.description, isWarning: true)) }
    return all.enumerated().sorted { left, right in
      let (a, b) = (left.element.line ?? 0, right.element.line ?? 0)
      return a != b ? a < b : left.offset < right.offset
    }.map(\.element.1)
  }

  public var description: String {
    switch self {
    case .syntax(let line, let message): "line \(line): \(message)"
    case .badValue(let line, let key, let message): "line \(line): \(key): \(message)"
    case .unreadable(let message): message
    case .unusable:
      problems.map { ($0.isWarning ? "warning: " : "") + $0.description }
        .joined(separator: "\n")
    }
  }
}

/// Something in the config file that was ignored, with its line.
public struct SettingsWarning: Sendable, Equatable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public init(line: Int, _ message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { "line \(line): \(message)" }
}
