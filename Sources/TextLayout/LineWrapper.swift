/// Wraps text to a width in terminal cells.
///
/// Rules:
/// - Lines are split at every "\n"; each source line yields at least one output line, so a
///   blank line (paragraph break) stays a blank line and "a\n" gives ["a", ""]. Empty text
///   gives [].
/// - A line may break at spaces and tabs, and around wide (CJK) clusters and after CJK
///   punctuation, never before closing punctuation nor after opening punctuation (see
///   `BreakClass` for the exact subset of UAX #14).
/// - Greedy fill: a word goes on the current line when it fits after the pending spaces,
///   otherwise it starts the next line. Spaces at a break are dropped, so no line ends with a
///   space and a continuation line never starts with one. Leading spaces of a source line (an
///   indentation) are kept when the first word still fits after them, else dropped.
/// - A word wider than the line starts on a fresh line (like CSS `overflow-wrap: break-word`)
///   and breaks at grapheme-cluster boundaries; its last piece may be followed by more words.
/// - Tabs expand to spaces up to the next multiple of `tabStop` columns, counted from the start
///   of the output line.
/// - A single cluster wider than the line (a wide character at width 1, a 6-cell ZWJ family
///   at width 5) is replaced by `placeholder`, which is 1 cell wide, so every line's width is
///   at most `width` and wrapping always terminates.
/// - A width of 0 or less gives [].
///
/// Input is expected to be sanitized (`Sanitizer.clean`), but any string is wrapped without
/// crashing or looping: other control characters are carried through as zero-width clusters.
public enum LineWrapper {
  /// Tab stops are every `tabStop` columns of the output line (as in terminals and `expand`).
  public static let tabStop = 8

  /// Stands in for a cluster wider than the whole line: U+FFFD, 1 cell wide.
  public static let placeholder: Character = "\u{FFFD}"

  /// Wraps `text` into lines at most `width` cells wide (rules above).
  public static func wrap(_ text: String, width: Int) -> [WrappedLine] {
    guard width > 0, !text.isEmpty else { return [] }
    var text = text
    return text.withUTF8 { bytes in
      var engine = WrapEngine(
        bytes: bytes, width: width, table: WidthTable.shared, countsOnly: false)
      engine.run()
      return engine.output.lines
    }
  }

  /// `wrap(text, width: width).count`, without building the lines' strings: what a list
  /// needs to measure a row's height.
  public static func lineCount(_ text: String, width: Int) -> Int {
    guard width > 0, !text.isEmpty else { return 0 }
    var text = text
    return text.withUTF8 { bytes in
      var engine = WrapEngine(
        bytes: bytes, width: width, table: WidthTable.shared, countsOnly: true)
      engine.run()
      return engine.output.lineCount
    }
  }
}
