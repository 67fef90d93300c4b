import TextLayout

/// The bars every page draws: the title bar on the first line, the status line on the last.
///
/// Both fit a narrow terminal by what the reader needs least: whole pieces go first (a
/// title bar's counts, a status line's hints), and only text that must stay and still does
/// not fit is cut, always with "…" (`Truncation`).
enum TitleBar {
  /// A piece of the title bar and how much the reader needs it (higher: kept longer).
  struct Part: Equatable {
    var text: String
    var priority: Int

    init(_ text: String, priority: Int) {
      self.text = text
      self.priority = priority
    }
  }

  /// The pieces joined as the bar shows them at any width: " a · b · c".
  static func text(_ parts: [Part]) -> String {
    " " + parts.map(\.text).joined(separator: " · ")
  }

  /// The pieces that fit in `width` columns, in their order: the most needed first, each
  /// one that still fits; when not even the most needed fits, it alone, cut with "…".
  static func fitted(_ parts: [Part], width: Int) -> String {
    let full = text(parts)
    if DisplayWidth.of(full) <= width { return full }
    let byNeed = parts.indices.sorted { parts[$0].priority > parts[$1].priority }
    guard let most = byNeed.first, DisplayWidth.of(text([parts[most]])) <= width else {
      // Not even the piece needed most fits: it alone, cut, rather than lesser ones whole.
      return Truncation.truncated(text(byNeed.first.map { [parts[$0]] } ?? []), toWidth: width)
    }
    var kept = Set<Int>()
    for index in byNeed {
      let trial = kept.union([index])
      let shown = text(parts.indices.filter(trial.contains).map { parts[$0] })
      if DisplayWidth.of(shown) <= width { kept = trial }
    }
    return text(parts.indices.filter(kept.contains).map { parts[$0] })
  }

  /// The pieces that fit, in bold on the bar.
  static func draw(_ parts: [Part], into buffer: inout ScreenBuffer) {
    draw(fitted(parts, width: buffer.width), into: &buffer)
  }

  /// `text` (already in words, sanitized by its maker) in bold on the bar, cut with "…" when
  /// it is wider than the bar.
  static func draw(_ text: String, into buffer: inout ScreenBuffer) {
    buffer.fill(x: 0, y: 0, width: buffer.width, height: 1, style: .bar)
    buffer.put(
      Truncation.truncated(text, toWidth: buffer.width), x: 0, y: 0,
      style: Style(.bar, bold: true, reverse: true))
  }
}

enum StatusLine {
  /// The status line: the spinner and what is under way, the page's `position`, then the
  /// message if there is one, else the page's `hints`. A message or hint that starts with
  /// "Error" (or "Search failed", "Refresh failed", "Refresh incomplete") is drawn as an
  /// error.
  ///
  /// Hints (keys and what they do, two blanks apart) that do not fit are left out whole,
  /// from the right, the help's hint last; a message takes every column after the position
  /// and is cut with "…" when it is wider still.
  static func draw(
    position: String, hints: String, into buffer: inout ScreenBuffer, context: DrawContext
  ) {
    let y = buffer.height - 1
    buffer.fill(x: 0, y: y, width: buffer.width, height: 1, style: .bar)
    var left = " "
    if let busy = context.busyWhat { left += context.spinner + " \(busy)  " }
    left += position
    let end = buffer.put(left, x: 0, y: y, style: .bar)
    let free = max(0, buffer.width - end - 2)
    let message = context.status.map(Sanitizer.clean)
    let right =
      message.map { Truncation.truncated($0, toWidth: free) }
      ?? fittedHints(Sanitizer.clean(hints), width: free)
    let isError =
      right.hasPrefix("Error")
      || (message != nil
        && ["Search failed", "Refresh failed", "Refresh incomplete"].contains {
          right.hasPrefix($0)
        })
    let style = isError ? Style(.error, bold: true, reverse: true) : Style.bar
    guard !right.isEmpty else { return }
    buffer.put("  " + right, x: end, y: y, style: style, limit: buffer.width)
  }

  /// The hints that fit in `width` columns: whole hints (two blanks apart) left out from the
  /// right, the help's hint (`? help`) last of all (none, when not even it fits); text that
  /// is no list of hints (a feed's state) is cut with "…".
  static func fittedHints(_ hints: String, width: Int) -> String {
    if DisplayWidth.of(hints) <= width { return hints }
    var parts = hints.components(separatedBy: "  ").filter { !$0.isEmpty }
    guard parts.count > 1 else { return Truncation.truncated(hints, toWidth: width) }
    func isHelp(_ hint: String) -> Bool { hint.hasSuffix(" help") }
    while !parts.isEmpty, DisplayWidth.of(parts.joined(separator: "  ")) > width {
      if let last = parts.lastIndex(where: { !isHelp($0) }) {
        parts.remove(at: last)
      } else {
        parts.removeLast()
      }
    }
    // Hints are whole or not there: a key without what it does says nothing.
    return parts.joined(separator: "  ")
  }
}
