import CCurl
import Foundation

/// What a finished transfer amounts to: our own stop reason first, then libcurl's error in
/// the status line's words, then the response.
enum CurlOutcome {
  static func result(of transfer: CurlTransfer, code: CURLcode) -> Result<
    HTTPResponse, TransportError
  > {
    if let reason = transfer.stopReason { return .failure(reason) }
    guard code == CURLE_OK else { return .failure(error(code, transfer)) }
    var status = 0
    _ = artfeed_curl_getinfo_long(
      transfer.curl.getinfo, transfer.easy, CURLINFO_RESPONSE_CODE, &status)
    var effective: UnsafeMutablePointer<CChar>?
    _ = artfeed_curl_getinfo_string(
      transfer.curl.getinfo, transfer.easy, CURLINFO_EFFECTIVE_URL, &effective)
    let url = effective.flatMap { URL(string: String(cString: $0)) } ?? transfer.request.url
    return .success(
      HTTPResponse(status: status, headers: transfer.headers, body: transfer.body, url: url))
  }

  /// libcurl's failure as a `TransportError`.
  static func error(_ code: CURLcode, _ transfer: CurlTransfer) -> TransportError {
    let host = transfer.request.url.host ?? ""
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST: return .dns(host: host)
    case CURLE_COULDNT_CONNECT: return .refused(host: host)
    case CURLE_OPERATION_TIMEDOUT:
      let request = transfer.request
      let overdue = DispatchTime.now().uptimeNanoseconds >= transfer.deadline
      return !overdue && request.connectTimeout < request.timeout
        ? .connectTimedOut(seconds: request.connectTimeout) : .timedOut(seconds: request.timeout)
    case CURLE_TOO_MANY_REDIRECTS: return .redirectLoop
    case CURLE_UNSUPPORTED_PROTOCOL:
      var next: UnsafeMutablePointer<CChar>?
      _ = artfeed_curl_getinfo_string(
        transfer.curl.getinfo, transfer.easy, CURLINFO_REDIRECT_URL, &next)
      if let next { return .redirectRefused(location: String(cString: next)) }
      return .other(message(code, transfer))
    case CURLE_PARTIAL_FILE:
      return .other("the server closed the connection before the end of the body")
    case CURLE_GOT_NOTHING: return .other("the server closed the connection without answering")
    case CURLE_BAD_CONTENT_ENCODING:
      return .other("the body's compression is damaged (\(message(code, transfer)))")
    default:
      return isTLS(code) ? .tls(message(code, transfer)) : .other(message(code, transfer))
    }
  }

  /// libcurl's own sentence for the failure (its error buffer, else its name for the code).
  static func message(_ code: CURLcode, _ transfer: CurlTransfer) -> String {
    let buffer = String(cString: transfer.errorBuffer).trimmingCharacters(
      in: .whitespacesAndNewlines)
    guard buffer.isEmpty else { return buffer }
    return transfer.curl.easyStrerror(code).map { String(cString: $0) }
      ?? "libcurl error \(code.rawValue)"
  }

  private static func isTLS(_ code: CURLcode) -> Bool {
    [
      CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ENGINE_NOTFOUND,
      CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
      CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED,
      CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
      CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT,
    ].contains(code)
  }
}
