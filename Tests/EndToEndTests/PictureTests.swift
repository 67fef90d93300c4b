import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// Thumbnails on the real terminal: colours in the boxes, colour pairs that survive a
  /// scroll through every picture, boxes whole after resizes, shades without colour.
  @Suite("Pictures in the terminal")
  struct PictureTests {
    /// The browser on the bundled feed at a size, once it is loaded and counted (64 items,
    /// 64 unread) and its first pictures are in.
    func startBrowser(width: Int, height: Int, environment: String = "") throws -> Tmux {
      let tmux = try Tmux.shell(width: width, height: height, environment: environment)
      try tmux.enter("\"$ARTFEED\"; echo EXIT=$?")
      try tmux.waitFor("the list with its pictures and counts") {
        $0.last?.contains("1/64") == true && $0.first?.contains("64 unread") == true
          && !ScreenText.hasLoadingBox($0)
      }
      return tmux
    }

    /// Cells of the first row's box (columns 2-13, lines 2-7 of the screen).
    func firstBox(_ screen: StyledScreen) -> [StyledScreen.Glyph] {
      (2...7).flatMap { line in
        screen.lines.indices.contains(line) ? Array(screen.lines[line].dropFirst(2).prefix(12)) : []
      }
    }

    @Test("image rows carry colour in their boxes, the colours render --color prints")
    func colouredBoxes() throws {
      let tmux = try startBrowser(width: 100, height: 30)
      let expected = StyledScreen(
        try ArtfeedCommand.render(["--width", "100", "--height", "30", "--color"])
          .joined(separator: "\n"))
      let screen = StyledScreen(try tmux.captureStyled())
      let box = firstBox(screen)
      #expect(box.filter { $0.background != nil }.count > 24, "the first box has few colours")
      #expect(box == firstBox(expected), "the box differs from render --color")
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=0") } }
    }

    @Test("scrolling the whole bundled feed and back leaves the first screen's colours intact")
    func scrollRoundTrip() throws {
      let tmux = try startBrowser(width: 100, height: 30)
      let first = try tmux.captureStyled()
      var pages = 0
      while try !(tmux.capture().last?.contains("64/64") ?? false), pages < 60 {
        let before = try tmux.capture()
        try tmux.send("Space")
        try tmux.waitFor("the next page") { $0 != before }
        pages += 1
      }
      #expect(pages >= 10, "the feed took \(pages) pages")
      try tmux.send("g")
      try tmux.waitFor("the top again") { $0.last?.contains(" 1/64") == true }
      // The pictures come from the cache at once, but the frame may still be drawing (and
      // on a loaded machine take seconds).
      var styled = try tmux.captureStyled()
      let deadline = Date().addingTimeInterval(TimeScale.seconds(20))
      while styled != first, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.1)
        styled = try tmux.captureStyled()
      }
      #expect(StyledScreen(styled).lines == StyledScreen(first).lines, "colours changed")
    }

    @Test("resizes keep every box whole: the screen is render's at each size")
    func resizes() throws {
      let tmux = try startBrowser(width: 100, height: 30)
      for (width, height) in [(50, 30), (120, 40), (30, 20), (100, 30)] {
        try tmux.resize(width: width, height: height)
        let expected = try ArtfeedCommand.render(["--width", "\(width)", "--height", "\(height)"])
        let screen = try tmux.screen(timeout: 10) { ScreenText.trimmed($0) == expected }
        #expect(
          ScreenText.trimmed(screen) == expected,
          "\(width)x\(height):\n\(ScreenText.difference(ScreenText.trimmed(screen), expected))")
      }
    }

    @Test("NO_COLOR gives shades: no colour codes, the pictures as ░▒▓█")
    func shades() throws {
      let tmux = try startBrowser(width: 100, height: 30, environment: "NO_COLOR=1")
      let styled = StyledScreen(try tmux.captureStyled())
      #expect(styled.colourParameters.isEmpty)
      let box = String(firstBox(styled).map(\.character))
      #expect(box.contains { "░▒▓█".contains($0) }, "no shades in \(box)")
      let expected = try ArtfeedCommand.render([
        "--width", "100", "--height", "30", "--colors", "none",
      ])
      let screen = try tmux.screen { ScreenText.trimmed($0) == expected }
      #expect(ScreenText.trimmed(screen) == expected)
    }
  }
}
