import FeedArt
import TextLayout

/// The title, byline and subtitle exactly as a row shows them, before wrapping.
struct RowText {
  /// Shown for an item with no title: the one wording every view and command uses.
  static let noTitle = ItemTitle.untitled

  /// Sanitized and trimmed title, or `noTitle`.
  var title: String
  /// Sanitized, trimmed one-line byline (artist and date); nil when there is nothing to show.
  /// Always one line: cut to the text column with "…", so its text never changes a row's height.
  var byline: String?
  /// Sanitized, trimmed and truncated subtitle; nil when there is nothing to show.
  var subtitle: String?

  init(
    title: String?, byline: String? = nil, subtitle: String?, titleLimit: Int = 300,
    subtitleLimit: Int
  ) {
    let title = Self.cleaned(title ?? "", limit: titleLimit)
    self.title = title.isEmpty ? Self.noTitle : title
    // One line of a text column: a few hundred clusters are more than any terminal shows.
    let byline = String(
      Self.cleaned(byline ?? "", limit: 400).map { $0 == "\n" || $0 == "\t" ? " " : $0 })
    self.byline = byline.isEmpty ? nil : byline
    let subtitle = Self.cleaned(subtitle ?? "", limit: subtitleLimit)
    self.subtitle = subtitle.isEmpty ? nil : subtitle
  }

  /// `text` sanitized, trimmed and cut to `limit` clusters with "…". Only the first few
  /// times `limit` clusters are read, so a field of 50 MB costs what a short one does: the
  /// cut is made on the raw text (with room for what sanitizing removes), then again on the
  /// clean text, and a text cut the first time ends with "…" whatever the second does.
  static func cleaned(_ text: String, limit: Int) -> String {
    let limit = max(0, limit)
    let room = limit * 4 + 64
    var raw = Substring(text)
    var wasCut = false
    if let end = text.index(text.startIndex, offsetBy: room, limitedBy: text.endIndex),
      end != text.endIndex
    {
      raw = text[..<end]
      wasCut = true
    }
    let clean = trimmed(Sanitizer.clean(String(raw)))
    let cut = Truncation.truncated(clean, limit: limit)
    guard wasCut, cut == clean else { return cut }
    return cut + Truncation.ellipsis
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
