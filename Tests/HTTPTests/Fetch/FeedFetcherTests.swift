import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedModel
@testable import HTTP

/// The fetch policy against `feedserver.py`, with a cache in a temporary directory.
@Suite("FeedFetcher", .serialized, .timeLimit(.minutes(1)))
struct FeedFetcherTests {
  /// Parses a feed; anything else is `.notAFeed`, naming the source.
  static func decode(_ url: URL) -> @Sendable (Data) throws(LoadError) -> Feed {
    { data throws(LoadError) in
      do throws(FeedParseError) {
        return try FeedParser.parse(data)
      } catch {
        throw LoadError(.notAFeed, "\(url.absoluteString): \(error.description)")
      }
    }
  }

  /// A server, a cache directory and a fetcher over both.
  struct Rig {
    let server: TestServer
    let temp: TempDirectory
    var cache: FeedCache { FeedCache(directory: temp.url) }

    init() throws {
      server = try TestServer()
      temp = try TempDirectory()
    }

    func fetcher(_ options: FetchOptions = FetchOptions(timeout: 2, connectTimeout: 1))
      -> FeedFetcher
    {
      FeedFetcher(client: CurlClient.shared, cache: cache, options: options)
    }

    func fetch(_ path: String, endpoint: Bool = false, options: FetchOptions? = nil)
      async throws(LoadError) -> Fetched<Feed>
    {
      let url = server.url(path)
      // Generous unless a test is about time: the suite shares two cores with tmux tests.
      let fetcher = self.fetcher(options ?? FetchOptions(timeout: 10, connectTimeout: 5))
      return try await fetcher.fetch(
        url, isEndpoint: endpoint, decode: FeedFetcherTests.decode(url))
    }

    /// The error fetching `path` ends with; `timeout` is short for the tests about time, and
    /// generous for the others (a 60 MB gzip bomb takes seconds to refuse on a loaded machine).
    func error(_ path: String, endpoint: Bool = false, timeout: Double = 20) async -> LoadError? {
      do {
        _ = try await fetch(
          path, endpoint: endpoint, options: FetchOptions(timeout: timeout, connectTimeout: 1))
        return nil
      } catch {
        return error
      }
    }

    func stop() {
      server.stop()
      temp.remove()
    }
  }

  @Test("a good feed's model equals FeedParser.parse of the same bytes, and is cached")
  func goodFeed() async throws {
    let rig = try Rig()
    defer { rig.stop() }
    let fetched = try await rig.fetch("/gzip/feed.xml")
    #expect(fetched.origin == .network)
    let entry = try #require(rig.cache.entry(for: rig.server.url("/gzip/feed.xml")))
    #expect(fetched.value == (try FeedParser.parse(entry.body)))
    #expect(fetched.value.items.count == 3)
    #expect(String(decoding: entry.body, as: UTF8.self).hasPrefix("<?xml"))
  }

  @Test("a 304 returns the cached body; the conditional headers come from the cache")
  func notModified() async throws {
    let rig = try Rig()
    defer { rig.stop() }
    let first = try await rig.fetch("/etag/feed.xml")
    let url = rig.server.url("/etag/feed.xml")
    let before = try #require(rig.cache.entry(for: url))
    try await Task.sleep(for: .milliseconds(20))
    let second = try await rig.fetch("/etag/feed.xml")
    #expect(second.origin == .notModified)
    #expect(second.value == first.value)
    let after = try #require(rig.cache.entry(for: url))
    #expect(after.fetchedAt > before.fetchedAt)
    #expect(after.body == before.body)
    let log = try await rig.server.requests()
    #expect(log.count == 2)
    #expect(log[0].headers["if-none-match"] == nil)
    #expect(log[1].headers["if-none-match"] == "\"v1\"")
    #expect(log[1].headers["if-modified-since"] == "Sat, 21 Nov 2026 10:00:00 GMT")
    #expect(log[1].headers["user-agent"] == CurlClient.userAgent)
  }

  @Test("a 429's Retry-After backs off; a second fetcher honours it without asking")
  func retryAfter() async throws {
    let rig = try Rig()
    defer { rig.stop() }
    _ = try await rig.fetch("/feed.xml")
    let error = try #require(await rig.error("/status/429?retry-after=120"))
    #expect(error.kind == .unavailable)
    #expect(
      error.description.hasPrefix(
        "\(rig.server.url("/status/429?retry-after=120")): HTTP 429 Too Many Requests; retrying after "
      ))
    let host = Backoff.key(for: rig.server.url("/"))
    let backoff = try #require(rig.cache.backoff(forHost: host))
    #expect(abs(backoff.until.timeIntervalSinceNow - 120) < 5)

