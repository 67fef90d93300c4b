import FeedModel
import Foundation

extension Feeds {
  /// Every recorded feed's counts from the state database; empty when there is none.
  static func unreadCounts() -> [FeedKey: FeedCounts] {
    guard let access = try? StateAccess(), let store = access.openIfPresent() else { return [:] }
    do {
      return try store.counts()
    } catch {
      warn("state: \(error.description)")
      return [:]
    }
  }

  /// `N/M unread` for a feed the state has recorded items of; "-" otherwise.
  static func unread(_ subscription: Subscription, _ counts: [FeedKey: FeedCounts]) -> String {
    guard let count = counts[FeedKey(subscription.address)], count.total > 0 else { return "-" }
    return "\(count.unread)/\(count.total) unread"
  }
}
