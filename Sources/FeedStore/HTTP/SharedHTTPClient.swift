/// The process's one `CurlClient`, made on the first request rather than when a loader is
/// built: a command that reads only files (the bundled feeds, `render FILE`) never starts
/// libcurl, its thread or its TLS library.
public struct SharedHTTPClient: HTTPClient {
  public init() {}

  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    try await CurlClient.shared.send(request)
  }
}
