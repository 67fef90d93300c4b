import TextLayout

/// The title, byline and subtitle exactly as a row shows them, before wrapping.
struct RowText {
  /// Shown for an item with no title.
  static let noTitle = "[No Title]"

  /// Sanitized and trimmed title, or "[No Title]".
  var title: String
  /// Sanitized, trimmed one-line byline (artist and date); nil when there is nothing to show.
  /// Always one line: cut to the text column with "…", so its text never changes a row's height.
  var byline: String?
  /// Sanitized, trimmed and truncated subtitle; nil when there is nothing to show.
  var subtitle: String?

  init(title: String?, byline: String? = nil, subtitle: String?, subtitleLimit: Int) {
    let title = Self.trimmed(Sanitizer.clean(title ?? ""))
    self.title = title.isEmpty ? Self.noTitle : title
    let byline = String(
      Self.trimmed(Sanitizer.clean(byline ?? "")).map { $0 == "\n" || $0 == "\t" ? " " : $0 })
    self.byline = byline.isEmpty ? nil : byline
    let subtitle = Self.trimmed(Sanitizer.clean(subtitle ?? ""))
    self.subtitle = subtitle.isEmpty ? nil : Truncation.truncated(subtitle, limit: subtitleLimit)
  }

  /// The text without leading and trailing whitespace (spaces, tabs, newlines, other Unicode
  /// spaces).
  static func trimmed(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }
}
