import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// Whole screens as recorded text (`Snapshots/`): what `render` prints and what the browser
  /// shows in tmux. Dates are local time, and every spawned program runs with `TZ=UTC`.
  /// Pictures are off here (`render --no-images`, `i` in the browser): their cells belong to
  /// libchafa's version and arrive in their own time; the picture tests check them.
  @Suite("Whole screens")
  struct ScreenSnapshotTests {
    static let renderCases: [(name: String, arguments: [String])] = [
      ("bundled-80x24", ["--width", "80", "--height", "24"]),
      ("bundled-100x30", ["--width", "100", "--height", "30"]),
      ("artist-inkwell-100x30", ["--artist", "inkwell", "--width", "100", "--height", "30"]),
      ("bundled-50x30-selected-4", ["--width", "50", "--height", "30", "--select", "4"]),
      ("tiny-5x3", ["--width", "5", "--height", "3"]),
      ("tiny-9x3", ["--width", "9", "--height", "3"]),
      ("tiny-20x6", ["--width", "20", "--height", "6"]),
      // Title-less posts titled from their text, the artist from the account's feed, a gifv's
      // still, alt texts kept off the rows (FeedArt's fixtures).
      ("mastodon-100x30", [sourceFixture("mastodon.rss"), "--width", "100", "--height", "30"]),
      ("bluesky-80x24", [sourceFixture("bluesky.rss"), "--width", "80", "--height", "24"]),
    ]

    /// A feed of FeedArt's source-shaped fixtures.
    static func sourceFixture(_ name: String) -> String {
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FeedArtTests/Fixtures/Sources/" + name).path
    }

    @Test("render prints the recorded screen", arguments: renderCases.map(\.name))
    func render(name: String) throws {
      let arguments = try #require(Self.renderCases.first { $0.name == name }).arguments
      let screen = try ArtfeedCommand.render(arguments + ["--no-images"])
      assertSnapshot(screen, named: name)
    }

    @Test("the help overlay at 80x24 and at 40x12")
    func help() throws {
      let tmux = try Tmux.browser(width: 80, height: 24, arguments: [])
      try tmux.waitFor("the list") { $0.last?.contains("1/") == true }
      try tmux.send("i")
      try tmux.waitFor("pictures off") { $0.joined().contains("image") }
      try tmux.send("?")
      // Taller than 24 lines since the reading keys came: it scrolls (j/k: more).
      try tmux.waitFor("the help overlay") { $0.joined().contains("─ j/k: more ─") }
      assertSnapshot(
        try tmux.snapshotScreen("the help overlay", named: "help-80x24"), named: "help-80x24")
      try tmux.resize(width: 40, height: 12)
      try tmux.waitFor("the help at 40x12") { $0.count == 12 && $0.joined().contains("j/k: more") }
      assertSnapshot(
        try tmux.snapshotScreen("the help at 40x12", named: "help-40x12"), named: "help-40x12")
      try tmux.send("q")
    }

    @Test("an item of an artist's search, opened at 80x24")
    func itemView() throws {
      let tmux = try Tmux.browser(width: 80, height: 24, arguments: ["--artist", "inkwell"])
      try tmux.waitFor("the search result") { $0.last?.contains("1/") == true }
      try tmux.send("Enter")
      try tmux.waitFor("the item view") { $0.last?.contains("j/k scroll") == true }
      assertSnapshot(
        try tmux.snapshotScreen("the item view", named: "item-inkwell-80x24"),
        named: "item-inkwell-80x24")
      try tmux.send("q")
    }
  }
}
