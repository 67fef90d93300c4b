import Locking

/// An `HTTPClient` that counts what passes through another: requests sent and the bytes of
/// request and response bodies (after decompression, as the body cap counts them). What
/// `artfeed sync` reports, and what the sync figures are measured with.
public final class CountingClient: HTTPClient {
  /// The figures so far.
  public struct Counts: Sendable, Equatable {
    public var requests = 0
    public var sentBytes = 0
    public var receivedBytes = 0
  }

  let base: any HTTPClient
  private let counts = Locked(Counts())

  public init(_ base: any HTTPClient) {
    self.base = base
  }

  public var current: Counts { counts.withLock { $0 } }

  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    counts.withLock {
      $0.requests += 1
      $0.sentBytes += request.body?.count ?? 0
    }
    let response = try await base.send(request)
    counts.withLock { $0.receivedBytes += response.body.count }
    return response
  }
}
