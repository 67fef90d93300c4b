import FeedCore
import Foundation

/// "All items": every subscribed feed's items in one list, newest first, each item once.
public enum AllItems {
  /// The title of the merged list.
  public static let title = "All items"

  /// Merges `lists` (in subscription order): dated items newest first, then undated items in
  /// the order their feeds give them; an item in two feeds (the same `ItemID`) is kept once,
  /// where it sorts first. Freshness: live when any feed is, else local when every feed is,
  /// else the oldest cached copy's time.
  public static func merge(_ lists: [LoadedList]) -> LoadedList {
    var entries: [(item: FeedItem, order: Int)] = []
    entries.reserveCapacity(lists.reduce(0) { $0 + $1.items.count })
    for list in lists {
      for item in list.items { entries.append((item, entries.count)) }
    }
    entries.sort { left, right in
      switch (left.item.published, right.item.published) {
      case (let l?, let r?) where l != r: return l > r
      case (.some, nil): return true
      case (nil, .some): return false
      default: return left.order < right.order
      }
    }
    var seen = Set<ItemID>(minimumCapacity: entries.count)
    let items = entries.lazy.map(\.item).filter { seen.insert(ItemID($0)).inserted }
    return LoadedList(
      title: title, items: Array(items), warnings: lists.flatMap(\.warnings),
      freshness: freshness(lists.map(\.freshness)))
  }

  static func freshness(_ all: [Freshness]) -> Freshness {
    if all.contains(.live) || all.isEmpty { return all.isEmpty ? .local : .live }
    let cached = all.compactMap { freshness -> Date? in
      if case .cached(let fetchedAt, _) = freshness { fetchedAt } else { nil }
    }
    guard let oldest = cached.min() else { return .local }
    return .cached(
      fetchedAt: oldest, reason: "\(cached.count) of \(all.count) feeds are cached copies")
  }
}
