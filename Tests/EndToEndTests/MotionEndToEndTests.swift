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
      for protocolName in ["kitty", "sixel", "iterm"] {
        let frames = results[protocolName]?["frames"] as? Int ?? 0
        #expect(frames >= 8, "\(protocolName): \(frames) frames in 4 s")
      }
    }
  }
}
