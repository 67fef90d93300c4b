/// The process's one `CurlClient`, made on the first request rather than when a loader is
/// built: a command that reads only files (the bundled feeds, `render FILE`) never starts
/// libcurl, its thread or its TLS library. Every request waits for a place at its host's
/// gate (`HostGate.shared`: two at a time per host).
public struct SharedHTTPClient: HTTPClient {
  public init() {}

  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    let host = Backoff.key(for: request.url)
    guard await HostGate.shared.enter(host) else { throw .cancelled }
    defer { HostGate.shared.leave(host) }
    return try await CurlClient.shared.send(request)
  }
}
