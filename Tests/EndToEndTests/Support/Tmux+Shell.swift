import Foundation
import TestSupport

/// A shell in tmux, where tests type command lines the way a person would.
extension Tmux {
  /// Starts `sh` at a size with `$ARTFEED` naming the built binary, and waits for its prompt.
  ///
  /// The runner's `NO_COLOR` is removed (`swift test` sets it), so colours are the
  /// terminal's unless a test asks otherwise.
  ///
  /// - Parameters:
  ///   - environment: extra `NAME=value` words for `env`, such as `NO_COLOR=1`.
  ///   - dataHome: `XDG_DATA_HOME`, where the reading state lives: a fresh folder of this
  ///     session's unless given (two sessions sharing one state).
  static func shell(
    width: Int, height: Int, environment: String = "", dataHome: String? = nil
  ) throws -> Tmux {
    let binary = Paths.artfeed
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw E2EError.noBinary(binary.path)
    }
    // A fresh data home is made here, so the command can name it; the session removes it.
    let data = dataHome ?? freshDataHome()
    let tmux = try Tmux(
      width: width, height: height,
      command:
        "env -u NO_COLOR PS1='$ ' LANG=C.UTF-8 XDG_CONFIG_HOME=\(Paths.noConfig) "
        + "XDG_DATA_HOME='\(data)' ARTFEED=\(binary.path) \(environment) sh",
      dataHome: data, ownsDataHome: dataHome == nil)
    try tmux.waitFor("the shell prompt") { Self.isAtPrompt($0) }
    return tmux
  }

  /// Starts the browser itself as the pane's program, without a shell; the pane closes when
  /// it exits. Colours are on, as in the shell.
  static func browser(
    width: Int, height: Int, arguments: [String], dataHome: String? = nil
  ) throws -> Tmux {
    let binary = Paths.artfeed
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw E2EError.noBinary(binary.path)
    }
    let words = ([binary.path] + arguments).map {
      "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let data = dataHome ?? freshDataHome()
    return try Tmux(
      width: width, height: height,
      command: "exec env -u NO_COLOR LANG=C.UTF-8 XDG_CONFIG_HOME=\(Paths.noConfig) "
        + "XDG_DATA_HOME='\(data)' " + words.joined(separator: " "),
      dataHome: data, ownsDataHome: dataHome == nil)
  }

  /// Types a command line and presses Enter.
  func enter(_ line: String) throws {
    try type(line)
    try send("Enter")
  }

  /// True when the last non-blank line is the bare prompt: the shell waits for a command.
  static func isAtPrompt(_ screen: [String]) -> Bool {
    guard let last = screen.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
    else { return false }
    return last.trimmingCharacters(in: .whitespaces) == "$"
  }

  /// The terminal's `echo` and `icanon` flags as `stty -a` prints them (`-echo` when off),
  /// read by a command typed at the prompt after clearing the screen.
  func echoAndCanonicalFlags() throws -> [String] {
    try enter(
      "clear; stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(echo|icanon)' | sed 's/^/FLAG:/'")
    let screen = try waitFor("stty flags") { screen in
      screen.filter { $0.hasPrefix("FLAG:") }.count == 2 && Self.isAtPrompt(screen)
    }
    return screen.filter { $0.hasPrefix("FLAG:") }.map { String($0.dropFirst(5)) }.sorted()
  }

  /// Saves every terminal setting (`stty -g`) in the shell variable `SAVED_TTY`.
  func saveTerminalSettings() throws {
    try enter("SAVED_TTY=$(stty -g); clear")
    try waitFor("the cleared prompt") { screen in
      screen.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count == 1
        && Self.isAtPrompt(screen)
    }
  }

  /// True when every terminal setting equals the one `saveTerminalSettings` saved.
  func terminalSettingsUnchanged() throws -> Bool {
    try enter("clear; [ \"$(stty -g)\" = \"$SAVED_TTY\" ] && echo TTY=same || echo TTY=changed")
    let screen = try waitFor("the stty comparison") { screen in
      screen.contains { $0.hasPrefix("TTY=") } && Self.isAtPrompt(screen)
    }
    return screen.contains("TTY=same")
  }
}

/// Polls `condition` every 0.1 s until it holds; throws once `timeout` seconds have passed.
func poll(_ what: String, timeout: TimeInterval = 20, _ condition: () throws -> Bool) throws {
  let deadline = Date().addingTimeInterval(TimeScale.seconds(timeout))
  while try !condition() {
    guard Date() < deadline else { throw E2EError.timeout(what, "(not a screen condition)") }
    Thread.sleep(forTimeInterval: 0.1)
  }
}

extension Tmux {
  /// The screen, trimmed, once it is the recorded snapshot `name` (`Snapshots/NAME.txt`), or
  /// the last one after `timeout`, for `assertSnapshot` to compare and show the difference.
  /// A redraw the program has not started yet passes for a settled screen; the recorded
  /// screen is the state it must reach. With nothing recorded (or RECORD_SNAPSHOTS=1), the
  /// settled screen.
  func snapshotScreen(
    _ what: String, named name: String, timeout: TimeInterval = 10
  ) throws -> [String] {
    let file = Snapshots.folder(from: #filePath).appendingPathComponent(name + ".txt")
    guard ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != "1",
      let text = try? String(contentsOf: file, encoding: .utf8)
    else { return ScreenText.trimmed(try settled(what)) }
    var recorded = text.components(separatedBy: "\n")
    if recorded.last == "" { recorded.removeLast() }
    return ScreenText.trimmed(try screen(timeout: timeout) { ScreenText.trimmed($0) == recorded })
  }
}
