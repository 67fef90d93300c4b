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
/// or we decided to stop it (body too large, too many redirects, a deadline, Swift task
/// cancellation). In the second case the reason is recorded first (`stop`) and the task is
/// cancelled; the completion that follows (-999) then reports our reason instead of
/// "cancelled". The first reason recorded wins.
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

  /// Records why we stop task `id` (the first reason wins). Returns false when it has already
  /// finished or been stopped.
  @discardableResult
  func stop(_ id: Int, because reason: TransportError) -> Bool {
    entries.withLock { table in
      guard table[id] != nil, table[id]?.stopReason == nil else { return false }
      table[id]?.stopReason = reason
      return true
    }
  }

  /// Whether task `id` is running and has received its response head.
  func hasResponse(_ id: Int) -> Bool? {
    entries.withLock { table in table[id].map { $0.response != nil } }
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
      let declared = response.expectedContentLength
      let over = declared > Int64(entry.maxBodyBytes)
      if over && entry.stopReason == nil { entry.stopReason = .tooLarge(limit: entry.maxBodyBytes) }
      table[id] = entry
      return over
    }
    completionHandler(tooLarge ? .cancel : .allow)
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
    if overLimit { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let id = task.taskIdentifier
    let follow = entries.withLock { table -> Bool in
      guard var entry = table[id] else { return false }
      entry.redirects += 1
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
      task.cancel()
    }
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
