import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The picture viewer through the real binary: in tmux (symbols), and in real terminals
  /// under Xvfb (pixels: Pixels/viewer.py).
  @Suite("The picture viewer, end to end", .long)
  struct ViewerEndToEndTests {
    @Test("z opens the viewer, + zooms, h j k l pan, 1 is 1:1, Esc goes back to the list")
    func zoomPanBack() throws {
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter("\"$ARTFEED\" --pictures symbols; echo EXIT=$?")
      try tmux.waitFor("the list") { $0.last?.contains("1/") == true }
      try tmux.send("j", "z")
      // The picture is measured once it is decoded: the status line then says its fit scale.
      let fit = try tmux.waitFor("the viewer, fitted") {
        $0.last?.contains("· fit ") == true && $0.last?.contains("%") == true
      }
      #expect(fit.last?.hasPrefix(" 2/") == true, "\(fit.last ?? "")")
      // Drawn, not waiting: no frame saying "loading" or why it failed (tmux's text shows
      // the symbols' characters; their colours are the pixel tests' business).
      #expect(!fit.joined().contains("loading") && !fit.joined().contains("┌"), "\(fit)")
      try tmux.send("+", "+")
      let zoomed = try tmux.waitFor("zoomed in") {
        $0.last?.contains("· fit") == false && $0.last?.contains("%") == true
      }
      try tmux.send("l", "l", "k")
      try tmux.send("1")
      // A picture no larger than the screen is at 1:1 when fitted: "fit 100%".
      try tmux.waitFor("1:1") { $0.last?.contains(" 100%") == true }
      #expect(zoomed.last != fit.last)
      try tmux.send("Escape")
      let back = try tmux.waitFor("the list again") { $0.last?.contains("j/k move") == true }
      #expect(
        back.last?.hasPrefix(" 2/") == true, "the list is on the item shown: \(back.last ?? "")")
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }

    @Test(
      """
      in xterm (sixel), kitty and mlterm (iTerm2) under Xvfb: fit shows the four quadrants, \
      zoomed and panned the top right quadrant's colour fills the screen, Esc leaves nothing
      """,
      .enabled(
        if: PixelTools.missingTerminalTools.isEmpty || Tmux.isRequired, PixelTools.terminalSkip))
    func realTerminals() throws {
      let missing = PixelTools.missingTerminalTools
      try #require(missing.isEmpty, "missing for the real-terminal tests: \(missing)")
      let results = try PixelTools.run("viewer.py", [])
      try PixelTools.expectAllPass(results)
      for terminal in ["xterm", "kitty", "mlterm"] {
        #expect(results[terminal] != nil, "no result for \(terminal)")
      }
    }
  }
}
