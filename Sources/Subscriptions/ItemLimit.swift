import FeedCore
import FeedModel

/// The settings' `max-items`: the newest items a subscribed feed keeps (newsboat's
/// `max-items`).
public enum ItemLimit {
  /// The `limit` newest of `items` (by publication date; undated items count as older than
  /// any dated one, and among themselves the feed's order decides), in the feed's order.
  /// O(n log n) when over the limit, nothing to do otherwise.
  public static func newest(_ limit: Int?, of items: [FeedItem]) -> [FeedItem] {
    guard let limit, items.count > limit else { return items }
    let ranked = items.indices.sorted { left, right in
      switch (items[left].published, items[right].published) {
      case (let l?, let r?) where l != r: l > r
      case (.some, nil): true
      case (nil, .some): false
      default: left < right
      }
    }
    return ranked.prefix(max(0, limit)).sorted().map { items[$0] }
  }
}

extension FeedRefresh {
  /// The same refresh with at most `limit` items (the newest).
  func keepingNewest(_ limit: Int?) -> FeedRefresh {
    guard let limit, case .success(var loaded) = result, loaded.feed.items.count > limit else {
      return self
    }
    loaded.feed.items = ItemLimit.newest(limit, of: loaded.feed.items)
    var kept = self
    kept.result = .success(loaded)
    return kept
  }
}
