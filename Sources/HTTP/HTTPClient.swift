import Foundation

/// One HTTP request as the data layer asks for it: a GET, or a form POST (the sync API).
public struct HTTPRequest: Sendable, Equatable {
  public var url: URL
  /// "GET" or "POST".
  public var method: String
  /// The request body (a POST's form), sent as it is; nil for none.
  public var body: Data?
  /// Extra request headers (`If-None-Match`, `If-Modified-Since`); the client adds
  /// `User-Agent` and `Accept-Encoding` itself.
  public var headers: [String: String]
  /// The whole request, connect to last byte, in seconds.
  public var timeout: Double
  /// Connecting, in seconds.
  public var connectTimeout: Double
  /// The largest body accepted, counted after decompression while it arrives.
  public var maxBodyBytes: Int
  /// Where a redirect may lead.
  public var redirects: RedirectRule

  public init(
    url: URL, method: String = "GET", body: Data? = nil, headers: [String: String] = [:],
    timeout: Double = 30, connectTimeout: Double = 10, maxBodyBytes: Int = 50_000_000,
    redirects: RedirectRule = .anyOrigin
  ) {
    self.url = url
    self.method = method
    self.body = body
    self.headers = headers
    self.timeout = timeout
    self.connectTimeout = connectTimeout
    self.maxBodyBytes = maxBodyBytes
    self.redirects = redirects
  }
}

/// Which redirects a request follows (five at most, to http and https only, either way).
public enum RedirectRule: Sendable, Equatable {
  /// To any origin: feeds and pictures move between hosts, and carry nothing of the reader's.
  case anyOrigin
  /// Only within the request's own origin (scheme, host and port): a request that carries a
  /// password, a login token or a session's form must not hand them to another server, and
  /// an answer from another server must not stand for this one's.
  case sameOrigin

  /// True when `a` and `b` have the same scheme, host and port (the scheme's default port
  /// when none is written): https to http, another port or another host is another origin.
  public static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
    func origin(_ url: URL) -> (String, String, Int)? {
      guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
        return nil
      }
      let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
      return (scheme, host, port)
    }
    guard let first = origin(a), let second = origin(b) else { return false }
    return first == second
  }
}

/// What a server answered: any status comes back as a response; the policy above decides.
public struct HTTPResponse: Sendable, Equatable {
  public var status: Int
  /// Header names lower-cased.
  public var headers: [String: String]
  public var body: Data
  /// The URL after redirects.
  public var url: URL

  public init(status: Int, headers: [String: String], body: Data, url: URL) {
    self.status = status
    self.headers = headers
    self.body = body
    self.url = url
  }
}

/// The transport: a small seam so tests and a later client can swap `URLSession`.
public protocol HTTPClient: Sendable {
  /// Sends the request. Throws only for transport failures (no response, body too large, redirect
  /// loop, cancelled); HTTP error statuses are responses.
  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// Why no response came back, in the words the status line shows.
public enum TransportError: Error, Sendable, Equatable {
  case dns(host: String)
  case refused(host: String)
  case timedOut(seconds: Double)
  case connectTimedOut(seconds: Double)
  case tls(String)
  case tooLarge(limit: Int)
  case redirectLoop
  /// A redirect to a scheme other than http and https (`file:`, `ftp:`...), not followed.
  case redirectRefused(location: String)
  /// A redirect out of the request's origin, not followed (`RedirectRule.sameOrigin`).
  case crossOriginRedirect(location: String)
  case cancelled
  case other(String)
}
