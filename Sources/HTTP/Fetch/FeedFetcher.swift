import FeedModel
import Foundation

/// Fetches URLs through an `HTTPClient` and keeps the last good body of each in a `FeedCache`.
///
/// The policy, in order: offline means the cache or nothing; a host in back-off is not asked;
/// otherwise a conditional GET (`If-None-Match`, `If-Modified-Since` from the cache). Only a
/// body that `decode` accepts replaces the cache entry. Every failure becomes one line naming
/// the source; when a cached copy exists it is returned instead, with that line as the reason
/// (`FetchOrigin.cached`). Cancellation never falls back: it throws `.cancelled`.
public final class FeedFetcher: Sendable {
  public let options: FetchOptions
  package let client: any HTTPClient
  package let cache: FeedCache?

  /// Back-off after a 429 or 503 without a readable `Retry-After`.
  static let defaultRetryAfter: TimeInterval = 60
  /// Back-off after an endpoint's 403 (DeviantArt's rate limiting).
  static let forbiddenBackoff: TimeInterval = 30 * 60
  /// The longest back-off a `Retry-After` can ask for.
  static let longestBackoff: TimeInterval = 6 * 3600

  public init(client: any HTTPClient, cache: FeedCache?, options: FetchOptions) {
    self.client = client
    self.cache = cache
    self.options = options
  }

  /// Fetches `url` and decodes the body with `decode`; only a body that decodes is cached.
  ///
  /// - Parameter isEndpoint: a 403 from it means rate limiting: back off for a long time.
  public func fetch<Value: Sendable>(
    _ url: URL, isEndpoint: Bool = false,
    decode: @escaping @Sendable (Data) throws(LoadError) -> Value
  ) async throws(LoadError) -> Fetched<Value> {
    let cached = cache?.entry(for: url)
    if options.offline {
      guard let cached else {
        throw LoadError(.unavailable, "\(url.absoluteString): offline and not cached")
      }
      return try fallback(url, cached, reason: "offline", decode)
    }
    if let backoff = cache?.backoff(forHost: Backoff.key(for: url)) {
      let line =
        "\(url.absoluteString): not asking \(backoff.host) until "
        + "\(FetchMessages.clock(backoff.until)) (\(backoff.reason))"
      return try fallback(url, cached, reason: line, decode)
    }
    let response: HTTPResponse
    do {
      response = try await client.send(request(url, cached))
    } catch .cancelled {
      throw LoadError(.cancelled, "\(url.absoluteString): cancelled")
    } catch {
      return try fallback(url, cached, reason: FetchMessages.line(url, error), decode)
    }
    return try answer(response, url: url, cached: cached, isEndpoint: isEndpoint, decode)
  }

  /// What to make of a response.
  private func answer<Value: Sendable>(
    _ response: HTTPResponse, url: URL, cached: CacheEntry?, isEndpoint: Bool,
    _ decode: (Data) throws(LoadError) -> Value
  ) throws(LoadError) -> Fetched<Value> {
    let now = Date()
    switch response.status {
    case 304 where cached != nil:
      guard let cached else { break }
      let value = try decode(cached.body)
      var refreshed = cached
      refreshed.fetchedAt = now
      refreshed.etag = response.headers["etag"] ?? cached.etag
      refreshed.lastModified = response.headers["last-modified"] ?? cached.lastModified
      var fetched = Fetched(value: value, url: response.url, origin: .notModified)
      fetched.notSaved = save(refreshed)
      return fetched
    case 200..<300:
      let value: Value
      do {
        value = try decode(response.body)
      } catch {
        guard cached != nil else { throw error }
        return try fallback(url, cached, reason: error.description, decode)
      }
      var fetched = Fetched(value: value, url: response.url, origin: .network)
      fetched.notSaved = save(
        CacheEntry(
          url: url, etag: response.headers["etag"],
          lastModified: response.headers["last-modified"], fetchedAt: now,
          status: response.status, body: response.body))
      return fetched
    case 429, 503:
      let seconds = FetchMessages.retryAfter(response.headers["retry-after"], now: now)
      let until = now + min(seconds ?? Self.defaultRetryAfter, Self.longestBackoff)
      let host = Backoff.key(for: url)
      let status = FetchMessages.status(response.status)
      try? cache?.record(Backoff(host: host, until: until, reason: "\(host) answered \(status)"))
      let line =
        "\(url.absoluteString): \(status); retrying after \(FetchMessages.clock(until))"
      return try fallback(url, cached, reason: line, decode)
    case 403 where isEndpoint:
      let until = now + Self.forbiddenBackoff
      let host = Backoff.key(for: url)
      let line =
        "\(host) answered 403 Forbidden: DeviantArt uses 403 for rate limiting; "
        + "backing off until \(FetchMessages.clock(until))"
      try? cache?.record(
        Backoff(host: host, until: until, reason: "\(host) answered 403 Forbidden"))
      return try fallback(url, cached, reason: line, decode)
    default:
      break
    }
    let line = "\(url.absoluteString): \(FetchMessages.status(response.status))"
    return try fallback(url, cached, reason: line, decode)
  }

  /// Stores `entry`; nil when it was saved (or there is no cache), else why not, in the words
  /// the feed list and `refresh` show: the copy is shown now but will not be there offline.
  private func save(_ entry: CacheEntry) -> String? {
    guard let cache else { return nil }
    do {
      try cache.store(entry)
      return nil
    } catch {
      return "could not save the copy in \(cache.directory.path): \(error.reason)"
    }
  }

  /// The cached copy with `reason`, or `reason` as an `.unavailable` error when there is none
  /// (or when the cached body no longer decodes).
  private func fallback<Value: Sendable>(
    _ url: URL, _ cached: CacheEntry?, reason: String,
    _ decode: (Data) throws(LoadError) -> Value
  ) throws(LoadError) -> Fetched<Value> {
    guard let cached, let value = try? decode(cached.body) else {
      throw LoadError(.unavailable, reason)
    }
    return Fetched(
      value: value, url: url, origin: .cached(fetchedAt: cached.fetchedAt, reason: reason))
  }

  /// A GET, conditional when there is a cached copy.
  private func request(_ url: URL, _ cached: CacheEntry?) -> HTTPRequest {
    var headers: [String: String] = [:]
    if let etag = cached?.etag { headers["If-None-Match"] = etag }
    if let lastModified = cached?.lastModified { headers["If-Modified-Since"] = lastModified }
    return HTTPRequest(
      url: url, headers: headers, timeout: options.timeout,
      connectTimeout: options.connectTimeout, maxBodyBytes: options.maxBodyBytes)
  }
}
