import Foundation
import TestSupport

extension Tmux {
  /// What a terminal receives from a shell script: the script runs in a fresh `sh` pane
  /// (`$ARTFEED` names the binary; OSC 52 would make a paste buffer, `set-clipboard on`), and
  /// every byte written to the pane is returned, with the pane (and its title before the
  /// script) kept for more checks.
  static func recordScript(_ script: String, in scratch: Scratch, width: Int = 120)
    throws -> (tmux: Tmux, bytes: String, titleBefore: String)
  {
    let scriptPath = scratch.path("script.sh")
    try (script + "\necho END-OF-SCRIPT\n").write(
      toFile: scriptPath, atomically: true, encoding: .utf8)
    let recording = scratch.path("recording")
    let tmux = try Tmux.shell(width: width, height: 40)
    try tmux.run(["set-option", "-g", "set-clipboard", "on"])
    let title = try tmux.format("#{pane_title}")
    try tmux.recordOutput(to: recording)
    try tmux.enter("sh '\(scriptPath)' 2>&1")
    try tmux.waitFor("the script's end", timeout: 60) {
      $0.contains { $0.hasPrefix("END-OF-SCRIPT") }
    }
    try tmux.stopRecording()
    return (tmux, try String(contentsOfFile: recording, encoding: .utf8), title)
  }

  /// The control characters in `bytes` a terminal would act on, besides the shell's line ends.
  static func foreignControls(in bytes: String) -> [String] {
    bytes.unicodeScalars.filter { HostileCorpus.isForbidden($0) && $0 != "\r" }
      .map { "U+" + String($0.value, radix: 16) }
  }
}
