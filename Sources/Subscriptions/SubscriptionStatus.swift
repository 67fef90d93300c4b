import FeedModel
import Foundation
import HTTP

/// The last fetch of a subscription as the cache remembers it, without fetching anything.
public struct SubscriptionStatus: Sendable, Equatable {
  /// "local file", "never fetched", "fetched 3 h ago" or "failed 2 min ago", with " · retry
  /// in 5 min" while its server asked artfeed to wait: one short column.
  public var state: String
  /// The last failure, when it is newer than the last good copy ("HTTP 404 Not Found"), with
  /// the age of that copy ("last good copy 3 h ago", or "never fetched").
  public var error: String?
  /// The feed's own title once a fetch has read it.
  public var title: String?

  /// What the cache and its records say of `subscription` (`artfeed feeds`).
  public init(_ subscription: Subscription, cache: FeedCache, now: Date = Date()) {
    guard case .web(let url) = subscription.address else {
      state = "local file"
      return
    }
    let fetchedAt = cache.entry(for: url)?.fetchedAt
    let record = cache.record(for: url)
    title = record?.title
    if let failedAt = record?.failedAt, let reason = record?.lastError,
      fetchedAt.map({ failedAt >= $0 }) ?? true
    {
      state = "failed \(FeedAge.phrase(failedAt, now: now))"
      let copy =
        fetchedAt.map { "last good copy \(FeedAge.phrase($0, now: now))" } ?? "never fetched"
      error = "\(SubscriptionStatus.withoutSource(reason, url.absoluteString)) (\(copy))"
    } else if let fetchedAt {
      state = "fetched \(FeedAge.phrase(fetchedAt, now: now))"
    } else {
      state = "never fetched"
    }
    if let backoff = cache.backoff(forHost: Backoff.key(for: url), now: now) {
      state += " · retry in \(FeedAge.until(backoff.until, now: now))"
    }
  }

  /// `reason` without the feed's address in front (`http://...: HTTP 500 ...`).
  public static func withoutSource(_ reason: String, _ source: String?) -> String {
    guard let source, reason.hasPrefix(source + ": ") else { return reason }
    return String(reason.dropFirst(source.count + 2))
  }
}
