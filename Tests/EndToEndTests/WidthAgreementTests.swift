import Foundation
import Testing
import TextLayout

extension EndToEnd {
  /// The layout's cell widths against what ncurses advances and tmux draws.
  ///
  /// `artfeed render` runs the same state, layout and drawing code into a text buffer, so when
  /// the terminal shows the same lines, every laid-out line took exactly the cells the layout
  /// computed: a line that was too wide would wrap or push the scrollbar, one too narrow would
  /// leave a gap before it.
  @Suite("Width agreement")
  struct WidthAgreementTests {
    static let sizes = [(100, 30), (37, 20), (23, 12)]

    @Test(
      "tmux shows every list screen of hard-to-measure text as render lays it out",
      arguments: sizes)
    func listScreens(width: Int, height: Int) throws {
      let scratch = try Scratch()
      let feed = try TestFeed.write(into: scratch.url)
      let count = TestFeed.entries.count
      let tmux = try Tmux.browser(width: width, height: height, arguments: [feed])
      let size = ["--width", "\(width)", "--height", "\(height)"]

      try tmux.waitFor("the test feed") { $0.last?.contains("1/\(count)") == true }
      try expectScreen(
        tmux, equals: try ArtfeedCommand.render([feed] + size), width: width, height: height,
        "first screen")

      try tmux.send("G")
      try tmux.waitFor("the end of the list") { $0.last?.contains("\(count)/\(count)") == true }
      try expectScreen(
        tmux, equals: try ArtfeedCommand.render([feed, "--end"] + size), width: width,
        height: height, "after G")

      // Every row selected in turn. The scrollbar thumb is left out: it follows the height
      // estimate, which depends on the rows measured on the way (j from the top measures other
      // rows than a jump does).
      try tmux.send("g")
      try tmux.waitFor("the top of the list") { $0.last?.contains("1/\(count)") == true }
      for row in 1..<count {
        try tmux.send("j")
        try tmux.waitFor("row \(row + 1)") { $0.last?.contains("\(row + 1)/\(count)") == true }
        let expected = try ArtfeedCommand.render([feed, "--select", "\(row)"] + size)
        try expectScreen(
          tmux, equals: expected, width: width, height: height, "row \(row + 1) selected",
          ignoringScrollbar: true)
      }
    }

    /// Waits (bounded) for tmux to show `expected`, then compares line for line; also checks
    /// that `DisplayWidth` puts the scrollbar of every list line, as tmux captured it, in the
    /// last column.
    func expectScreen(
      _ tmux: Tmux, equals expected: [String], width: Int, height: Int, _ step: String,
      ignoringScrollbar: Bool = false
    ) throws {
      func normal(_ lines: [String]) -> [String] {
        let lines = ScreenText.comparable(lines)
        return ignoringScrollbar ? ScreenText.withoutScrollbar(lines) : lines
      }
      let wanted = normal(expected)
      let screen = try tmux.screen { normal($0) == wanted }
      let seen = normal(screen)
      let agrees = seen == wanted
      #expect(agrees, "\(step):\n\(ScreenText.difference(seen, wanted))")
      #expect(
        ScreenText.redrawn(screen, width: width, height: height),
        "\(step): a list line's width is not \(width):\n\(screen.joined(separator: "\n"))")
    }
  }
}
