import Foundation

/// "Do not ask `host` before `until`, because `reason`": set by a 429, a 503 or an endpoint's
/// 403, kept in the cache directory so it survives a restart.
public struct Backoff: Sendable, Equatable, Codable {
  /// `host[:port]` as `Backoff.key(for:)` makes it.
  public var host: String
  public var until: Date
  /// One line, e.g. "www.deviantart.com answered 429 Too Many Requests".
  public var reason: String

  public init(host: String, until: Date, reason: String) {
    self.host = host
    self.until = until
    self.reason = reason
  }

  /// The key of `url`'s server: lower-cased host, plus the port when there is one.
  public static func key(for url: URL) -> String {
    let host = (url.host ?? "").lowercased()
    return url.port.map { "\(host):\($0)" } ?? host
  }
}
