import FeedCore
import Foundation

/// Decides whether an item is by an artist, from what a reader types.
///
/// Case and accents are ignored ("zoe" finds "Zoë"), and the query may be any part of the name.
/// The item's author and its `media:credit` names count; credits that are URLs (DeviantArt's
/// avatar credit) do not, so typing "http" finds nothing.
public enum ArtistMatch {
  /// The query as it is compared: folded, trimmed, inner spaces kept.
  public static func normalized(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII has no accents or widths to fold; lowercasing is all (and much cheaper).
      return text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    )
    .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// True when the item's author or one of its credits contains the query.
  public static func matches(_ item: FeedItem, normalizedQuery query: String) -> Bool {
    guard !query.isEmpty else { return false }
    return names(of: item).contains { normalized($0).contains(query) }
  }

  /// The artist names an item carries: its author, then credits that are not links.
  public static func names(of item: FeedItem) -> [String] {
    var names: [String] = []
    if let author = item.author { names.append(author) }
    for credit in item.credits where !credit.name.contains("://") {
      names.append(credit.name)
    }
    return names
  }

  /// Items by the artist, de-duplicated by `ItemID`, newest first; items
  /// without a date keep their relative order after the dated ones.
  public static func search(_ items: [FeedItem], query: String) -> [FeedItem] {
    ArtistIndex(items).search(query)
  }
}

/// Items with their artist names folded once, so each keystroke of a search only compares.
public struct ArtistIndex: Sendable {
  public let items: [FeedItem]
  private let names: [[String]]

  public init(_ items: [FeedItem]) {
    self.items = items
    names = items.map { ArtistMatch.names(of: $0).map(ArtistMatch.normalized) }
  }

  /// See `ArtistMatch.search`.
  public func search(_ query: String) -> [FeedItem] {
    let query = ArtistMatch.normalized(query)
    guard !query.isEmpty else { return [] }
    var seen = Set<ItemID>()
    var found: [(offset: Int, item: FeedItem)] = []
    for (offset, item) in items.enumerated()
    where names[offset].contains(where: { $0.contains(query) }) {
      if seen.insert(ItemID(item)).inserted { found.append((offset, item)) }
    }
    found.sort { a, b in
      switch (a.item.published, b.item.published) {
      case let (x?, y?) where x != y: return x > y
      case (.some, nil): return true
      case (nil, .some): return false
      default: return a.offset < b.offset
      }
    }
    return found.map(\.item)
  }
}
