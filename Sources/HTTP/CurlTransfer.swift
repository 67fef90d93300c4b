import CCurl
import Foundation
import Locking

/// One request in flight in `CurlLoop`: its easy handle, what has arrived so far, and why we
/// stopped it, if we did.
///
/// Everything but `isCancelled` belongs to the loop's thread: libcurl calls the callbacks
/// below on it, from inside `curl_multi_perform`. Every decoded chunk passes through
/// `receive` before libcurl decodes the next, so returning 0 there ends the transfer at the
/// cap, even in the middle of a gzip bomb (libcurl's automatic decompression has no limit of
/// its own).
final class CurlTransfer: @unchecked Sendable {
  let request: HTTPRequest
  let easy: UnsafeMutableRawPointer
  private let continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
  /// `DispatchTime` nanoseconds after which the loop ends the request (`--timeout`).
  let deadline: UInt64
  private let cancelled = Locked(false)

  /// The current response (a redirect's, then the next): status, headers, decoded body.
  private(set) var status = 0
  private(set) var headers: [String: String] = [:]
  private(set) var body = Data()
  private var decodedBytes = 0
  private var headerBytes = 0
  /// The address the current response answers (the request's, then each redirect's).
  private var currentURL: URL
  /// Why we ended the transfer ourselves; the first reason recorded wins.
  private(set) var stopReason: TransportError?
  /// libcurl's own words for a failure (`CURLOPT_ERRORBUFFER`).
  let errorBuffer: UnsafeMutablePointer<CChar>
  private var headerList: UnsafeMutablePointer<curl_slist>?
  /// libcurl's functions (the transfer exists only once the library is open).
  let curl: CurlLibrary

  /// The most header bytes of one response accepted (libcurl allows 100 KB per line).
  static let maxHeaderBytes = 1 << 20

  init?(
    _ request: HTTPRequest,
    continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
  ) {
    guard case .success(let curl) = CurlLibrary.shared, let easy = curl.easyInit() else {
      return nil
    }
    self.curl = curl
    self.request = request
    self.easy = easy
    self.continuation = continuation
    currentURL = request.url
    let seconds = min(max(request.timeout, 0), CurlClient.maxSeconds)
    deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
  }

  deinit {
    curl.easyCleanup(easy)
    curl.slistFreeAll(headerList)
    errorBuffer.deallocate()
  }

  // MARK: - Any thread

  var isCancelled: Bool { cancelled.withLock { $0 } }

  /// Asks the loop to end this request as cancelled (it wakes up for it).
  func cancel() { cancelled.withLock { $0 = true } }

  // MARK: - The loop's thread

  /// Sets the easy handle's options for `request`.
  func configure(userAgent: String) {
    let me = Unmanaged.passUnretained(self).toOpaque()
    set(CURLOPT_URL, request.url.absoluteString)
    set(CURLOPT_USERAGENT, userAgent)
    set(CURLOPT_ACCEPT_ENCODING, "")  // every coding libcurl decodes; receive() caps the result
    set(CURLOPT_PROTOCOLS_STR, "http,https")
    set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    set(CURLOPT_FOLLOWLOCATION, 1)
    set(CURLOPT_MAXREDIRS, TransportLimits.maxRedirects)
    set(CURLOPT_NOSIGNAL, 1)
    set(CURLOPT_NOPROGRESS, 0)
    // The loop ends the request at `deadline`; libcurl's own total timeout, a second later,
    // is only a backstop, so a timeout libcurl reports before that is the connect timeout.
    let total = min(max(request.timeout, 0.001), CurlClient.maxSeconds) + 1
    set(CURLOPT_TIMEOUT_MS, Int((total * 1000).rounded(.up)))
    if request.connectTimeout < request.timeout {
      let connect = min(max(request.connectTimeout, 0.001), CurlClient.maxSeconds)
      set(CURLOPT_CONNECTTIMEOUT_MS, Int((connect * 1000).rounded(.up)))
    }
    _ = artfeed_curl_setopt_pointer(curl.setopt, easy, CURLOPT_ERRORBUFFER, errorBuffer)
    for (name, value) in request.headers {
      headerList = curl.slistAppend(headerList, "\(name): \(value)")
    }
    if request.method == "POST" { configurePost() }
    _ = artfeed_curl_setopt_list(curl.setopt, easy, CURLOPT_HTTPHEADER, headerList)
    _ = artfeed_curl_setopt_pointer(curl.setopt, easy, CURLOPT_WRITEDATA, me)
    _ = artfeed_curl_setopt_write(curl.setopt, easy, CURLOPT_WRITEFUNCTION, curlWrite)
    _ = artfeed_curl_setopt_pointer(curl.setopt, easy, CURLOPT_HEADERDATA, me)
    _ = artfeed_curl_setopt_write(curl.setopt, easy, CURLOPT_HEADERFUNCTION, curlHeader)
    _ = artfeed_curl_setopt_pointer(curl.setopt, easy, CURLOPT_XFERINFODATA, me)
    _ = artfeed_curl_setopt_progress(curl.setopt, easy, curlProgress)
  }

