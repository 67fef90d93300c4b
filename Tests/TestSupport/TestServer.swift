import Foundation
import HTTP
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// `feedserver.py` running in a child process for the length of one test.
///
/// Start it with `TestServer()`, stop it with `stop()` in a `defer` (`deinit` stops it too). The server also exits by
/// itself when this process goes away (it watches its parent), so a crashed run leaves no
/// server behind.
public final class TestServer: @unchecked Sendable {
  /// Why the server did not start.
  public struct StartError: Error, CustomStringConvertible {
    public var description: String
  }

  /// The loopback address it listens on (127.0.0.1 unless asked for another 127.0.0.N).
  public let host: String
  public let port: Int
  /// A port whose accept queue is full: connecting to it hangs.
  public let blackholePort: Int
  private let pid: pid_t
  private let stopped = Locked(false)

  /// The server script, found next to this file.
  public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("feedserver.py")

  /// Spawned with `posix_spawn` and a cleared signal mask: a child started with `Process`
  /// inherits the test process's blocked signals, ignores SIGTERM, and `stop()` would hang.
  ///
  /// `lifetime` is only the backstop for a server whose test never stops it (the server also
  /// leaves when this process goes away): a test of a loaded run can outlast minutes, and a
  /// server gone under it makes its requests fail as "refused".
  public init(directory: URL? = nil, lifetime: Int = 1800, host: String = "127.0.0.1") throws {
    let argv =
      Python.command + [Self.script.path, "--lifetime", String(lifetime), "--host", host]
      + (directory.map { ["--dir", $0.path] } ?? [])
    self.host = host
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw StartError(description: "pipe failed") }
    let pid = try Self.spawn(argv, stdout: fds[1], readEnd: fds[0])
    close(fds[1])
    let lines = Self.readLines(2, from: fds[0])
    close(fds[0])
    self.pid = pid
    guard lines.count == 2, let port = Int(lines[0]),
      let blackhole = Int(lines[1].split(separator: " ").last ?? "")
    else {
      self.port = 0
      self.blackholePort = 0
      stop()
      throw StartError(description: "feedserver.py printed \(lines)")
    }
    self.port = port
    self.blackholePort = blackhole
  }

  deinit { stop() }

  /// The server's URL for `path` ("/feed.xml", "/status/404?retry-after=2").
  public func url(_ path: String) -> URL {
    URL(string: "http://\(host):\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Sends SIGTERM, waits up to 2 s, then SIGKILL; always reaps the child.
  public func stop() {
    guard
      stopped.withLock({
        let was = $0; $0 = true; return !was
      })
    else { return }
    kill(pid, SIGTERM)
    var status: Int32 = 0
    for _ in 0..<200 {
      if waitpid(pid, &status, WNOHANG) != 0 { return }
      usleep(10_000)
    }
    kill(pid, SIGKILL)
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }

  private static func spawn(_ argv: [String], stdout: Int32, readEnd: Int32) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    let cArgs = argv.map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) } }
    var pid: pid_t = 0
    closeInheritedDescriptors(&actions)
    let result = withCleanSignals { posix_spawn(&pid, argv[0], &actions, &$0, cArgs, environ) }
    guard result == 0 else { throw StartError(description: "posix_spawn failed: \(result)") }
    return pid
  }

  /// One logged request: the path with its query, and the headers, names lower-cased.
  public struct LoggedRequest: Decodable, Sendable {
    public var path: String
    public var headers: [String: String]
    /// "POST" for a POST, nil for a GET.
    public var method: String?
    /// A POST's body, as text.
    public var body: String?
  }

  /// The requests the server has seen so far (the log endpoint does not record itself).
  public func requests() async throws -> [LoggedRequest] {
    let response = try await CurlClient.shared.send(HTTPRequest(url: url("/log")))
    return try JSONDecoder().decode([LoggedRequest].self, from: response.body)
  }

  /// Requests being answered now (not counting `/log` and `/inflight`).
  public func inFlight() async throws -> Int {
    let response = try await CurlClient.shared.send(HTTPRequest(url: url("/inflight")))
    return try JSONDecoder().decode([String: Int].self, from: response.body)["now"] ?? -1
  }

  /// The most requests answered at once since the last clear (`clear`: start counting
  /// again from now).
  public func mostInFlight(clear: Bool = false) async throws -> Int {
    let response = try await CurlClient.shared.send(
      HTTPRequest(url: url(clear ? "/inflight?clear=1" : "/inflight")))
    return try JSONDecoder().decode([String: Int].self, from: response.body)["max"] ?? -1
  }

  /// Waits until at least `count` requests are being answered: they have reached the server
  /// and wait on it (a stalled answer), so what a test does next happens mid-request.
  public func waitUntilAnswering(_ count: Int = 1, timeout: Double = 20) async throws {
    let deadline = Date().addingTimeInterval(TimeScale.seconds(timeout))
    while try await inFlight() < count {
      guard Date() < deadline else {
        throw StartError(description: "no \(count) requests in flight after \(timeout) s")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  private static func readLines(_ count: Int, from fd: Int32) -> [String] {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    while buffer.count(where: { $0 == UInt8(ascii: "\n") }) < count {
      let got = read(fd, &chunk, chunk.count)
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { break }
      buffer.append(contentsOf: chunk[0..<got])
    }
    return String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

/// How the tests start Python 3: Debian's `/usr/bin/python3` when it is there, else the
/// PATH's. A version manager's `python3` on the PATH (pyenv's shim is a shell script) costs
/// 0.1-0.5 s a start, and the tests start dozens of servers.
public enum Python {
  public static let command: [String] =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    ? ["/usr/bin/python3"] : ["/usr/bin/env", "python3"]
}
