import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real transport: FoundationNetworking's `URLSession` (libcurl underneath).
///
/// There is one session for the whole process and it is never invalidated: on Linux, tearing
/// a session down crashes in `_MultiHandle` (FACTS.md). Its delegate (`TaskRouter`) tracks each
/// task by identifier, so every request gets its own body limit, redirect count and deadlines.
///
/// Deadlines are ours, not URLSession's: corelibs turns `timeoutInterval` into an idle timer
/// in whole seconds (it truncates, and 0.5 becomes 0), re-armed on every chunk, and it sets no
/// connect timeout at all (libcurl's default is 300 s). So `send` arms a total deadline that
/// cancels the task, and a connect deadline that checks the server with `ConnectProbe` when no
/// response has arrived (see docs/adr/0053-our-own-deadlines.md).
public final class URLSessionClient: HTTPClient {
  /// The client every part of the program uses.
  public static let shared = URLSessionClient()

  /// Sent with every request.
  public static var userAgent: String {
    "artfeed/\(ArtfeedVersion.number) (+terminal feed browser; Swift)"
  }

  private let session: URLSession
  private let router: TaskRouter

  private init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.timeoutIntervalForRequest = 3600
    let router = TaskRouter()
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    self.router = router
    self.session = URLSession(configuration: configuration, delegate: router, delegateQueue: queue)
  }

  public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    if Task.isCancelled { throw .cancelled }
    let task = session.dataTask(with: Self.urlRequest(for: request))
    let id = task.taskIdentifier
    let router = self.router
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        router.register(id, maxBodyBytes: request.maxBodyBytes, continuation: continuation)
        armDeadlines(for: task, request: request)
        task.resume()
        if Task.isCancelled, router.stop(id, because: .cancelled) { task.cancel() }
      }
    } onCancel: {
      if router.stop(id, because: .cancelled) { task.cancel() }
    }
    return try result.get()
  }

  /// The `URLRequest` for a request: our headers, and an idle timeout that never fires before
  /// the total deadline does.
  static func urlRequest(for request: HTTPRequest) -> URLRequest {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    urlRequest.httpBody = request.body
    urlRequest.timeoutInterval = max(request.timeout, 1).rounded(.up) + 5
    urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    for (name, value) in request.headers {
      urlRequest.setValue(value, forHTTPHeaderField: name)
    }
    return urlRequest
  }

  /// The total deadline cancels the task; the connect deadline asks `ConnectProbe` whether the
  /// server can be reached when no response head has come by then.
  private func armDeadlines(for task: URLSessionDataTask, request: HTTPRequest) {
    let id = task.taskIdentifier
    let router = self.router
    let total = DispatchWorkItem {
      if router.stop(id, because: .timedOut(seconds: request.timeout)) { task.cancel() }
    }
    router.attach(total, to: id)
    DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout, execute: total)

    guard request.connectTimeout < request.timeout, !ConnectProbe.proxyConfigured,
      let host = request.url.host
    else { return }
    let port = request.url.port ?? (request.url.scheme == "https" ? 443 : 80)
    // The probe's own budget: at most 1 s, and short enough to decide before the total deadline.
    let budget = min(1, request.connectTimeout, (request.timeout - request.connectTimeout) / 2)
    let connect = DispatchWorkItem {
      guard router.hasResponse(id) == false else { return }
      let probe = ConnectProbe.check(host: host, port: port, within: budget)
      guard probe == .timedOut, router.hasResponse(id) == false else { return }
      if router.stop(id, because: .connectTimedOut(seconds: request.connectTimeout)) {
        task.cancel()
      }
    }
    router.attach(connect, to: id)
    DispatchQueue.global().asyncAfter(deadline: .now() + request.connectTimeout, execute: connect)
  }
}
