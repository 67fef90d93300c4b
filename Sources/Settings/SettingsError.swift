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

  /// The line the error is on, if it is about one.
  public var line: Int? {
    switch self {
    case .syntax(let line, _), .badValue(let line, _, _): line
    case .unreadable: nil
    }
  }

  public var description: String {
    switch self {
    case .syntax(let line, let message): "line \(line): \(message)"
    case .badValue(let line, let key, let message): "line \(line): \(key): \(message)"
    case .unreadable(let message): message
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
