import FeedCore
import FeedLoading
import FeedModel
import Foundation
import HTTP

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
    var refresh: FeedRefresh
    do {
      let loaded = try await loader.load(subscription.address, isEndpoint: isEndpoint)
      refresh = FeedRefresh(subscription: subscription, result: .success(loaded))
    } catch {
      refresh = FeedRefresh(subscription: subscription, result: .failure(error))
    }
    note(&refresh)
    return refresh
  }

  /// Keeps what a fetch from the network came to beside the cache (the title, or the
  /// failure: `FeedRecord`), and when the server may be asked again. Reads of the cache alone
  /// (offline) and cancelled fetches note nothing.
  private func note(_ refresh: inout FeedRefresh) {
    guard case .web(let url) = refresh.subscription.address, let cache = loader.fetcher.cache
    else { return }
    refresh.retryAt = cache.backoff(forHost: Backoff.key(for: url))?.until
    guard !loader.fetcher.options.offline else { return }
    switch refresh.result {
    case .success(let loaded):
      if case .cached(_, let reason) = loaded.freshness {
        cache.note(url, title: nil, failure: reason)
      } else {
        cache.note(url, title: loaded.feed.title, failure: nil)
      }
    case .failure(let error):
      if error.kind != .cancelled { cache.note(url, title: nil, failure: error.description) }
    }
  }
}
