import Foundation

extension Feed {
  /// The plain output of `artfeed parse`: one line per item, `date  author  title`.
  ///
  /// The date is `YYYY-MM-DD HH:MM` in UTC (`----------------` when unknown), the author `-`
  /// when unknown. Items without a title show their media title or the start of their text,
  /// and `(untitled)` when they have nothing. Every line is one line: whitespace and control
  /// characters inside fields are folded to single spaces.
  public func listingLines() -> [String] {
    items.map { item in
      let date = item.published.map(Feed.listingDate) ?? "----------------"
      let author = item.author.map(Feed.oneLine) ?? "-"
      return "\(date)  \(author)  \(Feed.listingTitle(item))"
    }
  }

  static func listingTitle(_ item: FeedItem) -> String {
    if let title = item.title ?? item.mediaTitle { return oneLine(title) }
    guard let text = item.summary ?? item.mediaText ?? item.mediaDescription else {
      return "(untitled)"
    }
    let line = oneLine(text)
    return line.count > 60 ? String(line.prefix(59)) + "…" : line
  }

  static func listingDate(_ date: Date) -> String {
    let stamp = JSONWriter.timestamp(date)  // 2014-05-28T00:52:01Z
    return stamp.prefix(10) + " " + stamp.dropFirst(11).prefix(5)
  }

  /// `text` on one line: runs of whitespace and control characters become one space; format
  /// characters (bidi overrides, isolates and marks, zero-width spaces) are dropped, except
  /// ZWJ and the emoji tag characters, as the screen's sanitizer does. A line of `parse`
  /// can then neither move the cursor nor reorder the rest of the terminal's line.
  static func oneLine(_ text: String) -> String {
    var result = ""
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .format, scalar.value != 0x200D,
        !(0xE0020...0xE007F).contains(scalar.value)
      {
        continue
      }
      if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
        pendingSpace = !result.isEmpty
      } else {
        if pendingSpace { result.unicodeScalars.append(" ") }
        pendingSpace = false
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
