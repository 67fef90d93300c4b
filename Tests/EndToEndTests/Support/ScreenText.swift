import TextLayout

/// Screens as lists of lines, made comparable.
enum ScreenText {
  /// Lines without trailing spaces (`render` trims them; tmux leaves blank cells out).
  static func trimmed(_ lines: [String]) -> [String] {
    lines.map { line in
      var line = Substring(line)
      while line.last == " " { line = line.dropLast() }
      return String(line)
    }
  }

  /// Lines without U+200D ZERO WIDTH JOINER: tmux 3.3a keeps no joiner in its cells (it keeps
  /// U+FE0F and combining marks), so a captured screen never contains one. A joiner takes no
  /// cell, so removing it changes no position.
  static func withoutJoiners(_ lines: [String]) -> [String] {
    lines.map { line in
      String(String.UnicodeScalarView(line.unicodeScalars.filter { $0 != "\u{200D}" }))
    }
  }

  /// True while a thumbnail box still says "loading" (its picture has not arrived).
  static func hasLoadingBox(_ screen: [String]) -> Bool {
    screen.contains { $0.contains("│") && $0.contains(" loading ") }
  }

  /// The screen as `render` prints it and as tmux shows it, ready for `==`.
  static func comparable(_ lines: [String]) -> [String] {
    trimmed(withoutJoiners(lines))
  }

  /// List lines without the scrollbar in their last column: the thumb follows the list's
  /// height estimate, which depends on which rows were measured on the way there.
  static func withoutScrollbar(_ lines: [String]) -> [String] {
    lines.enumerated().map { index, line in
      guard index > 0, index < lines.count - 1, line.last == "│" || line.last == "█" else {
        return line
      }
      return trimmed([String(line.dropLast())])[0]
    }
  }

  /// True once the app has drawn the list at this size: tmux clips the old frame on a resize,
  /// so the scrollbar in the last column of every list line is the sign of a new frame.
  static func redrawn(_ screen: [String], width: Int, height: Int) -> Bool {
    guard screen.count == height, height >= 3 else { return false }
    return screen[1..<(height - 1)].allSatisfy { line in
      DisplayWidth.of(line) == width && (line.last == "│" || line.last == "█")
    }
  }
}

extension ScreenText {
  /// The lines where two screens differ, numbered, for a failure message.
  static func difference(_ seen: [String], _ expected: [String], seenName: String = "tmux")
    -> String
  {
    var report: [String] = []
    for index in 0..<max(seen.count, expected.count) {
      let a = index < seen.count ? seen[index] : "(no line)"
      let b = index < expected.count ? expected[index] : "(no line)"
      guard a != b else { continue }
      report.append("line \(index) \(seenName): «\(a)»")
      report.append("line \(index) render: «\(b)»")
    }
    return report.isEmpty ? "screens are equal" : report.joined(separator: "\n")
  }
}
