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
  /// Why the body just fetched could not be kept in the cache (a full disk), if it could not.
  public var notSaved: String?

  public init(value: Value, url: URL, origin: FetchOrigin, notSaved: String? = nil) {
    self.value = value
    self.url = url
    self.origin = origin
    self.notSaved = notSaved
  }
}
