import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension TransportError {
  /// Maps a URLSession failure to what the status line says.
  ///
  /// On this toolchain (libcurl 7.88) a TLS failure arrives as -1 (`NSURLErrorUnknown`) with
  /// libcurl's own message ("OpenSSL SSL_connect: ...", "SSL certificate problem: ..."), not as
  /// -1200; both are recognised. Timeouts reported by URLSession itself (-1001, its idle
  /// timer) are rare, since our own deadline fires first.
  init(urlError error: any Error, host: String) {
    let error = error as NSError
    let message = error.localizedDescription
    switch error.code {
    case NSURLErrorCancelled: self = .cancelled
    case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: self = .dns(host: host)
    case NSURLErrorCannotConnectToHost: self = .refused(host: host)
    case NSURLErrorTimedOut: self = .other("timed out (no data for a while)")
    case -1207 ... -1200:  // NSURLErrorClientCertificateRequired ... secure connection failed
      self = .tls(message)
    case NSURLErrorHTTPTooManyRedirects: self = .redirectLoop
    default:
      self = Self.looksLikeTLS(message) ? .tls(message) : .other(Self.plain(message, error.code))
    }
  }

  private static func looksLikeTLS(_ message: String) -> Bool {
    ["SSL", "TLS", "certificate"].contains { message.localizedCaseInsensitiveContains($0) }
  }

  private static func plain(_ message: String, _ code: Int) -> String {
    let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? "network error \(code)" : trimmed
  }
}
