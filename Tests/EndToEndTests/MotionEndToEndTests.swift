import Foundation
import Testing

extension EndToEnd {
  /// An animated GIF playing in the item view, read back from the bytes the real binary
  /// writes to a pty (Pixels/motion.py): every frame drawn (a sixel, an iTerm2 image, a kitty
  /// placement) is told by its colour; their order is checked exactly, the gaps between them
  /// against the GIF's delays loosely (the machine is shared). The precise figures come from
  /// the same script with `--figures` (Benchmarks/README.md, "Motion").
  @Suite("Motion in pixels", .long)
  struct MotionEndToEndTests {
    @Test(
      "kitty, sixel and iTerm2: the GIF's frames follow each other in order, each for its delay",
      .enabled(if: PixelTools.headlessReady || Tmux.isRequired, PixelTools.headlessSkip))
    func frameTiming() throws {
      try #require(PixelTools.headlessReady, "python3 with PIL, numpy and pyte is needed")
      let results = try PixelTools.run("motion.py", ["kitty", "sixel", "iterm"])
      try PixelTools.expectAllPass(results)
      for protocolName in ["sixel", "iterm"] {
        let frames = results[protocolName]?["frames"] as? Int ?? 0
        #expect(frames >= 8, "\(protocolName): \(frames) frames in 4 s")
      }
      // kitty plays it itself: the four frames are sent once, with their gaps, then nothing.
      #expect(results["kitty"]?["terminal_plays"] as? Bool == true)
      #expect(results["kitty"]?["frames"] as? Int == 4)
      #expect(results["kitty"]?["bytes_after_run"] as? Int == 0)
    }

    /// The same GIF in a real kitty 0.26 under Xvfb (Pixels/kittyplay.py): screenshots show
    /// the colours following each other while artfeed writes nothing; Space stops and runs
    /// it; Esc takes it off the screen; kitty logs no error.
    @Test(
      "kitty plays the animation itself: colours change while artfeed is silent; Space, Esc",
      .enabled(
        if: PixelTools.missingTerminalTools.isEmpty || Tmux.isRequired, PixelTools.terminalSkip))
    func kittyPlays() throws {
      let missing = PixelTools.missingTerminalTools
      try #require(missing.isEmpty, "missing for the real-terminal tests: \(missing)")
      let results = try PixelTools.run("kittyplay.py", [])
      try PixelTools.expectAllPass(results)
    }
  }
}
