import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// A storm of resizes while the reader scrolls, searches and pictures load; then the screen
  /// must be the one `render` prints for the same size and place. (Signals, a crash included,
  /// are in `ExitPathTests`.)
  @Suite("Terminal abuse")
  struct TerminalAbuseTests {
    /// Keys sent between resizes: moves, jumps, a search typed and edited, cancelled with Esc.
    static let keys: [[String]] = [
      ["j"], ["k"], ["G"], ["g"], ["C-d"], ["C-u"], ["Space"], ["j", "j", "j"],
      ["/"], ["-l", "ink"], ["BSpace"], ["Escape"], ["PageDown"], ["Up"],
    ]

    static let seed: UInt64 = 0xA_B05E

    @Test("200 resizes between 1x1 and 300x100 while scrolling, searching and loading pictures")
    func resizeStorm() throws {
      let scratch = try Scratch()
      let pidFile = scratch.path("pid")
      let tmux = try Tmux.shell(width: 80, height: 24)
      try tmux.enter(
        "XDG_CACHE_HOME=\(scratch.path("cache")) XDG_CONFIG_HOME=\(scratch.path("config")) "
          + "sh -c 'echo $$ > \(pidFile); exec \"$ARTFEED\"'; echo EXIT=$?")
      try tmux.waitFor("the list") { $0.last?.contains("1/") == true }
      let pid = try ProcessProbe.pid(inFile: pidFile)

      var storm = SplitMixGenerator(seed: Self.seed)
      let start = Date()
      for step in 0..<200 {
        // Paced to 200 in 2 s: a resize every 10 ms at most.
        let due = start.addingTimeInterval(Double(step) * 0.01)
        if due > Date() { Thread.sleep(until: due) }
        let width = Int.random(in: 1...300, using: &storm)
        let height = Int.random(in: 1...100, using: &storm)
        var command = [
          "resize-window", "-t", tmux.session, "-x", "\(width)", "-y", "\(height)",
        ]
        if Bool.random(using: &storm), let keys = Self.keys.randomElement(using: &storm) {
          command += [";", "send-keys", "-t", tmux.session] + keys
        }
        try tmux.run(command)
      }
      let seconds = Date().timeIntervalSince(start)
      print("resize storm (seed \(Self.seed)): 200 resizes in \(seconds) s")
      // tmux needs a few ms per command; a loaded machine may stretch the 2 s.
      #expect(seconds < 30)
      #expect(ProcessProbe.isRunning(pid), "artfeed is gone after the storm")

      // Settle at a final size, leave any search (Esc twice: results, then the prompt), and go
      // to the first row: the place `render` draws with no --top or --select.
      let (width, height) = (Int.random(in: 40...160, using: &storm), 30)
      try tmux.resize(width: width, height: height)
      Thread.sleep(forTimeInterval: 0.5)
      for key in ["Escape", "Escape", "g"] {
        try tmux.send(key)
        Thread.sleep(forTimeInterval: 0.3)
      }
      let expected = try ArtfeedCommand.render([
        "--width", "\(width)", "--height", "\(height)",
      ])
      // The scrollbar's thumb follows the height estimate, which depends on the rows the
      // storm measured (see docs/adr/0018): compared without it.
      let screen = try tmux.screen(timeout: 20) {
        ScreenText.withoutScrollbar(ScreenText.trimmed($0)) == ScreenText.withoutScrollbar(expected)
          && !ScreenText.hasLoadingBox($0)
      }
      let seen = ScreenText.withoutScrollbar(ScreenText.trimmed(screen))
      #expect(
        seen == ScreenText.withoutScrollbar(expected),
        "\(width)x\(height):\n\(ScreenText.difference(seen, ScreenText.withoutScrollbar(expected)))"
      )
      #expect(ProcessProbe.isRunning(pid))

      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
      #expect(try tmux.echoAndCanonicalFlags() == ["echo", "icanon"])
    }
  }
}
