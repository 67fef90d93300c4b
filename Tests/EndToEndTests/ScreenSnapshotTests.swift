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

    static let narrowWidths = [20, 40, 50, 80]

    /// `snapshotScreen` then `assertSnapshot`, under one name, once the screen is no longer
    /// `before` (the screen before the keys or the resize that lead to it: a recording must
    /// not catch the frame before theirs). Returns the screen.
    @discardableResult
    static func check(
      _ tmux: Tmux, _ what: String, _ name: String, after before: [String],
      when ready: ([String]) -> Bool = { _ in true }
    ) throws -> [String] {
      try tmux.waitFor("\(what), drawn") { $0 != before && ready($0) }
      // Half a second without a change: a loaded machine can pause between two frames.
      var still = try tmux.capture()
      var since = Date()
      while Date().timeIntervalSince(since) < 0.5 {
        Thread.sleep(forTimeInterval: 0.1)
        let now = try tmux.capture()
        if now != still { (still, since) = (now, Date()) }
      }
      let screen = try tmux.snapshotScreen(what, named: name)
      assertSnapshot(screen, named: name)
      return try tmux.capture()
    }

    @Test(
      "narrow terminals: the list, the gallery, an item and the prompts at 20, 40, 50 and 80 columns",
      .long)
    func narrowBrowser() throws {
      let tmux = try Tmux.browser(width: 80, height: 16, arguments: ["--bundled", "--no-images"])
      try tmux.waitFor("the list") { $0.last?.contains("1/") == true && $0.joined().contains("●") }
      var screen = try tmux.settled("the list, still")
      for width in Self.narrowWidths {
        try tmux.resize(width: width, height: 16)
        screen = try Self.check(tmux, "the list at \(width)", "narrow-list-\(width)", after: screen)
        let list = screen
        try tmux.send("v")
        // The gallery's cards: their boxes three columns in or more (a row's is two).
        screen = try Self.check(
          tmux, "the gallery at \(width)", "narrow-gallery-\(width)", after: screen
        ) { $0.contains { $0.range(of: #"^ {3,}┌"#, options: .regularExpression) != nil } }
        try tmux.send("v")
        try tmux.waitFor("the list again at \(width)") { $0 == list }
        try tmux.send("Enter")
        screen = try Self.check(
          tmux, "the item at \(width)", "narrow-item-\(width)", after: list
        ) { $0.last?.contains(" lines") == true }
        try tmux.send("Escape")
        try tmux.waitFor("back from the item at \(width)") { $0.last == list.last }
        try tmux.send("/")
        try tmux.type("ink")
        screen = try Self.check(
          tmux, "the artist prompt at \(width)", "narrow-artist-prompt-\(width)", after: list
        ) { $0.last?.hasPrefix("Artist: ink") == true && $0[0].contains("ink") }
        try tmux.send("Escape")
        try tmux.waitFor("the prompt closed at \(width)") { $0.last == list.last }
        try tmux.send("F")
        try tmux.type("unread sincee:7d")
        try tmux.send("Enter")
        screen = try Self.check(
          tmux, "a bad filter at \(width)", "narrow-filter-error-\(width)", after: screen
        ) { $0.joined().contains("rating:)") }
        try tmux.send("Escape")
        screen = try tmux.waitFor("the list again at \(width)") { $0.last?.contains("1/") == true }
      }
      try tmux.send("q")
    }

    @Test("narrow terminals: the feed list at 20, 40, 50 and 80 columns")
    func narrowFeedList() throws {
      let scratch = try Scratch()
      let config = scratch.path("config/artfeed")
      try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
      let feeds = Paths.packageRoot.appendingPathComponent("Resources/feeds")
      try ["artist-inkwell-moth.rss", "artist-pixelheron.rss", "artist-reneedraws.rss"]
        .map { feeds.appendingPathComponent($0).path + " art" }.joined(separator: "\n")
        .write(toFile: config + "/feeds", atomically: true, encoding: .utf8)
      let data = Tmux.freshDataHome()
      let tmux = try Tmux(
        width: 80, height: 12,
        command:
          "exec env -u NO_COLOR LANG=C.UTF-8 TZ=UTC XDG_CONFIG_HOME='\(scratch.path("config"))' "
          + "XDG_CACHE_HOME='\(scratch.path("cache"))' XDG_DATA_HOME='\(data)' "
          + "'\(Paths.artfeed.path)' --no-images",
        dataHome: data)
      var screen = try tmux.waitFor("the feed list") { $0.contains { $0.contains("local file") } }
      screen = try tmux.settled("the feed list counted")
      for width in Self.narrowWidths {
        try tmux.resize(width: width, height: 12)
        screen = try Self.check(
          tmux, "the feed list at \(width)", "narrow-feeds-\(width)", after: screen)
      }
      try tmux.send("q")
    }
  }
}
