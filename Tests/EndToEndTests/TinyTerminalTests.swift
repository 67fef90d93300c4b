import Foundation
import Testing

extension EndToEnd {
  /// Sizes far below the layout's minimum are inputs, not crashes.
  @Suite("Tiny terminals")
  struct TinyTerminalTests {
    @Test(
      "1x1, 5x3 and 9x3 draw what render draws without a crash, and 80x24 brings the list back")
    func tinySizes() throws {
      let scratch = try Scratch()
      let pidFile = scratch.path("pid")
      let tmux = try Tmux.shell(width: 80, height: 24)
      try tmux.enter("sh -c 'echo $$ > \(pidFile); exec \"$ARTFEED\"'; echo EXIT=$?")
      try tmux.waitFor("the list") { $0.last?.contains("1/") == true }
      let pid = try ProcessProbe.pid(inFile: pidFile)
      try tmux.send("j", "j")
      try tmux.waitFor("the third row selected") { $0.last?.contains("3/") == true }

      // 1x1: the one cell is the bottom-right one, which a terminal cannot write without
      // scrolling, so the screen stays blank and shows nothing of the new frame. What the
      // browser writes shows it: the "T" of "Terminal too small", as `render` draws it.
      let output = scratch.path("1x1.out")
      try tmux.recordOutput(to: output)
      try tmux.resize(width: 1, height: 1)
      try poll("a frame at 1x1") {
        ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("T")
      }
      try tmux.stopRecording()
      #expect(try ArtfeedCommand.render(["--width", "1", "--height", "1"]) == ["T"])
      #expect(ProcessProbe.isRunning(pid), "artfeed is gone after 1x1")

      for (width, height) in [(5, 3), (9, 3)] {
        try tmux.resize(width: width, height: height)
        let expected = try ArtfeedCommand.render(["--width", "\(width)", "--height", "\(height)"])
        let screen = try tmux.screen { ScreenText.trimmed($0) == expected }
        let agrees = ScreenText.trimmed(screen) == expected
        #expect(
          agrees,
          "\(width)x\(height):\n\(ScreenText.difference(ScreenText.trimmed(screen), expected))")
        #expect(ProcessProbe.isRunning(pid), "artfeed is gone after \(width)x\(height)")
      }

      // Back at 80x24: the screen the reader left, the selected row on the same line (the
      // place is kept through the tiny sizes), as `render` selects the row from the top.
      try tmux.resize(width: 80, height: 24)
      let expected = try ArtfeedCommand.render(["--width", "80", "--height", "24", "--select", "2"])
      let screen = try tmux.screen { ScreenText.trimmed($0) == expected }
      let agrees = ScreenText.trimmed(screen) == expected
      #expect(agrees, "80x24:\n\(ScreenText.difference(ScreenText.trimmed(screen), expected))")
      #expect(ProcessProbe.isRunning(pid))

      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }
  }
}
