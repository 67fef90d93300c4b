import Foundation

/// How the data layer may use the network.
public struct FetchOptions: Sendable, Equatable {
  /// Never touch the network: cached copies only.
  public var offline: Bool
  /// Whole request, seconds.
  public var timeout: Double
  /// Connecting, seconds.
  public var connectTimeout: Double
  /// The largest body accepted (after decompression).
  public var maxBodyBytes: Int

  public init(
    offline: Bool = false, timeout: Double = 30, connectTimeout: Double = 10,
    maxBodyBytes: Int = 50_000_000
  ) {
    self.offline = offline
    self.timeout = timeout
    self.connectTimeout = connectTimeout
    self.maxBodyBytes = maxBodyBytes
  }
}

/// Where a body came from.
public enum FetchOrigin: Sendable, Equatable {
  /// Fetched just now (200).
  case network
  /// The server said 304: the cached body is current.
  case notModified
  /// The network failed (or `--offline`): the cached copy, fetched `fetchedAt`, and why.
  case cached(fetchedAt: Date, reason: String)
}

/// A decoded body and where it came from.
public struct Fetched<Value: Sendable>: Sendable {
  public var value: Value
  /// The URL after redirects.
  public var url: URL
  public var origin: FetchOrigin

  public init(value: Value, url: URL, origin: FetchOrigin) {
    self.value = value
    self.url = url
    self.origin = origin
  }
}

/// Fetches URLs through an `HTTPClient` and keeps the last good body of each in a cache.
///
/// STUB: replaced by the network work (see the branch `network`).
public final class FeedFetcher: Sendable {
  public let options: FetchOptions

  public init(client: any HTTPClient, cache: FeedCache?, options: FetchOptions) {
    self.options = options
  }

  /// Fetches `url` and decodes the body with `decode`; only a body that decodes is cached.
  ///
  /// - Parameter isEndpoint: a 403 from it means rate limiting: back off for a long time.
  public func fetch<Value: Sendable>(
    _ url: URL, isEndpoint: Bool = false,
    decode: @escaping @Sendable (Data) throws(LoadError) -> Value
  ) async throws(LoadError) -> Fetched<Value> {
    throw LoadError(.unavailable, "\(url.absoluteString): the network is not built yet")
  }
}

/// STUB: the on-disk cache (see the branch `network`).
public struct FeedCache: Sendable {
  public let directory: URL
  public init(directory: URL) { self.directory = directory }
}

/// STUB until the network branch lands: a client that never connects.
public struct URLSessionClient: HTTPClient {
  public static let shared = URLSessionClient()
  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    throw .other("not built yet")
  }
}

extension FeedCache {
  public static func defaultDirectory(environment: [String: String]) -> URL {
    URL(fileURLWithPath: environment["XDG_CACHE_HOME"] ?? "/tmp").appendingPathComponent("artfeed")
  }
}
