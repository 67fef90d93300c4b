import ArtfeedResources
import FeedCore
import Foundation
import Testing

extension EndToEnd {
  /// Colours when the terminal has them; attributes only under NO_COLOR, `--no-color` and a
  /// monochrome terminal, where the selected row must still stand out.
  @Suite("Colours and attributes")
  struct ColorTests {
    /// A way to start the browser, and whether colours are expected.
    struct Launch: CustomStringConvertible, Sendable {
      var commandLine: String
      var expectsColour: Bool
      var description: String { commandLine }
    }

    static let launches = [
      Launch(commandLine: "NO_COLOR=1 \"$ARTFEED\"", expectsColour: false),
      Launch(commandLine: "TERM=vt100 \"$ARTFEED\"", expectsColour: false),
      Launch(commandLine: "\"$ARTFEED\" --no-color", expectsColour: false),
      Launch(commandLine: "\"$ARTFEED\"", expectsColour: true),
    ]

    /// The first two titles of the bundled popular feed: selected at start, and not.
    func firstTitles() throws -> (selected: String, other: String) {
      let popular = try #require(BundledFeeds.popular)
      let items = try FeedParser.parse(contentsOf: popular).items
      try #require(items.count >= 2)
      return (try #require(items[0].title), try #require(items[1].title))
    }

    @Test(
      "colour codes only when allowed; reverse selection, unread ● and bold titles either way",
      arguments: launches)
    func colours(_ launch: Launch) throws {
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter(launch.commandLine + "; echo EXIT=$?")
      try tmux.waitFor("the list") {
        $0.first?.contains("artfeed: Popular") == true && $0.last?.contains("1/") == true
      }
      // The rows' marks come from the state's thread after the list: the unread mark left of
      // both titles is the state the checks need (a screen that merely stopped changing may
      // be one without them yet, when other tests load the machine).
      let titles = try firstTitles()
      // A row's marks are in its left margin, on its title's line (a blank away from the
      // picture).
      func isMarked(_ title: String, _ screen: [String]) -> Bool {
        screen.contains { $0.hasPrefix("● ") && $0.contains(title) }
      }
      try tmux.waitFor("the rows' unread marks") { screen in
        [titles.selected, titles.other].allSatisfy { isMarked($0, screen) }
      }
      _ = try tmux.settled("a still screen")
      let screen = StyledScreen(try tmux.captureStyled())

      if launch.expectsColour {
        #expect(!screen.colourParameters.isEmpty, "no colour SGR codes on a colour terminal")
      } else {
        #expect(screen.colourParameters == [], "colour SGR codes without colours")
      }
      let selected = try #require(
        screen.glyphs(of: titles.selected), "“\(titles.selected)” not on screen")
      let other = try #require(screen.glyphs(of: titles.other), "“\(titles.other)” not on screen")
      #expect(
        selected.allSatisfy { $0.reverse }, "the selected row's title is not in reverse video")
      #expect(!other.contains { $0.reverse }, "an unselected row's title is in reverse video")
      #expect(
        selected.allSatisfy { $0.bold } && other.allSatisfy { $0.bold }, "row titles are not bold")
      // The unread mark is a character left of the title, so it survives having no colours;
      // m marks the selected row read: its mark goes and its title is no longer bold.
      let lines = try tmux.capture()
      for title in [titles.selected, titles.other] {
        #expect(isMarked(title, lines), "no unread mark on the line of “\(title)”")
      }
      try tmux.send("m")
      try tmux.waitFor("the row marked read") { $0.last?.contains("Marked read") == true }
      let marked = StyledScreen(try tmux.captureStyled())
      let read = try #require(marked.glyphs(of: titles.selected), "“\(titles.selected)” gone")
      #expect(!read.contains { $0.bold }, "a read row's title is still bold")
      let markedLines = try tmux.capture()
      #expect(!isMarked(titles.selected, markedLines), "a read row keeps its mark")
      #expect(isMarked(titles.other, markedLines), "the next row lost its mark")

      try tmux.send("q")
      // vt100 has no alternate screen: the last frame stays, and the shell writes over its
      // status line from the first column.
      try tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=0") } }
    }
  }
}