    let cached = try await rig.fetch("/feed.xml")
    guard case .cached(_, let reason) = cached.origin else {
      Issue.record("origin \(cached.origin)")
      return
    }
    #expect(reason.contains("not asking \(host) until"))
    #expect(reason.contains("answered HTTP 429 Too Many Requests"))
    let uncached = try #require(await rig.error("/rss.xml?q=boost:popular"))
    #expect(uncached.kind == .unavailable)
    #expect(uncached.description.contains("not asking \(host) until"))
    #expect(try await rig.server.requests().count == 2)
  }

  @Test("a 503 with an HTTP-date Retry-After backs off until that date")
  func retryAfterDate() async throws {
    let rig = try Rig()
    defer { rig.stop() }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    let date = formatter.string(from: Date() + 300)
    let path =
      "/status/503?retry-after="
      + (date.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    let error = try #require(await rig.error(path))
    #expect(error.description.contains("HTTP 503 Service Unavailable"))
    let backoff = try #require(rig.cache.backoff(forHost: Backoff.key(for: rig.server.url("/"))))
    #expect(abs(backoff.until.timeIntervalSinceNow - 300) < 5)
  }

  @Test("an endpoint's 403 backs off for 30 minutes with the DeviantArt hint")
  func forbiddenEndpoint() async throws {
    let rig = try Rig()
    defer { rig.stop() }
    let host = Backoff.key(for: rig.server.url("/"))
    let plain = try #require(await rig.error("/status/403"))
    #expect(plain.description == "\(rig.server.url("/status/403")): HTTP 403 Forbidden")
    #expect(rig.cache.backoff(forHost: host) == nil)
    let error = try #require(await rig.error("/status/403", endpoint: true))
    let backoff = try #require(rig.cache.backoff(forHost: host))
    #expect(abs(backoff.until.timeIntervalSinceNow - 1800) < 5)
    #expect(
      error.description
        == "\(host) answered 403 Forbidden: DeviantArt uses 403 for rate limiting; backing off until \(FetchMessages.clock(backoff.until))"
    )
  }

  @Test("every failure is one line naming the source")
  func failureLines() async throws {
    let rig = try Rig()
    defer { rig.stop() }
    let server = rig.server
    func line(_ path: String, timeout: Double = 20) async -> String? {
      await rig.error(path, timeout: timeout)?.description
    }
    let base = server.url("").absoluteString
    #expect(await line("/status/404") == "\(base)/status/404: HTTP 404 Not Found")
    #expect(await line("/status/500") == "\(base)/status/500: HTTP 500 Internal Server Error")
    #expect(
      await line("/stall/headers?seconds=10", timeout: 2)
        == "\(base)/stall/headers?seconds=10: timed out after 2 s")
    #expect(
      await line("/stall/body?seconds=10", timeout: 2)
        == "\(base)/stall/body?seconds=10: timed out after 2 s")
    #expect(
      await line("/redirect/loop") == "\(base)/redirect/loop: too many redirects (more than 5)")
    // 50 MB must arrive before the cap is passed: slow under a sanitizer or a loaded machine,
    // so these two lines, which name no deadline, get a generous, scaled one.
    let cap = TimeScale.seconds(20)
    #expect(
      await line("/bomb?mb=60", timeout: cap) == "\(base)/bomb?mb=60: response larger than 50 MB")
    #expect(
      await line("/large?mb=60", timeout: cap) == "\(base)/large?mb=60: response larger than 50 MB"
    )
    #expect(await line("/html")?.hasPrefix("\(base)/html: the input is") == true)
    let fetcher = rig.fetcher()
    for (url, expected) in [
      (
        "http://no-such-host.invalid/feed",
        "http://no-such-host.invalid/feed: cannot resolve host no-such-host.invalid"
      ),
      ("http://127.0.0.1:1/feed", "http://127.0.0.1:1/feed: connection refused by 127.0.0.1"),
      (
        "http://127.0.0.1:\(server.blackholePort)/feed",
        "http://127.0.0.1:\(server.blackholePort)/feed: could not connect within 1 s"
      ),
    ] {
      let target = try #require(URL(string: url))
      await #expect(throws: LoadError(.unavailable, expected)) {
        try await fetcher.fetch(target, decode: Self.decode(target))
      }
    }
    let tls = try #require(URL(string: "https://127.0.0.1:\(server.port)/feed.xml"))
    do {
      _ = try await fetcher.fetch(tls, decode: Self.decode(tls))
      Issue.record("TLS to a plain HTTP port succeeded")
    } catch {
      #expect(error.description.hasPrefix("\(tls.absoluteString): TLS handshake failed: "))
    }
  }

  @Test("a failed fetch leaves a good entry byte-identical and falls back to it")
  func failureKeepsEntry() async throws {
    let rig = try Rig()
    defer { rig.stop() }
    let url = rig.server.url("/etag/feed.xml")
    _ = try await rig.fetch("/etag/feed.xml")
    let file = rig.cache.fileURL(for: url)
    let good = try Data(contentsOf: file)
    let stalled = FeedFetcher(
      client: RedirectingClient(to: rig.server.url("/html")), cache: rig.cache,
      options: FetchOptions(timeout: 10))
    let html = try await stalled.fetch(url, decode: Self.decode(url))
    guard case .cached(_, let reason) = html.origin else {
      Issue.record("origin \(html.origin)")
      return
    }
    #expect(reason.hasPrefix("\(url.absoluteString): the input is"))
    let failing = FeedFetcher(
      client: RedirectingClient(to: rig.server.url("/status/500")), cache: rig.cache,
      options: FetchOptions(timeout: 10))
    let fallback = try await failing.fetch(url, decode: Self.decode(url))
    #expect(
      fallback.origin
        == .cached(
          fetchedAt: try #require(rig.cache.entry(for: url)).fetchedAt,
          reason: "\(url.absoluteString): HTTP 500 Internal Server Error"))
    #expect(try Data(contentsOf: file) == good)
  }

  @Test("offline returns the cache, or says so, and never touches the server")
  func offline() async throws {
    let rig = try Rig()
    defer { rig.stop() }
    _ = try await rig.fetch("/feed.xml")
    _ = try await rig.server.requests()
    let offline = FetchOptions(offline: true)
    let cached = try await rig.fetch("/feed.xml", options: offline)
    guard case .cached(_, "offline") = cached.origin else {
      Issue.record("origin \(cached.origin)")
      return
    }
    let missing = rig.server.url("/rss.xml?q=by:ann")
    await #expect(
      throws: LoadError(.unavailable, "\(missing.absoluteString): offline and not cached")
    ) {
      try await rig.fetch("/rss.xml?q=by:ann", options: offline)
    }
    #expect(try await rig.server.requests().count == 1)
  }

  @Test("cancellation throws .cancelled and never falls back to the cache")
  func cancellation() async throws {
    let rig = try Rig()
    defer { rig.stop() }
    let url = rig.server.url("/stall/headers?seconds=10")
    try rig.cache.store(
      CacheEntry(
        url: url, etag: nil, lastModified: nil, fetchedAt: Date(), status: 200,
        body: Data("<rss version=\"2.0\"><channel/></rss>".utf8)))
    let fetcher = rig.fetcher(FetchOptions(timeout: 5))
    let task = Task { () async throws -> Fetched<Feed> in
      try await fetcher.fetch(url, decode: Self.decode(url))
    }
    // Cancelled while the server holds the request, not before it was sent.
    try await rig.server.waitUntilAnswering(1)
    task.cancel()
    await #expect(throws: LoadError(.cancelled, "\(url.absoluteString): cancelled")) {
      try await task.value
    }
  }

  @Test("DeviantArt-style pages link to the next page until the end")
  func searchPages() async throws {
    let rig = try Rig()
    defer { rig.stop() }
    var path: String? = "/rss.xml?q=boost:popular"
    var titles: [String] = []
    while let next = path, titles.count < 50 {
      let body = try await CurlClient.shared.send(HTTPRequest(url: rig.server.url(next))).body
      let feed = try FeedParser.parse(body)
      titles += feed.items.compactMap(\.title)
      let text = String(decoding: body, as: UTF8.self)
      path = text.range(of: "rel=\"next\" href=\"").map { start in
        let rest = text[start.upperBound...]
        let href = rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)]
        let url = href.replacingOccurrences(of: "&amp;", with: "&")
        return String(url.dropFirst("http://127.0.0.1:\(rig.server.port)".count))
      }
    }
    #expect(titles == (0..<10).map { "Popular work \($0)" })
    let past = try FeedParser.parse(
      try await CurlClient.shared.send(
        HTTPRequest(url: rig.server.url("/rss.xml?q=by:ann&offset=6"))
      ).body)
    #expect(past.items.isEmpty)
  }
}

/// A client that sends every request to one fixed URL, keeping the request's headers: lets a
/// test answer a cached URL with another path's response.
struct RedirectingClient: HTTPClient {
  let target: URL

  init(to target: URL) { self.target = target }

  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    var request = request
    request.url = target
    return try await CurlClient.shared.send(request)
  }
}
