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

/// Refreshes every subscription through a `FeedLoader`, at most `limit` at a time in all and
/// `perHost` at a time on one host.
///
/// Each feed goes through the loader as `artfeed URL` does (conditional GET, cache, back-off,
/// cached copy when the network fails), so one failing feed costs one line, never the rest.
/// Feeds start host by host (`RefreshSchedule`): every host with feeds waiting works at once,
/// up to `limit`, and none is asked more than `perHost` at a time. Results come back in the
/// subscriptions' order; progress comes as each feed finishes. Cancelling the calling task
/// cancels the requests in flight and starts no more.
public struct SubscriptionRefresher: Sendable {
  /// Requests in flight at once by default: every host of 16 at its gate's two, and few
  /// enough that the sockets (one each) and bodies in flight stay small (docs/adr/0180).
  public static let defaultLimit = 32

  public let loader: FeedLoader
  /// Requests in flight at once (at least 1).
  public let limit: Int
  /// Requests in flight at once to one host (at least 1): the process's gate's
  /// (`HostGate.shared`), so no feed waits at the gate holding a place here.
  public let perHost: Int

  public init(
    loader: FeedLoader, limit: Int = Self.defaultLimit, perHost: Int = HostGate.shared.limit
  ) {
    self.loader = loader
    self.limit = max(1, limit)
    self.perHost = max(1, perHost)
  }

  /// Refreshes `subscriptions`, calling `progress` after each one finishes.
  public func refresh(
    _ subscriptions: [Subscription],
    progress: @escaping @Sendable (RefreshProgress) -> Void = { _ in }
  ) async -> [FeedRefresh] {
    var results: [FeedRefresh?] = Array(repeating: nil, count: subscriptions.count)
    var done = 0
    await Self.run(
      Array(subscriptions.indices), hosts: subscriptions.map(Self.host), limit: limit,
      perHost: perHost
    ) { index in
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

  /// The key a subscription's requests are limited by (the host gate's), nil when it
  /// makes none (a file, standard input).
  public static func host(_ subscription: Subscription) -> String? {
    guard case .web(let url) = subscription.address else { return nil }
    return Backoff.key(for: url)
  }

  /// Runs `body` for each of `indices` (whose hosts are `hosts`, in the same order) as
  /// `RefreshSchedule` allows, and `finished` after each one, in the order they finish.
  /// Cancelling the calling task starts no more.
  static func run(
    _ indices: [Int], hosts: [String?], limit: Int, perHost: Int,
    _ body: @escaping @Sendable (Int) async -> FeedRefresh,
    finished: (Int, FeedRefresh) -> Void
  ) async {
    precondition(indices.count == hosts.count, "one host per index")
    var schedule = RefreshSchedule(hosts: hosts, limit: limit, perHost: perHost)
    await withTaskGroup(of: (Int, FeedRefresh).self) { group in
      func startAll() {
        while !Task.isCancelled, let job = schedule.next() {
          let index = indices[job]
          group.addTask { (job, await body(index)) }
        }
      }
      startAll()
      while let (job, refresh) = await group.next() {
        schedule.finished(job)
        finished(indices[job], refresh)
        startAll()
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
