import TextLayout

/// The bars every page draws: the title bar on the first line, the status line on the last.
enum TitleBar {
  /// `text` (already in words, sanitized by its maker) in bold on the bar.
  static func draw(_ text: String, into buffer: inout ScreenBuffer) {
    buffer.fill(x: 0, y: 0, width: buffer.width, height: 1, style: .bar)
    buffer.put(text, x: 0, y: 0, style: Style(.bar, bold: true, reverse: true))
  }
}

enum StatusLine {
  /// The status line: the spinner and what is under way, the page's `position`, then the
  /// message if there is one, else the page's `hints`. A message or hint that starts with
  /// "Error" (or "Search failed") is drawn as an error.
  static func draw(
    position: String, hints: String, into buffer: inout ScreenBuffer, context: DrawContext
  ) {
    let y = buffer.height - 1
    buffer.fill(x: 0, y: y, width: buffer.width, height: 1, style: .bar)
    var left = " "
    if let busy = context.busyWhat { left += context.spinner + " \(busy)  " }
    left += position
    let end = buffer.put(left, x: 0, y: y, style: .bar)
    let right = Sanitizer.clean(context.status ?? hints)
    let isError =
      right.hasPrefix("Error")
      || (context.status != nil
        && ["Search failed", "Refresh failed", "Refresh incomplete"].contains {
          right.hasPrefix($0)
        })
    let style = isError ? Style(.error, bold: true, reverse: true) : Style.bar
    buffer.put("  " + right, x: end, y: y, style: style, limit: buffer.width)
  }
}
