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
    var all: [FeedItem] = []
    all.reserveCapacity(lists.reduce(0) { $0 + $1.items.count })
    for list in lists { all += list.items }
    return LoadedList(
      title: title, items: newestFirstOnce(all), warnings: lists.flatMap(\.warnings),
      freshness: freshness(lists.map(\.freshness)))
  }

  /// `items` with dated items newest first, then undated items in their order; an item that
  /// comes twice (the same `ItemID`) is kept once, where it sorts first.
  public static func newestFirstOnce(_ items: [FeedItem]) -> [FeedItem] {
    var entries = items.enumerated().map { (item: $0.element, order: $0.offset) }
    entries.sort { left, right in
      switch (left.item.published, right.item.published) {
      case (let l?, let r?) where l != r: return l > r
      case (.some, nil): return true
      case (nil, .some): return false
      default: return left.order < right.order
      }
    }
    var seen = Set<ItemID>(minimumCapacity: entries.count)
    return entries.map(\.item).filter { seen.insert(ItemID($0)).inserted }
  }

  static func freshness(_ all: [Freshness]) -> Freshness {
    if all.contains(.live) || all.isEmpty { return all.isEmpty ? .local : .live }
    let cached = all.compactMap { freshness -> (Date, String)? in
      if case .cached(let fetchedAt, let reason) = freshness { (fetchedAt, reason) } else { nil }
    }
    guard let oldest = cached.map(\.0).min() else { return .local }
    // One reason for all (every copy read from the cache on opening: "not refreshed yet"),
    // or how many are copies.
    let reasons = Set(cached.map(\.1))
    let reason =
      reasons.count == 1 && cached.count == all.count
      ? reasons.first ?? "" : "\(cached.count) of \(all.count) feeds are cached copies"
    return .cached(fetchedAt: oldest, reason: reason)
  }
}
