import FeedCore
import Foundation

/// What refreshing one subscription came to.
public struct FeedRefresh: Sendable {
  public var subscription: Subscription
  /// The feed (fresh, local or a cached copy), or why there is none.
  public var result: Result<LoadedFeed, LoadError>

  public init(subscription: Subscription, result: Result<LoadedFeed, LoadError>) {
    self.subscription = subscription
    self.result = result
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

  /// The feed as a list (the `~` title first), or nil when it failed.
  public var list: LoadedList? {
    guard case .success(let loaded) = result else { return nil }
    return loaded.list(title: nil).titled(subscription.title)
  }
}

/// How far a refresh has come: `done` of `total`, and the feed that just finished.
public struct RefreshProgress: Sendable {
  public var done: Int
  public var total: Int
  public var latest: FeedRefresh
}

/// Refreshes every subscription through a `FeedLoader`, at most `limit` at a time.
///
/// Each feed goes through the loader as `artfeed URL` does (conditional GET, cache, back-off,
/// cached copy when the network fails), so one failing feed costs one line, never the rest.
/// Results come back in the subscriptions' order; progress comes as each feed finishes.
/// Cancelling the calling task cancels the requests in flight and starts no more.
public struct SubscriptionRefresher: Sendable {
  public let loader: FeedLoader
  /// Requests in flight at once (at least 1).
  public let limit: Int

  public init(loader: FeedLoader, limit: Int = 4) {
    self.loader = loader
    self.limit = max(1, limit)
  }

  /// Refreshes `subscriptions`, calling `progress` after each one finishes.
  public func refresh(
    _ subscriptions: [Subscription],
    progress: @escaping @Sendable (RefreshProgress) -> Void = { _ in }
  ) async -> [FeedRefresh] {
    var results: [FeedRefresh?] = Array(repeating: nil, count: subscriptions.count)
    var done = 0
    await Self.run(Array(subscriptions.indices), limit: limit) { index in
      await self.refresh(subscriptions[index])
    } finished: { index, refresh in
      results[index] = refresh
      done += 1
      progress(RefreshProgress(done: done, total: subscriptions.count, latest: refresh))
    }
    return zip(subscriptions, results).map { subscription, result in
      result
        ?? FeedRefresh(
          subscription: subscription,
          result: .failure(LoadError(.cancelled, "\(subscription.source): cancelled")))
    }
  }

  /// Runs `body` for each of `indices`, at most `limit` at a time, and `finished` after each
  /// one, in the order they finish. Cancelling the calling task starts no more.
  static func run(
    _ indices: [Int], limit: Int, _ body: @escaping @Sendable (Int) async -> FeedRefresh,
    finished: (Int, FeedRefresh) -> Void
  ) async {
    await withTaskGroup(of: (Int, FeedRefresh).self) { group in
      var next = 0
      func startNext() {
        guard next < indices.count, !Task.isCancelled else { return }
        let index = indices[next]
        next += 1
        group.addTask { (index, await body(index)) }
      }
      for _ in 0..<max(1, limit) { startNext() }
      while let (index, refresh) = await group.next() {
        finished(index, refresh)
        startNext()
      }
    }
  }

  /// The same refresh as a stream of progress; it finishes after the last feed.
  public func progress(of subscriptions: [Subscription]) -> AsyncStream<RefreshProgress> {
    AsyncStream { continuation in
      let task = Task {
        _ = await refresh(subscriptions) { continuation.yield($0) }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// One subscription. A DeviantArt address is an endpoint: its 403 means "slow down".
  public func refresh(_ subscription: Subscription) async -> FeedRefresh {
    var isEndpoint = false
    if case .web(let url) = subscription.address, let host = url.host?.lowercased() {
      isEndpoint = host == "deviantart.com" || host.hasSuffix(".deviantart.com")
    }
    do {
      let loaded = try await loader.load(subscription.address, isEndpoint: isEndpoint)
      return FeedRefresh(subscription: subscription, result: .success(loaded))
    } catch {
      return FeedRefresh(subscription: subscription, result: .failure(error))
    }
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
