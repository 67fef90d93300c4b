import Foundation
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The one delegate of the process-wide `URLSession`: it keeps each running task's state under
/// its task identifier, counts body bytes as they arrive, limits redirects, and finishes each
/// request exactly once.
///
/// A request ends in one of two ways: URLSession reports completion (`didCompleteWithError`),
/// or we decided to stop it (body too large, too many redirects, a redirect to another
/// scheme, a deadline, Swift task cancellation). In the second case the reason is recorded
/// first (`stop`) and the task is cancelled; the completion that follows (-999) then reports
/// our reason instead of "cancelled". The first reason recorded wins, and every stop cancels
/// the task, whatever was recorded before it (a deadline always ends the request).
///
/// The delegate's callbacks run on the session's own work queue, inside libcurl's write
/// callback (`InlineQueue`): each decoded chunk is counted before libcurl decodes the next,
/// so nothing waits in a queue. With an ordinary delegate queue, libcurl inflated a 1 MB
/// gzip bomb into 1 GB of queued chunks before the first was counted. Code here therefore
/// never blocks, and never cancels a task synchronously (`cancelSoon`).
final class TaskRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// One running request.
  struct Entry {
    var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
    var maxBodyBytes: Int
    var body = Data()
    var response: HTTPURLResponse?
    var redirects = 0
    var stopReason: TransportError?
    var timers: [Deadline] = []
  }

  /// A deadline's work item. `DispatchWorkItem` is thread-safe but not marked `Sendable`.
  struct Deadline: @unchecked Sendable {
    let item: DispatchWorkItem
  }

  /// Redirects followed per request; one more is `.redirectLoop`.
  static let maxRedirects = 5

  // `@unchecked Sendable`: the only mutable state is this mutex-guarded table.
  private let entries = Locked<[Int: Entry]>([:])

  /// Starts tracking a task; its outcome resumes `continuation` exactly once.
  func register(
    _ id: Int, maxBodyBytes: Int,
    continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>
  ) {
    entries.withLock {
      $0[id] = Entry(continuation: continuation, maxBodyBytes: maxBodyBytes)
    }
  }

  /// Keeps a deadline's work item so it is cancelled when the task ends.
  func attach(_ timer: DispatchWorkItem, to id: Int) {
    let deadline = Deadline(item: timer)
    let attached = entries.withLock { table -> Bool in
      guard table[id] != nil else { return false }
      table[id]?.timers.append(deadline)
      return true
    }
    if !attached { timer.cancel() }
  }

  /// Records why we stop task `id` (unless a reason is already recorded: the first wins).
  /// Returns true while the task is still running, so the caller cancels it.
  @discardableResult
  func stop(_ id: Int, because reason: TransportError) -> Bool {
    entries.withLock { table in
      guard table[id] != nil else { return false }
      if table[id]?.stopReason == nil { table[id]?.stopReason = reason }
      return true
    }
  }

  /// Whether task `id` is running and has received its response head.
  func hasResponse(_ id: Int) -> Bool? {
    entries.withLock { table in table[id].map { $0.response != nil } }
  }

  /// Cancels `task` from another queue: `cancel()` hops onto the session's work queue, which
  /// is the queue these callbacks run on.
  private func cancelSoon(_ task: URLSessionTask) {
    let task = UncheckedTask(task: task)
    DispatchQueue.global().async { task.task.cancel() }
  }

  // MARK: - URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let id = dataTask.taskIdentifier
    let tooLarge = entries.withLock { table -> Bool in
      guard var entry = table[id] else { return false }
      entry.response = response as? HTTPURLResponse
      let over = response.expectedContentLength > Int64(entry.maxBodyBytes)
      if over && entry.stopReason == nil { entry.stopReason = .tooLarge(limit: entry.maxBodyBytes) }
      table[id] = entry
      return over
    }
    // corelibs ignores the disposition (it cannot pause libcurl there): cancel ourselves.
    completionHandler(tooLarge ? .cancel : .allow)
    if tooLarge { cancelSoon(dataTask) }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let id = dataTask.taskIdentifier
    // Mutated in place: copying the entry out and back would copy the whole body per chunk.
    let overLimit = entries.withLock { table -> Bool in
      guard let limit = table[id]?.maxBodyBytes, let count = table[id]?.body.count,
        table[id]?.stopReason == nil
      else { return false }
      if count + data.count > limit {
        table[id]?.stopReason = .tooLarge(limit: limit)
        table[id]?.body = Data()
        return true
      }
      table[id]?.body.append(data)
      return false
    }
    if overLimit { cancelSoon(dataTask) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let id = task.taskIdentifier
    let refused = Self.refusedLocation(response.value(forHTTPHeaderField: "Location"))
    let follow = entries.withLock { table -> Bool in
      guard var entry = table[id] else { return false }
      entry.redirects += 1
      if let refused, entry.stopReason == nil {
        entry.stopReason = .redirectRefused(location: refused)
      }
      if entry.redirects > Self.maxRedirects, entry.stopReason == nil {
        entry.stopReason = .redirectLoop
      }
      table[id] = entry
      return entry.stopReason == nil
    }
    if follow {
      completionHandler(request)
    } else {
      completionHandler(nil)
      cancelSoon(task)
    }
  }

  /// The `Location` of a redirect we will not follow: one that names a scheme other than
  /// http or https (`file:///etc/passwd`, which corelibs would otherwise request as the path
  /// `/etc/passwd` on the same host). Relative references have no scheme and are followed.
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

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    entry.timers.forEach { $0.item.cancel() }
    entry.continuation.resume(returning: Self.outcome(of: entry, task: task, error: error))
  }

  /// What a finished task amounts to: our stop reason first, then URLSession's error, then the
  /// response.
  private static func outcome(of entry: Entry, task: URLSessionTask, error: Error?) -> Result<
    HTTPResponse, TransportError
  > {
    if let reason = entry.stopReason { return .failure(reason) }
    let host = task.originalRequest?.url?.host ?? ""
    if let error { return .failure(TransportError(urlError: error, host: host)) }
    guard let response = entry.response ?? task.response as? HTTPURLResponse,
      let url = response.url ?? task.currentRequest?.url
    else { return .failure(.other("no HTTP response")) }
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      headers[String(describing: name).lowercased()] = String(describing: value)
    }
    return .success(
      HTTPResponse(status: response.statusCode, headers: headers, body: entry.body, url: url))
  }
}

/// A task handed to another queue to be cancelled (`URLSessionTask` is thread-safe there but
/// not marked `Sendable`).
private struct UncheckedTask: @unchecked Sendable {
  let task: URLSessionTask
}

/// The session's delegate queue: runs each operation at once, on the thread that adds it.
///
/// corelibs adds one operation per decoded chunk from inside libcurl's write callback, and
/// never waits for them; an ordinary queue lets them pile up (with their data) faster than a
/// delegate drains them. Run inline, a chunk is counted before libcurl decodes the next.
final class InlineQueue: OperationQueue, @unchecked Sendable {
  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    block()
  }

  override func addOperation(_ operation: Operation) {
    operation.start()
  }
}
