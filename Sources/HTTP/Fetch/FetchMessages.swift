import Foundation

/// The one-line messages of the fetch policy, each naming its source, and the parsing of
/// `Retry-After`.
package enum FetchMessages {
  /// "https://x/feed: cannot resolve host x", ... one line per transport failure.
  package static func line(_ url: URL, _ error: TransportError) -> String {
    "\(url.absoluteString): \(text(error))"
  }

  package static func text(_ error: TransportError) -> String {
    switch error {
    case .dns(let host): "cannot resolve host \(host)"
    case .refused(let host): "connection refused by \(host)"
    case .timedOut(let seconds): "timed out after \(number(seconds)) s"
    case .connectTimedOut(let seconds): "could not connect within \(number(seconds)) s"
    case .tls(let message): "TLS handshake failed: \(message)"
    case .tooLarge(let limit): "response larger than \(bytes(limit))"
    case .redirectLoop: "too many redirects (more than \(TransportLimits.maxRedirects))"
    case .redirectRefused(let location):
      "redirected to \(location.prefix(200)); artfeed follows redirects to http and https only"
    case .crossOriginRedirect(let location):
      "redirected to \(location.prefix(200)), another server; not followed with the login "
        + "(use that address if it is the right one)"
    case .cancelled: "cancelled"
    case .other(let message): message
    }
  }

  /// "HTTP 404 Not Found".
  package static func status(_ code: Int) -> String {
    let reason = reasons[code] ?? ""
    return reason.isEmpty ? "HTTP \(code)" : "HTTP \(code) \(reason)"
  }

  /// "17:05" in local time.
  package static func clock(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "HH:mm"
    return formatter.string(from: date)
  }

  /// `Retry-After` as seconds from `now`: delta-seconds or an HTTP-date (RFC 9110 10.2.3).
  /// Nil when absent or unreadable; never negative.
  package static func retryAfter(_ value: String?, now: Date) -> TimeInterval? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    if let seconds = Int(value) { return TimeInterval(max(seconds, 0)) }
    for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz"] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: value) { return max(date.timeIntervalSince(now), 0) }
    }
    return nil
  }

  /// 30 -> "30", 1.5 -> "1.5".
  package static func number(_ value: Double) -> String {
    value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
  }

  /// 50_000_000 -> "50 MB"; sizes below a megabyte in kB or bytes.
  package static func bytes(_ count: Int) -> String {
    if count >= 1_000_000 { return "\(number((Double(count) / 100_000).rounded() / 10)) MB" }
    if count >= 1_000 { return "\(number((Double(count) / 100).rounded() / 10)) kB" }
    return "\(count) bytes"
  }

  private static let reasons: [Int: String] = [
    200: "OK", 204: "No Content", 301: "Moved Permanently", 302: "Found", 304: "Not Modified",
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 410: "Gone",
    418: "I'm a teapot", 429: "Too Many Requests", 451: "Unavailable For Legal Reasons",
    500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
    503: "Service Unavailable", 504: "Gateway Timeout",
  ]
}
