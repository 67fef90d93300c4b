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
  static func loader(_ cache: URL, client: any HTTPClient = CurlClient.shared) -> FeedLoader {
    FeedLoader(
      fetcher: FeedFetcher(
        client: client, cache: FeedCache(directory: cache),
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
      // One host: the per-host limit set above the overall one, which is what is counted.
      let refresher = SubscriptionRefresher(loader: Self.loader(cache), limit: limit, perHost: 10)
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

  @Test(
    "feeds host by host on three loopback hosts: all busy at once, two at most on each",
    arguments: [5, 32])
  func hosts(limit: Int) async throws {
    // 127.0.0.2-4 are three hosts to the client (all of 127.0.0.0/8 is loopback on Linux).
    let servers = try (2...4).map { try TestServer(host: "127.0.0.\($0)") }
    let temp = try TempDirectory()
    defer { servers.forEach { $0.stop() }; temp.remove() }
    for server in servers { _ = try await server.mostInFlight(clear: true) }
    // Each host's feeds together, as a sliding window over the file would meet them.
    let urls = servers.flatMap { server in
      (0..<6).map { server.url("/stall/headers?seconds=0.3&n=\($0)") }
    }
    // The loader asks curl directly (no host gate): the per-host limit is the refresher's.
    let client = InFlightClient(CurlClient.shared)
    let refresher = SubscriptionRefresher(
      loader: Self.loader(temp.url, client: client), limit: limit, perHost: 2)
    let results = await refresher.refresh(Self.subscriptions(urls))
    #expect(results.allSatisfy { $0.state == .fresh })
    for server in servers {
      let most = try await server.mostInFlight()
      #expect(most <= 2, "\(server.host) answered \(most) at once")
    }
    let most = client.most
    #expect(most.hosts == 3, "every host busy at once: \(most)")
    #expect(most.requests == min(limit, 6), "\(most)")
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

/// Counts the requests in flight through another client, and the hosts they go to: the most
/// at once of each.
final class InFlightClient: HTTPClient {
  private let base: any HTTPClient
  private let state = Locked<(now: [String: Int], requests: Int, hosts: Int)>(([:], 0, 0))

  init(_ base: any HTTPClient) {
    self.base = base
  }

  var most: (requests: Int, hosts: Int) { state.withLock { ($0.requests, $0.hosts) } }

  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    let host = Backoff.key(for: request.url)
    state.withLock {
      $0.now[host, default: 0] += 1
      $0.requests = max($0.requests, $0.now.values.reduce(0, +))
      $0.hosts = max($0.hosts, $0.now.count)
    }
    defer {
      state.withLock {
        $0.now[host, default: 0] -= 1
        if $0.now[host] == 0 { $0.now[host] = nil }
      }
    }
    return try await base.send(request)
  }
}
