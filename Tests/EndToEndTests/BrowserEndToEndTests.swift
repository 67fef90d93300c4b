import Foundation
import Testing
import TextLayout

extension EndToEnd {
  /// The real binary in a real terminal (tmux): what a person would do, checked on the screen.
  @Suite("A browsing session")
  struct BrowserEndToEndTests {
    func expectFits(_ screen: [String], width: Int, _ step: String) {
      for line in screen {
        #expect(DisplayWidth.of(line) <= width, "\(step): line wider than \(width): \(line)")
      }
    }

    /// The words of `title` appear on screen in order, across wrapped lines: re-wrapped, not cut.
    func expectWholeTitle(_ title: String, on screen: [String], _ step: String) {
      let text = screen.joined(separator: " ")
        .split(whereSeparator: { $0 == " " || $0 == "│" || $0 == "┃" })
        .joined(separator: " ")
      let words = Sanitizer.clean(title).split(separator: " ").map(String.init)
      var rest = Substring(text)
      for word in words {
        guard let range = rest.range(of: word) else {
          Issue.record(
            "\(step): title word “\(word)” of “\(title)” missing from:\n\(screen.joined(separator: "\n"))"
          )
          return
        }
        rest = rest[range.upperBound...]
      }
    }

    @Test("browse, search an artist, open and close an item, resize, quit with the terminal sane")
    func session() throws {
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter("$ARTFEED; echo EXIT=$?")

      // The first screen is the popular feed, exactly as `render` draws it.
      // Pictures arrive after the list; render waits for them, so poll until they are in.
      let rendered = ScreenText.trimmed(
        try ArtfeedCommand.render(["--width", "100", "--height", "30"]))
      let first = try tmux.screen(timeout: 20) { ScreenText.trimmed($0) == rendered }
      #expect(ScreenText.trimmed(first) == rendered, "\(ScreenText.difference(first, rendered))")

      // Search by artist as you type; only that artist's items, as `render --artist` lists them.
      try tmux.send("/")
      try tmux.type("inkwell")
      try tmux.waitFor("search results") { $0.first?.contains("Artist: inkwell") == true }
      try tmux.send("Enter")
      let expected = try ArtfeedCommand.render([
        "--artist", "inkwell", "--width", "100", "--height", "30",
      ])
      let expectedRows = Array(ScreenText.trimmed(expected).dropLast())
      let found = try tmux.screen(timeout: 20) {
        $0.last?.contains("Esc all items") == true
          && Array(ScreenText.trimmed($0).dropLast()) == expectedRows
      }
      #expect(
        Array(ScreenText.trimmed(found).dropLast())
          == Array(ScreenText.trimmed(expected).dropLast()))
      #expect(found.first?.contains("items") == true)

      // Open the second item and close it again.
      try tmux.send("j")
      try tmux.waitFor("selection moved") { $0.last?.contains("2/") == true }
      // Settled: a picture that arrives now must not make the screen after Esc differ.
      let beforeDetail = try tmux.settled("the list with pictures in")
      try tmux.send("Enter")
      // The item view: its status line; the picture fills the screen above the heading.
      try tmux.waitFor("the detail view") { screen in
        screen.last?.contains("j/k scroll") == true && screen.last?.contains("lines") == true
      }
      try tmux.send("Escape")
      try tmux.waitFor("the list again") { $0.last?.contains("2/") == true }
      // The same screen, but the item opened is read now: its unread mark (●) is gone.
      let opened = try #require(
        beforeDetail.firstIndex { $0.hasPrefix("●") && $0.contains("Mothorchard study") })
      var afterReading = beforeDetail
      afterReading[opened] = afterReading[opened].replacingOccurrences(of: "●", with: " ")
      let back = try tmux.screen(timeout: 10) { $0 == afterReading }
      #expect(back == afterReading, "\(ScreenText.difference(back, afterReading))")

      // Resize: every line fits, the selected title is re-wrapped whole, and it stays on screen.
      let selectedTitle = try Bundled.items(byArtist: "inkwell")[1].title ?? "[No Title]"
      for (width, height) in [(50, 30), (120, 30), (20, 10)] {
        try tmux.resize(width: width, height: height)
        let screen = try tmux.waitFor("resize to \(width)x\(height)") {
          ScreenText.redrawn($0, width: width, height: height) && $0.last?.contains("2/") == true
        }
        expectFits(screen, width: width, "\(width)x\(height)")
        expectWholeTitle(selectedTitle, on: screen, "\(width)x\(height)")
      }

      // Quit: back to the full list, then out, with the shell prompt and a sane terminal.
      try tmux.send("q")
      try tmux.waitFor("the full list") { $0.first?.contains("Popular") == true }
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
      #expect(try tmux.echoAndCanonicalFlags() == ["echo", "icanon"])
    }
  }
}
