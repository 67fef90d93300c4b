import Foundation
import Testing

extension EndToEnd {
  /// The gallery (`v`) in tmux, on the bundled feeds: the real binary, real ncurses.
  @Suite("Gallery in tmux")
  struct GalleryEndToEndTests {
    /// The first line of the selected card's (or row's) title: the first text drawn reversed
    /// in the list area after the box's bottom edge (or on the row's first text line), with
    /// the marks and the box's frame and labels left out. The title bar and the status line,
    /// reversed too, are not in the list area.
    func selectedTitle(_ tmux: Tmux) throws -> String? {
      let screen = StyledScreen(try tmux.captureStyled())
      var afterBox = false
      for line in screen.lines.dropFirst().dropLast() {
        let glyphs = line.filter { $0.reverse }.map(\.character)
        if glyphs.contains("└") {
          afterBox = true
          continue
        }
        let text = String(glyphs.filter { !"●★│┌┐─".contains($0) })
          .split(separator: " ").joined(separator: " ")
        if !text.isEmpty, afterBox || !glyphs.contains("│") { return text }
      }
      return nil
    }

    @Test("v shows cards; moves, a resize that reflows keeps the selected card, Enter/Esc, v back")
    func gallery() throws {
      let tmux = try Tmux.browser(width: 100, height: 30, arguments: ["--no-images"])
      try tmux.waitFor("the list") { $0.last?.contains("1/64") == true }
      try tmux.send("v")
      let cards = try tmux.waitFor("the gallery") { $0.last?.contains("v list") == true }
      let boxes = cards[1..<29].map { $0.components(separatedBy: "┌──").count - 1 }
      #expect(
        boxes.max() == 5, "five columns of cards at 100 columns:\n\(cards.joined(separator: "\n"))")

      try tmux.send("l")
      try tmux.send("j")
      try tmux.send("j")
      try tmux.waitFor("card 12 selected") { $0.last?.contains("12/64") == true }
      let title = try #require(try selectedTitle(tmux), "the selected card's title is reversed")
      #expect(title.count >= 3, "“\(title)”")

      // 60 columns: three columns of cards; the selected card stays on screen.
      try tmux.resize(width: 60, height: 30)
      let narrow = try tmux.waitFor("the gallery at 60 columns") {
        ScreenText.redrawn($0, width: 60, height: 30) && $0.last?.contains("12/64") == true
      }
      let narrowBoxes = narrow[1..<29].map { $0.components(separatedBy: "┌──").count - 1 }
      #expect(narrowBoxes.max() == 3, "\(narrow.joined(separator: "\n"))")
      #expect(try selectedTitle(tmux)?.hasPrefix(title.prefix(8)) == true, "on screen at 60")
      try tmux.resize(width: 100, height: 30)
      try tmux.waitFor("the gallery at 100 columns") {
        ScreenText.redrawn($0, width: 100, height: 30)
      }
      #expect(try selectedTitle(tmux) == title, "back at 100 columns")

      try tmux.send("Enter")
      try tmux.waitFor("the item view") { $0.last?.contains("open link") == true }
      try tmux.send("Escape")
      try tmux.waitFor("the gallery again") {
        $0.last?.contains("v list") == true && $0.last?.contains("12/64") == true
      }
      #expect(try selectedTitle(tmux) == title, "after Esc")

      try tmux.send("v")
      try tmux.waitFor("the list again") { $0.last?.contains("v gallery") == true }
      let list = try tmux.settled("the list")
      #expect(list.last?.contains("12/64") == true, "the same item is selected")
      let row = try #require(try selectedTitle(tmux), "the selected row is on screen")
      #expect(row.hasPrefix(title), "the row “\(row)”, the card “\(title)”")
      try tmux.send("q")
    }
  }
}
