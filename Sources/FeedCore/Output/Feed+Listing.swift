import Foundation

extension Feed {
  /// The plain output of `artfeed parse`: one line per item, `date  author  title`.
  ///
  /// The date is `YYYY-MM-DD HH:MM` in UTC (`----------------` when unknown), the author `-`
  /// when unknown. Items without a title show their media title or the start of their text,
  /// and `(untitled)` when they have nothing. Every line is one line: whitespace and control
  /// characters inside fields are folded to single spaces.
  ///
  /// `title` and `author` say what to show for an item; `artfeed parse` passes the
  /// browser's rules (FeedArt's), so the two agree.
  public func listingLines(
    title: (FeedItem) -> String = Feed.listingTitle,
    author: (FeedItem) -> String? = { $0.author }
  ) -> [String] {
    items.map { item in
      let date = item.published.map(Feed.listingDate) ?? "----------------"
      let author = author(item).map(Feed.oneLine) ?? "-"
      return "\(date)  \(author)  \(Feed.oneLine(title(item)))"
    }
  }

  public static func listingTitle(_ item: FeedItem) -> String {
    if let title = item.title ?? item.mediaTitle { return oneLine(title) }
    guard let text = item.summary ?? item.mediaText ?? item.mediaDescription else {
      return "(untitled)"
    }
    let line = oneLine(text)
    return line.count > 60 ? String(line.prefix(59)) + "…" : line
  }

  /// `YYYY-MM-DD HH:MM` in UTC: the date a listing line starts with.
  public static func listingDate(_ date: Date) -> String {
    let stamp = JSONWriter.timestamp(date)  // 2014-05-28T00:52:01Z
    return stamp.prefix(10) + " " + stamp.dropFirst(11).prefix(5)
  }

  /// `text` on one line: runs of whitespace and control characters become one space; format
  /// characters (bidi overrides, isolates and marks, zero-width spaces) are dropped, except
  /// ZWJ and the emoji tag characters, as the screen's sanitizer does. A line of `parse`
  /// can then neither move the cursor nor reorder the rest of the terminal's line.
  public static func oneLine(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      switch ListingScalar(scalar) {
      case .dropped:
        continue
      case .space:
        pendingSpace = !bytes.isEmpty
      case .kept:
        if pendingSpace { bytes.append(0x20) }
        pendingSpace = false
        if scalar.isASCII {
          bytes.append(UInt8(scalar.value))
        } else {
          UTF8.encode(scalar) { bytes.append($0) }
        }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// What `oneLine` does with a scalar. ASCII is decided without the Unicode property tables,
/// whose lookups, scalar by scalar, would make `parse` of a huge title far slower
/// (docs/adr/0073).
private enum ListingScalar {
  case kept, space, dropped

  init(_ scalar: Unicode.Scalar) {
    let value = scalar.value
    if value < 0x80 {
      self = value <= 0x20 || value == 0x7F ? .space : .kept
      return
    }
    let properties = scalar.properties
    if properties.generalCategory == .format, value != 0x200D, !(0xE0020...0xE007F).contains(value)
    {
      self = .dropped
    } else if properties.isWhitespace || properties.generalCategory == .control {
      self = .space
    } else {
      self = .kept
    }
  }
}
