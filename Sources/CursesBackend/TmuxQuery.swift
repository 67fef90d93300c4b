import Foundation

/// Asks the tmux server artfeed runs under about its pane (`tmux display -p`): passthrough,
/// where the pane is on the outer terminal, the outer terminal's TERM.
public enum TmuxQuery {
  /// The pane's report, or nil when not inside tmux or tmux did not answer.
  public static func report(environment: [String: String]) -> TmuxReport? {
    guard environment["TMUX"]?.isEmpty == false else { return nil }
    let format =
      "#{allow-passthrough}|#{pane_left}|#{pane_top}|#{status}|#{status-position}|#{client_termname}"
    var arguments = ["display-message", "-p"]
    if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
    guard let text = run(arguments + [format]) else { return nil }
    return parse(text)
  }

  /// Reads `display -p`'s line. A status line at the top moves the panes down by its
  /// height (`status` is "on" or the number of lines, 2 to 5).
  static func parse(_ text: String) -> TmuxReport? {
    let fields = text.trimmingCharacters(in: .whitespacesAndNewlines).split(
      separator: "|", omittingEmptySubsequences: false
    ).map(String.init)
    guard fields.count == 6, let left = Int(fields[1]), let top = Int(fields[2]) else {
      return nil
    }
    let statusLines = fields[3] == "on" ? 1 : Int(fields[3]) ?? 0
    let above = fields[4] == "top" ? statusLines : 0
    return TmuxReport(
      passthrough: fields[0] == "1" || fields[0] == "on" || fields[0] == "all",
      pane: TmuxPane(x: left, y: top + above), clientTerm: fields[5])
  }

  /// Runs tmux with a two-second bound; its output, or nil.
  private static func run(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let deadline = Date().addingTimeInterval(2)
    while process.isRunning, Date() < deadline { usleep(5000) }
    if process.isRunning {
      process.terminate()
      return nil
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data.prefix(4096), as: UTF8.self)
  }
}
