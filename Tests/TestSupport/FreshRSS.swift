import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// A real FreshRSS (PHP's built-in server, SQLite, the Google Reader API) on 127.0.0.1,
/// started by `../shared/freshrss/start.sh` once per test process and shared by the sync
/// tests; each test makes a user of its own, so tests do not see each other's feeds or marks.
///
/// It stops when the test process exits (an `atexit` handler) or dies (a watchdog process
/// that waits for it), so no run leaves a server behind.
public final class FreshRSS: @unchecked Sendable {
  /// Why it could not start.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// `../shared/freshrss` beside the package, or `ARTFEED_FRESHRSS_DIR`.
  public static var scripts: URL {
    if let given = ProcessInfo.processInfo.environment["ARTFEED_FRESHRSS_DIR"], !given.isEmpty {
      return URL(fileURLWithPath: given)
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/freshrss")
  }

  /// True when the tests must run (CI): a missing PHP or FreshRSS fails them.
  public static var isRequired: Bool {
    ProcessInfo.processInfo.environment["ARTFEED_REQUIRE_E2E"] == "1"
  }

  /// True when PHP and the FreshRSS scripts are here (start.sh would install PHP's packages
  /// itself, which takes a minute and root: local runs without PHP skip instead).
  public static var isAvailable: Bool {
    executable("php") != nil
      && FileManager.default.isExecutableFile(
        atPath: scripts.appendingPathComponent("start.sh").path)
  }

  /// What the sync tests need, in one line, or nil when everything is here.
  public static var missing: String? {
    if executable("php") == nil {
      return "PHP is not installed (apt-get install php-cli php-sqlite3 php-xml php-mbstring "
        + "php-curl php-intl php-zip php-gmp)"
    }
    if !FileManager.default.fileExists(atPath: scripts.appendingPathComponent("start.sh").path) {
      return "the FreshRSS scripts are missing at \(scripts.path)"
    }
    return nil
  }

  public let state: URL
  /// The web address (`http://127.0.0.1:PORT`).
  public private(set) var url: URL
  /// The Google Reader API (`URL/api/greader.php`).
  public var api: URL { url.appendingPathComponent("api/greader.php") }
  private let lock = NSLock()

  private static let instance = Locked<Result<FreshRSS, Failure>?>(nil)

  /// The process's server, started on first use.
  public static func shared() throws -> FreshRSS {
    try instance.withLock { started in
      if let started { return try started.get() }
      let result = Result { () throws(Failure) -> FreshRSS in try FreshRSS() }
      started = result
      return try result.get()
    }
  }

  private init() throws(Failure) {
    state = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-freshrss-\(getpid())")
    try? FileManager.default.removeItem(at: state)
    url = URL(fileURLWithPath: "/")
    try start()
    Self.stopAtExit(state)
  }

  /// Runs start.sh on the state folder: a fresh install the first time, the same data (and
  /// port, when free) after `stop`.
  public func start() throws(Failure) {
    let (status, output) = Self.run([
      "/bin/sh", "-c",
      "FRESHRSS_WORKERS=2 exec \"$0\" \"$1\"", Self.scripts.appendingPathComponent("start.sh").path,
      state.path,
    ])
    guard status == 0, let port = Self.value("FRESHRSS_PORT", in: output) else {
      throw Failure(description: "start.sh failed (\(status)): \(output.suffix(800))")
    }
    lock.lock()
    url = URL(string: "http://127.0.0.1:\(port)") ?? url
    lock.unlock()
  }

  /// Stops the server; its data stays for `start`.
  public func stop() {
    _ = Self.run([Self.scripts.appendingPathComponent("stop.sh").path, state.path])
  }

  /// Makes a user with API password `apiPassword`.
  public func createUser(_ name: String, apiPassword: String) throws {
    try php(
      "cli/create-user.php", "--user", name, "--password", apiPassword + "-web",
      "--api-password", apiPassword, "--feed-ttl-default", "1")
  }

  /// Gives `user` a new API password: logins made with the old one stop working.
  public func setAPIPassword(_ user: String, _ password: String) throws {
    try php("cli/update-user.php", "--user", user, "--api-password", password)
  }

  /// Fetches every feed of `user` now (FreshRSS has no cron here).
  public func refresh(_ user: String) throws {
    try php("cli/actualize-user.php", "--user", user, allowing: [0, 1])
  }

  private func php(_ script: String, _ arguments: String..., allowing: Set<Int32> = [0]) throws {
    let app = state.appendingPathComponent("FreshRSS")
    let (status, output) = Self.run(
      ["/usr/bin/env", "php", app.appendingPathComponent(script).path] + arguments)
    guard allowing.contains(status) else {
      throw Failure(description: "\(script) \(arguments.first ?? ""): \(status): \(output)")
    }
  }

  // MARK: - Processes

  /// Runs `argv` with output and errors merged; returns the exit status and the text.
  static func run(_ argv: [String]) -> (Int32, String) {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-freshrss-run-\(UUID().uuidString)").path
    defer { unlink(path) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let cArgs = argv.map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) } }
    var pid: pid_t = 0
    closeInheritedDescriptors(&actions)
    let spawned = withCleanSignals { posix_spawn(&pid, argv[0], &actions, &$0, cArgs, environ) }
    guard spawned == 0 else { return (127, "posix_spawn \(argv[0]): \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return ((status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), text)
  }

  /// `NAME=value` from start.sh's output.
  static func value(_ name: String, in output: String) -> String? {
    output.split(separator: "\n").last { $0.hasPrefix(name + "=") }.map {
      String($0.dropFirst(name.count + 1))
    }
  }

  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// The state folder of the server to stop when this process ends.
  nonisolated(unsafe) private static var stateToStop: String?

  /// Stops the server at `exit`, and when this process dies without one (a watchdog shell
  /// that waits for this process to go away).
  private static func stopAtExit(_ state: URL) {
    let stop = scripts.appendingPathComponent("stop.sh").path
    stateToStop = state.path
    atexit {
      guard let state = FreshRSS.stateToStop else { return }
      _ = FreshRSS.run([
        FreshRSS.scripts.appendingPathComponent("stop.sh").path, state, "--purge",
      ])
    }
    let watchdog =
      "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \"$0\" \"$1\" --purge"
    var pid: pid_t = 0
    let argv = ["/usr/bin/setsid", "/bin/sh", "-c", watchdog, stop, state.path]
    let cArgs = argv.map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd: Int32 in 0...2 {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    closeInheritedDescriptors(&actions)
    _ = withCleanSignals { posix_spawn(&pid, argv[0], &actions, &$0, cArgs, environ) }
  }
}
