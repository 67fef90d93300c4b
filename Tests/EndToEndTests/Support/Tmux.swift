import Foundation
import TestSupport
import Testing

/// A tmux server of the test's own (its own socket), running the real binary in a real
/// terminal: send keys, resize, read the screen.
final class Tmux {
  let socket: String
  let session = "e2e"
  /// The `XDG_DATA_HOME` of what runs in the pane (`shell` and `browser` set it): a folder
  /// of this session's own, removed with it, so no test reads or writes the reader's
  /// `~/.local/share` or another test's state.
  let dataHome: String

  /// Nil when tmux is missing (the caller skips, or fails under ARTFEED_REQUIRE_E2E=1).
  static var executable: String? {
    for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
      let path = directory + "/tmux"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  static var isRequired: Bool { ProcessInfo.processInfo.environment["ARTFEED_REQUIRE_E2E"] == "1" }

  /// Starts a session of the given size running `command` through `sh -c`.
  init(width: Int, height: Int, command: String, dataHome: String = Tmux.freshDataHome()) throws {
    socket = "artfeed-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    self.dataHome = dataHome
    try run([
      "-u", "new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)", command,
    ])
  }

  /// The socket file `-L socket` names: `$TMUX_TMPDIR` (or `/tmp`), resolved, then `tmux-UID`.
  var socketPath: String {
    let environment = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? ""
    let directory = URL(fileURLWithPath: environment.isEmpty ? "/tmp" : environment)
      .resolvingSymlinksInPath().path
    return "\(directory)/tmux-\(getuid())/\(socket)"
  }

  /// Stops the server and removes its socket: tmux 3.3a leaves the socket file behind when its
  /// server exits (by `kill-server`, or when the pane's program ends), one per test and run.
  deinit {
    _ = try? run(["kill-server"])
    unlink(socketPath)
    if dataHome.hasPrefix(FileManager.default.temporaryDirectory.path) {
      try? FileManager.default.removeItem(atPath: dataHome)
    }
  }

  /// A new empty folder for `XDG_DATA_HOME`.
  static func freshDataHome() -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-e2e-data-\(getpid())-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    guard let tmux = Self.executable else { throw E2EError.noTmux }
    let argv = [tmux, "-L", socket, "-f", "/dev/null"] + arguments
    let (status, text) = try Spawn.run(argv, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
    guard status == 0 else {
      throw E2EError.tmuxFailed(arguments.joined(separator: " "), text)
    }
    return text
  }

  func send(_ keys: String...) throws {
    try run(["send-keys", "-t", session] + keys)
  }

  /// Types text literally (no key-name lookup).
  func type(_ text: String) throws {
    try run(["send-keys", "-t", session, "-l", text])
  }

  func resize(width: Int, height: Int) throws {
    try run(["resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
  }

  /// The screen's lines as tmux shows them.
  func capture() throws -> [String] {
    let text = try run(["capture-pane", "-p", "-t", session])
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The screen with its attributes as SGR sequences (`capture-pane -e`); tmux writes only
  /// the changes, so the attributes carry over from cell to cell and line to line.
  func captureStyled() throws -> String {
    try run(["capture-pane", "-p", "-e", "-t", session])
  }

  /// A tmux format evaluated for the pane, such as `#{alternate_on}`.
  func format(_ format: String) throws -> String {
    try run(["display-message", "-p", "-t", session, format])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// True while the program in the pane has the alternate screen (curses) on.
  func isAlternateScreenOn() throws -> Bool {
    try format("#{alternate_on}") == "1"
  }

  /// Polls the screen until `condition` holds or the timeout passes; returns the last screen.
  @discardableResult
  func waitFor(
    _ what: String, timeout: TimeInterval = 20, _ condition: ([String]) -> Bool
  ) throws -> [String] {
    let deadline = Date().addingTimeInterval(TimeScale.seconds(timeout))
    var screen = try capture()
    while !condition(screen) {
      guard Date() < deadline else {
        throw E2EError.timeout(what, screen.joined(separator: "\n"))
      }
      Thread.sleep(forTimeInterval: 0.1)
      screen = try capture()
    }
    return screen
  }
}

extension Tmux {
  /// Polls until `condition` holds or the timeout passes, and returns the last screen without
  /// throwing: for comparisons whose failure should show a difference rather than a timeout.
  func screen(
    timeout: TimeInterval = 5, until condition: ([String]) -> Bool
  ) throws -> [String] {
    let deadline = Date().addingTimeInterval(TimeScale.seconds(timeout))
    var screen = try capture()
    while !condition(screen), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
      screen = try capture()
    }
    return screen
  }

  /// Appends everything the program in the pane writes from now on to `path`
  /// (`pipe-pane -o`), until `stopRecording`: the one way to see a frame that leaves no mark
  /// on the screen.
  func recordOutput(to path: String) throws {
    try run(["pipe-pane", "-o", "-t", session, "cat >> '\(path)'"])
  }

  func stopRecording() throws {
    try run(["pipe-pane", "-t", session])
  }

  /// The screen once two captures 0.1 s apart agree, so no frame is half drawn.
  func settled(_ what: String, timeout: TimeInterval = 10) throws -> [String] {
    var previous = try capture()
    return try waitFor(what, timeout: timeout) { screen in
      defer { previous = screen }
      return screen == previous
    }
  }
}

enum E2EError: Error, CustomStringConvertible {
  case noTmux
  case noBinary(String)
  case tmuxFailed(String, String)
  case timeout(String, String)

  var description: String {
    switch self {
    case .noTmux: "tmux is not installed"
    case .noBinary(let path): "the artfeed binary is not built at \(path)"
    case .tmuxFailed(let command, let output): "tmux \(command) failed: \(output)"
    case .timeout(let what, let screen): "timed out waiting for \(what); screen was:\n\(screen)"
    }
  }
}

/// Paths the end-to-end tests need.
enum Paths {
  /// `XDG_CONFIG_HOME` for every run: a folder that does not exist, so the reader's own
  /// feeds file never turns a test's browser into the feed list. Tests of subscriptions set
  /// their own.
  static let noConfig = "/nonexistent/artfeed-e2e-config"

  /// `XDG_DATA_HOME` for runs that set none: a folder of this test process, so no test
  /// writes read state into the reader's own `~/.local/share`.
  static let scratchData = FileManager.default.temporaryDirectory
    .appendingPathComponent("artfeed-e2e-data-\(getpid())").path

  /// The package root, from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The `artfeed` binary built beside the test bundle (swift test builds every product).
  static var artfeed: URL {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [
      beside, beside.deletingLastPathComponent(),
      packageRoot.appendingPathComponent(".build/debug"),
    ] {
      let url = candidate.appendingPathComponent("artfeed")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return packageRoot.appendingPathComponent(".build/debug/artfeed")
  }
}
