import Foundation
import TextLayout

/// Text the commands print, made safe for a terminal.
///
/// When standard output or standard error is a terminal, everything written there goes
/// through the screen's sanitizer (`Sanitizer.clean`): URLs, titles, tags, paths and server
/// messages then cannot set a window title (OSC 0), write the clipboard (OSC 52), move the
/// cursor, or reorder a line (U+202E), whatever a feed, a server or an argument holds. Into a
/// pipe or a file the bytes go as they are, for scripts; JSON (`parse --json`) is never
/// passed through here, it escapes as JSON does.
enum TerminalText {
  static let standardOutputIsTerminal = isatty(STDOUT_FILENO) == 1
  static let standardErrorIsTerminal = isatty(STDERR_FILENO) == 1

  /// `text` as it may be written to standard output.
  static func forOutput(_ text: String) -> String {
    standardOutputIsTerminal ? Sanitizer.clean(text) : text
  }

  /// `text` as it may be written to standard error.
  static func forErrors(_ text: String) -> String {
    standardErrorIsTerminal ? Sanitizer.clean(text) : text
  }

  /// Writes `text` to standard output.
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data(forOutput(text).utf8))
  }

  /// Writes `text` to standard error.
  static func writeError(_ text: String) {
    FileHandle.standardError.write(Data(forErrors(text).utf8))
  }
}
