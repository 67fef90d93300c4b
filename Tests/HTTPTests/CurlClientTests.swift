import Foundation
import TestSupport
import Testing

@testable import HTTP

/// The transport against `feedserver.py`: every case is a real request over 127.0.0.1.
@Suite("HTTP client (libcurl)", .serialized, .timeLimit(.minutes(1)))
struct CurlClientTests {
  let client = CurlClient.shared

  private func send(
    _ server: TestServer, _ path: String, timeout: Double = TimeScale.seconds(5),
    connectTimeout: Double = TimeScale.seconds(2),
    maxBodyBytes: Int = 50_000_000
  ) async -> Result<HTTPResponse, TransportError> {
    let request = HTTPRequest(
      url: server.url(path), timeout: timeout, connectTimeout: connectTimeout,
      maxBodyBytes: maxBodyBytes)
    do {
      return .success(try await client.send(request))
    } catch {
      return .failure(error)
    }
  }

  @Test("a feed arrives with lower-cased headers; User-Agent and one Accept-Encoding are sent")
  func feed() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let response = try await send(server, "/feed.xml").get()
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "application/rss+xml; charset=utf-8")
    #expect(response.headers.keys.allSatisfy { $0 == $0.lowercased() })
    #expect(String(decoding: response.body, as: UTF8.self).contains("<title>Test Feed</title>"))
    let logged = try #require(try await server.requests().first)
    #expect(logged.headers["user-agent"] == CurlClient.userAgent)
    let encoding = try #require(logged.headers["accept-encoding"])
    #expect(encoding.contains("gzip"))
    #expect(encoding.components(separatedBy: "gzip").count == 2)
  }

  @Test("a form POST sends its whole body, once, with no Expect: 100-continue")
  func post() async throws {
    let server = try TestServer()
    defer { server.stop() }
    // Over 1 MiB: where libcurl 7.88 would add `Expect: 100-continue` by itself.
    let form = (0..<150_000).map { "i=\($0)" }.joined(separator: "&")
    let response = try await client.send(
      HTTPRequest(
        url: server.url("/echo"), method: "POST", body: Data(form.utf8),
        headers: ["Content-Type": "application/x-www-form-urlencoded"],
        timeout: TimeScale.seconds(5)))
    struct Echo: Decodable {
      var method: String
      var headers: [String: String]
      var body: String
    }
    let echo = try JSONDecoder().decode(Echo.self, from: response.body)
    #expect(echo.method == "POST" && echo.body == form)
    #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded")
    #expect(echo.headers["expect"] == nil)
    let empty = try await client.send(
      HTTPRequest(url: server.url("/echo"), method: "POST", timeout: TimeScale.seconds(5)))
    #expect(try JSONDecoder().decode(Echo.self, from: empty.body).body == "")
  }

  @Test("a gzip body is decoded")
  func gzip() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let plain = try await send(server, "/feed.xml").get()
    let zipped = try await send(server, "/gzip/feed.xml").get()
    #expect(zipped.body == plain.body)
  }

  @Test("three and five redirects are followed; the response names the final URL")
  func redirects() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let three = try await send(server, "/redirect/hops/3").get()
    #expect(three.status == 200)
    #expect(three.url.path == "/feed.xml")
    let five = try await send(server, "/redirect/hops/5").get()
    #expect(five.status == 200)
  }

  @Test("a sixth redirect, and a loop, fail as redirectLoop")
  func redirectLoop() async throws {
    let server = try TestServer()
    defer { server.stop() }
    #expect(await send(server, "/redirect/hops/6") == .failure(.redirectLoop))
    #expect(await send(server, "/redirect/loop") == .failure(.redirectLoop))
    let hops = try await server.requests().filter { $0.path.hasPrefix("/redirect/loop") }
    #expect(hops.count == 6)
  }

  @Test("a Content-Length over the cap is refused before the body")
  func declaredTooLarge() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let start = Date()
    #expect(await send(server, "/large?mb=60") == .failure(.tooLarge(limit: 50_000_000)))
    #expect(Date().timeIntervalSince(start) < 2)
  }

  @Test("a chunked body is cut off once it passes the cap")
  func streamedTooLarge() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let result = await send(server, "/large?mb=60&chunked=1", maxBodyBytes: 5_000_000)
    #expect(result == .failure(.tooLarge(limit: 5_000_000)))
  }

  @Test("a gzip bomb is cut off by its decompressed size")
  func bomb() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let result = await send(server, "/bomb?mb=30", maxBodyBytes: 10_000_000)
    #expect(result == .failure(.tooLarge(limit: 10_000_000)))
  }

  @Test("a stacked bomb (gzip of gzip, 2 KB on the wire) is cut off by its decompressed size")
  func stackedBomb() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let result = await send(server, "/bomb?mb=200&layers=2", maxBodyBytes: 10_000_000)
    #expect(result == .failure(.tooLarge(limit: 10_000_000)))
  }

  @Test("a declared Content-Length of 10 GB ends the request at the headers, body trickling")
  func declaredHugeWhileTrickling() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let start = Date()
    let result = await send(server, "/trickle?declared=10737418240", timeout: 20)
    let elapsed = Date().timeIntervalSince(start)
    #expect(result == .failure(.tooLarge(limit: 50_000_000)))
    // At the headers, not at the 20 s deadline.
    #expect(elapsed < 10, "elapsed \(elapsed)")
  }

  @Test(
    "a body that trickles forever ends on the total deadline, declared length or not",
    arguments: ["/trickle", "/trickle?declared=1000000", "/trickle?interval=0.01&bytes=64"])
  func trickle(path: String) async throws {
    let server = try TestServer()
    defer { server.stop() }
    let start = Date()
    let result = await send(server, path, timeout: 1.5)
    let elapsed = Date().timeIntervalSince(start)
    #expect(result == .failure(.timedOut(seconds: 1.5)))
    #expect(elapsed >= 1.4 && elapsed < 12, "elapsed \(elapsed)")
  }

  @Test(
    "a redirect to another scheme is refused and named, never requested as a path",
    arguments: [
      "file:///etc/passwd", "FILE:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1/x",
      "data:text/plain,hello", "javascript:alert(1)",
    ])
  func otherSchemeRedirect(location: String) async throws {
    let server = try TestServer()
    defer { server.stop() }
    let quoted = location.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    let result = await send(server, "/redirect/to?location=\(quoted)")
    #expect(result == .failure(.redirectRefused(location: location)))
    let paths = try await server.requests().map(\.path)
    #expect(paths.count == 1, "\(paths)")
  }

  @Test("a relative redirect and one to https on another port are followed or tried")
  func allowedRedirects() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let relative = try await send(server, "/redirect/to?location=%2Ffeed.xml").get()
    #expect(relative.status == 200 && relative.url.path == "/feed.xml")
    let absolute =
      server.url("/feed.xml").absoluteString
      .addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    #expect(try await send(server, "/redirect/to?location=\(absolute)").get().status == 200)
  }

  @Test("a same-origin request is not redirected to another port: a 307 POST is not re-sent")
  func sameOriginRedirects() async throws {
    let server = try TestServer()
    let other = try TestServer()
    defer {
      server.stop()
      other.stop()
    }
    let elsewhere = other.url("/echo").absoluteString
    let quoted = elsewhere.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    func post(_ path: String, _ rule: RedirectRule) async -> Result<HTTPResponse, TransportError> {
      let request = HTTPRequest(
        url: server.url(path), method: "POST", body: Data("Email=a&Passwd=secret".utf8),
        headers: ["Authorization": "GoogleLogin auth=tok"], timeout: TimeScale.seconds(5),
        redirects: rule)
      do {
        return .success(try await client.send(request))
      } catch {
        return .failure(error)
      }
    }
    let refused = await post("/redirect/to?status=307&location=\(quoted)", .sameOrigin)
    #expect(refused == .failure(.crossOriginRedirect(location: elsewhere)))
    #expect(try await other.requests().isEmpty, "the other origin received the form")
    // Within the origin it is followed, body and all.
    let home =
      server.url("/echo").absoluteString
      .addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    let followed = try await post("/redirect/to?status=307&location=\(home)", .sameOrigin).get()
    #expect(
      followed.status == 200 && String(decoding: followed.body, as: UTF8.self).contains("secret"))
    // What the rule stops: without it the form goes to the other port.
    _ = await post("/redirect/to?status=307&location=\(quoted)", .anyOrigin)
    #expect(try await other.requests().first?.body == "Email=a&Passwd=secret")
  }

  @Test("headers that never come time out on the total deadline")
  func stalledHeaders() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let start = Date()
    let result = await send(server, "/stall/headers?seconds=20", timeout: 1.5, connectTimeout: 0.5)
    let elapsed = Date().timeIntervalSince(start)
    #expect(result == .failure(.timedOut(seconds: 1.5)))
    // Well before the server's 20 s: the deadline ended it (the bound leaves room for a
    // loaded machine, where the test's own continuation may wait for a thread).
    #expect(elapsed >= 1.4 && elapsed < 12, "elapsed \(elapsed)")
  }

  @Test("a body that stalls half way times out on the total deadline")
  func stalledBody() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let start = Date()
    let result = await send(server, "/stall/body?seconds=20", timeout: 1.5)
    let elapsed = Date().timeIntervalSince(start)
    #expect(result == .failure(.timedOut(seconds: 1.5)))
    // Well before the server's 20 s: the deadline ended it (the bound leaves room for a
    // loaded machine, where the test's own continuation may wait for a thread).
    #expect(elapsed >= 1.4 && elapsed < 12, "elapsed \(elapsed)")
  }

  @Test("a host that never accepts the connection fails the connect deadline")
  func connectTimeout() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let request = HTTPRequest(
      url: try #require(URL(string: "http://127.0.0.1:\(server.blackholePort)/feed.xml")),
      timeout: 5, connectTimeout: 0.5)
    let start = Date()
    await #expect(throws: TransportError.connectTimedOut(seconds: 0.5)) {
      try await client.send(request)
    }
    let elapsed = Date().timeIntervalSince(start)
    #expect(elapsed >= 0.5 && elapsed < 4.5, "elapsed \(elapsed), the request's own timeout is 5 s")
  }

  @Test("a truncated body fails, not a short success")
  func truncated() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let result = await send(server, "/truncated")
    guard case .failure(.other(let message)) = result else {
      Issue.record("got \(result)")
      return
    }
    #expect(!message.isEmpty)
  }

  @Test("refused, unknown host and TLS failures map to their cases")
  func failures() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let refused = HTTPRequest(url: try #require(URL(string: "http://127.0.0.1:1/feed.xml")))
    await #expect(throws: TransportError.refused(host: "127.0.0.1")) {
      try await client.send(refused)
    }
    let dns = HTTPRequest(url: try #require(URL(string: "http://no-such-host.invalid/feed")))
    await #expect(throws: TransportError.dns(host: "no-such-host.invalid")) {
      try await client.send(dns)
    }
    let tls = HTTPRequest(
      url: try #require(URL(string: "https://127.0.0.1:\(server.port)/feed.xml")), timeout: 5)
    let result = await Result(catching: { () async throws(TransportError) in
      try await client.send(tls)
    })
    guard case .failure(.tls(let message)) = result else {
      Issue.record("got \(result)")
      return
    }
    #expect(!message.isEmpty)
  }

  @Test("error statuses are responses")
  func statuses() async throws {
    let server = try TestServer()
    defer { server.stop() }
    for code in [401, 403, 404, 429, 500, 503] {
      let response = try await send(server, "/status/\(code)?retry-after=7").get()
      #expect(response.status == code)
      #expect(response.headers["retry-after"] == "7")
    }
  }

  @Test("cancelling the Swift task cancels the request at once, not at its 10 s timeout")
  func cancellation() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let request = HTTPRequest(url: server.url("/stall/headers?seconds=20"), timeout: 10)
    let task = Task { () async throws(TransportError) -> HTTPResponse in
      try await CurlClient.shared.send(request)
    }
    // Cancelled while the server holds the request, not before it was sent.
    try await server.waitUntilAnswering(1)
    let start = Date()
    task.cancel()
    await #expect(throws: TransportError.cancelled) { try await task.value }
    let elapsed = Date().timeIntervalSince(start)
    #expect(elapsed < 5, "elapsed \(elapsed)")
  }

  @Test("a task cancelled before sending never reaches the server")
  func cancelledBeforeStart() async throws {
    let server = try TestServer()
    defer { server.stop() }
    let request = HTTPRequest(url: server.url("/feed.xml"))
    let task = Task { () async throws(TransportError) -> HTTPResponse in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await CurlClient.shared.send(request)
    }
    await #expect(throws: TransportError.cancelled) { try await task.value }
    #expect(try await server.requests().isEmpty)
  }
}

extension Result where Failure == TransportError {
  /// Runs `body` and keeps its outcome.
  init(catching body: () async throws(TransportError) -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
