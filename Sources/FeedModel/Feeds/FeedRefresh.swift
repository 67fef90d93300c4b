import Foundation

/// What refreshing one subscription came to.
public struct FeedRefresh: Sendable {
  public var subscription: Subscription
  /// The feed (fresh, local or a cached copy), or why there is none.
  public var result: Result<LoadedFeed, LoadError>
  /// When the feed's server may be asked again, when it asked artfeed to wait (a 429 or 503
  /// with `Retry-After`, an endpoint's 403): the feed list says "retry in 5 min".
  public var retryAt: Date?

  public init(
    subscription: Subscription, result: Result<LoadedFeed, LoadError>, retryAt: Date? = nil
  ) {
    self.subscription = subscription
    self.result = result
    self.retryAt = retryAt
  }

  /// The one-line state for the feed list.
  public var state: FeedState {
    switch result {
    case .failure(let error): .failed(error.description)
    case .success(let loaded):
      if let reason = loaded.notSaved, loaded.freshness == .live {
        .unsaved(reason)
      } else {
        FeedState(loaded.freshness)
      }
    }
  }

  /// The fetch was cancelled (a refresh replaced by another, Esc): it says nothing of the
  /// feed.
  public var isCancelled: Bool {
    if case .failure(let error) = result, error.kind == .cancelled { true } else { false }
  }

  /// The feed as a list (the `~` title first), or nil when it failed.
  public var list: LoadedList? {
    guard case .success(let loaded) = result else { return nil }
    return loaded.list(title: nil).titled(subscription.title)
  }
}

extension LoadedList {
  /// The same list under `title`, when there is one.
  func titled(_ title: String?) -> LoadedList {
    guard let title, !title.isEmpty else { return self }
    var list = self
    list.title = title
    return list
  }
}
