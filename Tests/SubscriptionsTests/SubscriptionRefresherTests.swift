import FeedCore
import Foundation
import Locking
import TestSupport
import Testing

@testable import FeedLoading
@testable import FeedModel
@testable import HTTP
@testable import Subscriptions

/// The refresh engine against `feedserver.py`: outcomes, progress, the concurrency limit.
@Suite("SubscriptionRefresher", .serialized, .timeLimit(.minutes(1)))
struct SubscriptionRefresherTests {
  static func loader(_ cache: URL) -> FeedLoader {
    FeedLoader(
      fetcher: FeedFetcher(
        client: CurlClient.shared, cache: FeedCache(directory: cache),
        options: FetchOptions(timeout: 10, connectTimeout: 5)))
  }

  static func subscriptions(_ urls: [URL]) -> [Subscription] {
    urls.enumerated().map { index, url in
      Subscription(source: url.absoluteString, address: .web(url), line: index + 1)
    }
  }

  @Test("three feeds, one failing: each outcome in order, progress counts to three")
  func outcomes() async throws {
    let server = try TestServer()
    let temp = try TempDirectory()
    defer { server.stop(); temp.remove() }
    let subscriptions = Self.subscriptions([
      server.url("/feed.xml"), server.url("/status/500"), server.url("/etag/feed.xml"),
    ])
    let refresher = SubscriptionRefresher(loader: Self.loader(temp.url))
    let seen = Locked<[Int]>([])
    let results = await refresher.refresh(subscriptions) { progress in
      #expect(progress.total == 3)
      seen.withLock { $0.append(progress.done) }
    }
    #expect(seen.withLock { $0 } == [1, 2, 3])
    #expect(results.map(\.subscription.line) == [1, 2, 3])
    #expect(results[0].state == .fresh && results[2].state == .fresh)
    #expect(
      results[1].state
        == .failed("\(server.url("/status/500").absoluteString): HTTP 500 Internal Server Error"))
    #expect(results[0].list?.items.count == 3 && results[1].list == nil)

    server.stop()
    let again = await refresher.refresh(subscriptions)
    guard case .cached(_, let reason) = again[0].state else {
      Issue.record("expected a cached copy, got \(again[0].state)")
      return
    }
    #expect(reason.contains("connection refused"))
    #expect(again[0].state.summary().hasPrefix("cached just now: "))
    #expect(again[1].state.summary().hasPrefix("error: "))
  }

  @Test("never more requests at once than the limit, and every feed is asked once")
  func limit() async throws {
    let server = try TestServer()
    let temp = try TempDirectory()
    defer { server.stop(); temp.remove() }
    let urls = (0..<10).map { server.url("/stall/headers?seconds=0.3&n=\($0)") }
    for limit in [1, 3] {
      _ = try await CurlClient.shared.send(HTTPRequest(url: server.url("/inflight?clear=1")))
      _ = try await CurlClient.shared.send(HTTPRequest(url: server.url("/log?clear=1")))
      let cache = temp.url.appendingPathComponent("\(limit)")
      let refresher = SubscriptionRefresher(loader: Self.loader(cache), limit: limit)
      let results = await refresher.refresh(Self.subscriptions(urls))
      #expect(results.allSatisfy { $0.state == .fresh })
      let body = try await CurlClient.shared.send(HTTPRequest(url: server.url("/inflight")))
        .body
      let counts = try JSONDecoder().decode([String: Int].self, from: body)
      #expect(counts["max"] == limit, "\(counts)")
      let paths = try await server.requests().map(\.path).filter { $0.hasPrefix("/stall/") }
      #expect(paths.sorted() == (0..<10).map { "/stall/headers?seconds=0.3&n=\($0)" }.sorted())
    }
  }

  @Test("progress as a stream ends after the last feed")
  func stream() async throws {
    let server = try TestServer()
    let temp = try TempDirectory()
    defer { server.stop(); temp.remove() }
    let refresher = SubscriptionRefresher(loader: Self.loader(temp.url), limit: 2)
    var done: [Int] = []
    for await progress in refresher.progress(
      of: Self.subscriptions([server.url("/feed.xml"), server.url("/html")]))
    {
      done.append(progress.done)
    }
    #expect(done == [1, 2])
  }
}
