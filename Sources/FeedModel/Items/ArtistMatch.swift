import FeedCore
import Foundation

/// The names an item is by, and how names and queries are folded; the matching rule itself
/// is `ArtistQuery`'s.
///
/// Case and accents are ignored ("zoe" finds "Zoë"). The item's author and its `media:credit`
/// names count; credits that are URLs (DeviantArt's avatar credit) do not, so typing "http"
/// finds nothing.
public enum ArtistMatch {
  /// The query as it is compared: folded, trimmed, inner spaces kept.
  public static func normalized(_ text: String) -> String {
    trimmed(folded(text))
  }

  /// `text` with case, diacritics and width folded.
  public static func folded(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII has no accents or widths to fold; lowercasing is all (and much cheaper).
      return text.lowercased()
    }
    return text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// The artist names an item carries: its author, then credits that are not links.
  public static func names(of item: FeedItem) -> [String] {
    var names: [String] = []
    if let author = item.author { names.append(author) }
    for credit in item.credits where !isLink(credit.name) {
      names.append(credit.name)
    }
    return names
  }

  /// Whether `name` has `://` in it, read as bytes: Foundation's `contains` goes through
  /// CFString, which costs far more on a name this short (docs/adr/0151).
  package static func isLink(_ name: String) -> Bool {
    var matched = 0
    for byte in name.utf8 {
      switch (matched, byte) {
      case (_, UInt8(ascii: ":")): matched = 1
      case (1, UInt8(ascii: "/")): matched = 2
      case (2, UInt8(ascii: "/")): return true
      default: matched = 0
      }
    }
    return false
  }

  /// `name` without Foundation's `.whitespacesAndNewlines` at either end, scalar by scalar
  /// as Foundation trims. A name that starts and ends with a visible ASCII character, as most
  /// do, is returned as it is, without the cost of `trimmingCharacters(in:)` (docs/adr/0151).
  package static func trimmed(_ name: String) -> String {
    guard let first = name.utf8.first, let last = name.utf8.last else { return name }
    let visible = UInt8(ascii: "!")...UInt8(ascii: "~")
    if visible.contains(first) && visible.contains(last) { return name }
    let spaces = CharacterSet.whitespacesAndNewlines
    let scalars = name.unicodeScalars
    guard let start = scalars.firstIndex(where: { !spaces.contains($0) }),
      let end = scalars.lastIndex(where: { !spaces.contains($0) })
    else { return "" }
    return String(scalars[start...end])
  }
}