  /// A POST of `request.body`, copied into libcurl (the request's bytes need not outlive this
  /// call), with no `Expect: 100-continue` (libcurl 7.88 adds it to bodies over 1 MiB, and a
  /// server that never answers it costs the POST a second).
  private func configurePost() {
    let body = request.body ?? Data()
    _ = artfeed_curl_setopt_offset(
      curl.setopt, easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
    if body.isEmpty {
      set(CURLOPT_COPYPOSTFIELDS, "")
    } else {
      body.withUnsafeBytes { bytes in
        _ = artfeed_curl_setopt_pointer(
          curl.setopt, easy, CURLOPT_COPYPOSTFIELDS,
          UnsafeMutableRawPointer(mutating: bytes.baseAddress))
      }
    }
    headerList = curl.slistAppend(headerList, "Expect:")
  }

  private func set(_ option: CURLoption, _ value: String) {
    _ = artfeed_curl_setopt_string(curl.setopt, easy, option, value)
  }

  private func set(_ option: CURLoption, _ value: Int) {
    _ = artfeed_curl_setopt_long(curl.setopt, easy, option, value)
  }

  /// False once we decided to end the transfer (a reason is recorded; a cancellation asked
  /// for by another thread is recorded here).
  private var isRunning: Bool {
    if stopReason == nil, isCancelled { stopReason = .cancelled }
    return stopReason == nil
  }

  /// Records why we end the transfer (unless a reason is already recorded).
  func stop(_ reason: TransportError) {
    if stopReason == nil { stopReason = reason }
  }

  /// Resumes the caller with the outcome; called once, after the handle left the multi.
  func finish(_ result: Result<HTTPResponse, TransportError>) {
    continuation.resume(returning: result)
  }

  /// A decoded chunk of body. Returns false to end the transfer (over the cap).
  func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard isRunning else { return false }
    decodedBytes += bytes.count
    guard decodedBytes <= request.maxBodyBytes else {
      stop(.tooLarge(limit: request.maxBodyBytes))
      body = Data()
      return false
    }
    body.append(contentsOf: bytes)
    return true
  }

  /// One header line ("HTTP/1.1 200 OK", "Name: value", or the blank line that ends them).
  /// Returns false to end the transfer: a declared length over the cap, a redirect to
  /// another scheme, headers without end.
  func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard isRunning else { return false }
    headerBytes += bytes.count
    guard headerBytes <= Self.maxHeaderBytes else {
      stop(.other("the server's headers are larger than 1 MB"))
      return false
    }
    let line = String(decoding: bytes, as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      // A new response: the first, a redirect's next hop, or a final one after 100 Continue.
      status = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
      headers = [:]
      body = Data()
      decodedBytes = 0
      headerBytes = bytes.count
      return true
    }
    let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty { return headersEnded() }
    guard let colon = trimmed.firstIndex(of: ":") else { return true }
    let name = trimmed[..<colon].lowercased()
    let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    headers[name] = headers[name].map { $0 + ", " + value } ?? value
    return true
  }

  private func headersEnded() -> Bool {
    if (300..<400).contains(status), status != 304, let location = headers["location"] {
      if let refused = TransportLimits.refusedLocation(location) {
        stop(.redirectRefused(location: refused))
        return false
      }
      // Judged here, before libcurl follows: by then a 307 would have re-sent the body.
      let next = TransportLimits.resolve(location, against: currentURL)
      if request.redirects == .sameOrigin,
        next.map({ !RedirectRule.isSameOrigin($0, request.url) }) ?? true
      {
        stop(.crossOriginRedirect(location: location))
        return false
      }
      if let next { currentURL = next }
    }
    if let declared = headers["content-length"].flatMap({ Int64($0) }),
      declared > Int64(request.maxBodyBytes)
    {
      stop(.tooLarge(limit: request.maxBodyBytes))
      return false
    }
    return true
  }

  /// libcurl's periodic call (at least once a second, and on every chunk). Returns false to
  /// end the transfer: cancelled, or past the deadline.
  func progress() -> Bool {
    guard isRunning else { return false }
    if DispatchTime.now().uptimeNanoseconds >= deadline {
      stop(.timedOut(seconds: request.timeout))
      return false
    }
    return true
  }
}

// MARK: - The C callbacks (they find the transfer through their user data pointer)

private func transfer(_ pointer: UnsafeMutableRawPointer?) -> CurlTransfer? {
  pointer.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
}

private let curlWrite: curl_write_callback = { data, size, count, user in
  guard let transfer = transfer(user), let data else { return 0 }
  let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
  return transfer.receive(bytes) ? size * count : 0
}

private let curlHeader: curl_write_callback = { data, size, count, user in
  guard let transfer = transfer(user), let data else { return 0 }
  let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
  return transfer.receiveHeader(bytes) ? size * count : 0
}

private let curlProgress: curl_xferinfo_callback = { user, _, _, _, _ in
  guard let transfer = transfer(user) else { return 1 }
  return transfer.progress() ? 0 : 1
}

/// The transport's fixed limits and its redirect rule, shared by the client and the messages.
enum TransportLimits {
  /// Redirects followed per request; one more is `.redirectLoop`.
  static let maxRedirects = 5

  /// The `Location` of a redirect we will not follow: one that names a scheme other than
  /// http or https (`file:///etc/passwd`, `ftp:`, `data:`). Relative references have no
  /// scheme and are followed.
  static func refusedLocation(_ location: String?) -> String? {
    guard let location = location?.trimmingCharacters(in: .whitespaces) else { return nil }
    // RFC 3986: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":".
    guard let colon = location.firstIndex(of: ":"), let first = location.first, first.isASCII,
      first.isLetter,
      location[..<colon].allSatisfy({
        $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".")
      })
    else { return nil }
    let scheme = location[..<colon].lowercased()
    return scheme == "http" || scheme == "https" ? nil : location
  }

  /// A `Location` as an absolute address, relative references against `base`.
  static func resolve(_ location: String, against base: URL) -> URL? {
    let trimmed = location.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, let url = URL(string: trimmed, relativeTo: base)?.absoluteURL,
      url.host != nil
    else { return nil }
    return url
  }
}
