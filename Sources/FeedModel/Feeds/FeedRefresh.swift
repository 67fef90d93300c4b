import Foundation

/// What refreshing one subscription came to.
public struct FeedRefresh: Sendable {
  public var subscription: Subscription
  /// The feed (fresh, local or a cached copy), or why there is none.
  public var result: Result<LoadedFeed, LoadError> {
    didSet { built = nil }
  }
  /// `list` as `withListBuilt()` made it (the outer nil: not made; `list` makes it).
  private var built: LoadedList??
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

  /// The feed as a list (the `~` title first), or nil when it failed. O(items) on each read
  /// unless `withListBuilt()` made it.
  public var list: LoadedList? {
    if let built { return built }
    guard case .success(let loaded) = result else { return nil }
    return loaded.list(title: nil).titled(subscription.title)
  }

  /// The same refresh with its list made now: the refresh's task makes it once, and the
  /// run loop and every page that reads `list` after share it (one copy of the items, and
  /// no O(items) work per read on the loop's thread).
  public func withListBuilt() -> FeedRefresh {
    var copy = self
    copy.built = .some(list)
    return copy
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
