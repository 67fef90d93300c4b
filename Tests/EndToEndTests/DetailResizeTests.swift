import Foundation
import Testing

extension EndToEnd {
  /// The detail view keeps the reader's place when the window changes size.
  @Suite("Detail view across a resize")
  struct DetailResizeTests {
    /// "41/77 lines" from the status line: the last line shown.
    func linesShown(_ screen: [String]) -> Int? {
      guard let status = screen.last, let range = status.range(of: " lines") else { return nil }
      let counts = status[..<range.lowerBound].split(separator: " ").last ?? ""
      return counts.split(separator: "/").first.flatMap { Int($0) }
    }

    /// The first non-blank line below the title bar, without the scrollbar.
    func firstTextLine(_ screen: [String]) -> String? {
      ScreenText.withoutScrollbar(ScreenText.trimmed(screen)).dropFirst().dropLast()
        .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// The long read's paragraph and word index of a line's first word ("p3w17" is 3 and 17).
    func place(_ line: String) -> (paragraph: Int, word: Int)? {
      guard let first = line.split(separator: " ").first, first.hasPrefix("p") else { return nil }
      let parts = first.dropFirst().split(separator: "w")
      guard parts.count == 2, let paragraph = Int(parts[0]), let word = Int(parts[1]) else {
        return nil
      }
      return (paragraph, word)
    }

    /// Opens the long read at a size and scrolls it a line at a time (j) until the top line
    /// of text starts past word `minimumWord` of a paragraph; returns the still screen.
    func openLongRead(
      in scratch: Scratch, width: Int, height: Int, scrolledPast minimumWord: Int
    ) throws -> (Tmux, [String]) {
      let feed = try TestFeed.write(into: scratch.url)
      let count = TestFeed.entries.count
      let tmux = try Tmux.browser(width: width, height: height, arguments: [feed])
      try tmux.waitFor("the list") { $0.last?.contains("1/\(count)") == true }
      try tmux.send("G")
      try tmux.waitFor("the long read selected") { $0.last?.contains("\(count)/\(count)") == true }
      try tmux.send("Enter")
      var screen = try tmux.waitFor("the long read") { screen in
        screen.contains { $0.contains(TestFeed.longReadTitle) } && linesShown(screen) != nil
      }
      for _ in 0..<40 {
        if let line = firstTextLine(screen), let place = place(line), place.word > minimumWord {
          break
        }
        let shown = try #require(linesShown(screen))
        try tmux.send("j")
        screen = try tmux.waitFor("one line further") { linesShown($0) == shown + 1 }
      }
      return (tmux, try tmux.settled("a still detail view"))
    }

    @Test("a resize to 60 columns and back to 100 keeps the first line of text on screen")
    func roundTrip() throws {
      let scratch = try Scratch()
      // Inside a paragraph, not at its start: the case where a re-wrap could lose the place.
      let (tmux, before) = try openLongRead(in: scratch, width: 100, height: 30, scrolledPast: 1)
      let firstLine = try #require(firstTextLine(before))
      let start = try #require(place(firstLine), "not inside the long read: \(firstLine)")

      try tmux.resize(width: 60, height: 30)
      let narrow = try tmux.waitFor("a frame at 60 columns") {
        ScreenText.redrawn($0, width: 60, height: 30)
      }
      let narrowLine = try #require(firstTextLine(narrow))
      #expect(
        place(narrowLine)?.paragraph == start.paragraph,
        "at 60 columns the top shows “\(narrowLine)”, not paragraph \(start.paragraph)")

      try tmux.resize(width: 100, height: 30)
      try tmux.waitFor("a frame at 100 columns") { ScreenText.redrawn($0, width: 100, height: 30) }
      let after = try tmux.screen { $0 == before }
      #expect(firstTextLine(after) == firstLine)
      #expect(after == before, "\(ScreenText.difference(after, before, seenName: "after"))")

      try tmux.send("q")
      let count = TestFeed.entries.count
      try tmux.waitFor("the list again") { $0.last?.contains("\(count)/\(count)") == true }
    }

    /// The detail view keeps the reader's place by the text, not by the line number: the word
    /// that began the top line is on the top line after a re-wrap to another width.
    @Test(
      "a re-wrap keeps the first word of the top line on the top line",
      arguments: [(100, 60), (60, 100)])
    func topWordStaysAtTop(from: Int, to: Int) throws {
      let scratch = try Scratch()
      let (tmux, before) = try openLongRead(in: scratch, width: from, height: 30, scrolledPast: 40)
      let topLine = try #require(firstTextLine(before))
      let word = try #require(topLine.split(separator: " ").first.map(String.init))

      try tmux.resize(width: to, height: 30)
      let after = try tmux.waitFor("a frame at \(to) columns") {
        ScreenText.redrawn($0, width: to, height: 30)
      }
      let newTop = firstTextLine(after) ?? ""
      #expect(
        newTop.split(separator: " ").contains { $0 == word },
        "\(from) -> \(to) columns: the top line was “\(topLine)”, now “\(newTop)”")
    }
  }
}
