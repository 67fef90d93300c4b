/// The title and subtitle exactly as a row shows them, before wrapping.
struct RowText {
  /// Shown for an item with no title.
  static let noTitle = "[No Title]"

  /// Sanitized and trimmed title, or "[No Title]".
  var title: String
  /// Sanitized, trimmed and truncated subtitle; nil when there is nothing to show.
  var subtitle: String?

  init(title: String?, subtitle: String?, subtitleLimit: Int) {
    let title = Self.trimmed(Sanitizer.clean(title ?? ""))
    self.title = title.isEmpty ? Self.noTitle : title
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
