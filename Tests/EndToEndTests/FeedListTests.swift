import Foundation
import HTTP
import TestSupport
import Testing

extension EndToEnd {
  /// The feed list under tmux, with three subscriptions on a loopback server (one failing):
  /// refreshing, opening a feed and coming back, a refresh under the reader, and a search
  /// across every feed.
  @Suite("Feed list")
  struct FeedListTests {
    @Test(
      "refresh, open a feed and come back, keep the place on r, search across every feed and Esc back"
    )
    func feedList() throws {
      let scratch = try Scratch()
      let files = scratch.url.appendingPathComponent("files")
      try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
      try SmallFeed.writeGalleries(in: files)
      let server = try TestServer(directory: files)
      defer { server.stop() }
      let config = scratch.url.appendingPathComponent("config/artfeed")
      try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
      let broken = server.url("/status/500").absoluteString
      try """
      # three feeds, one failing
      \(server.url("/files/north.xml").absoluteString) art "~North"
      \(server.url("/files/south.xml").absoluteString)
      \(broken)

      """.write(to: config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)

      let tmux = try Tmux.shell(width: 90, height: 16)
      try tmux.enter(
        "XDG_CONFIG_HOME=\(scratch.path("config")) XDG_CACHE_HOME=\(scratch.path("cache")) "
          + "\"$ARTFEED\"; echo EXIT=$?")
      // Nothing was cached: every feed is fetched as the list opens. The items read are then
      // recorded and counted, the last work the opening does: until then the counts say less.
      let opened = try tmux.waitFor("the feed list, counted") { screen in
        screen.contains { $0.contains("South Gallery") && $0.contains("fresh") }
          && screen.contains { $0.contains("error: HTTP 500") }
          && screen.last?.contains("1 feed failed") == true
          && screen.first?.contains("5 items · 5 unread") == true
      }
      // Counts from the reading state: unread / total (a fresh state: all unread), and the
      // starred items' and the followed artists' lines under All items.
      #expect(opened[0].contains("artfeed · 3 feeds · 5 items · 5 unread"))
      #expect(opened[1].contains("▸ All items") && opened[1].contains("5/5 unread"))
      #expect(opened[2].contains("★ Starred") && opened[2].contains("0 starred"))
      #expect(opened[3].contains("♥ Following"), "\(opened)")
      #expect(opened[4].contains("North") && opened[4].contains("3/3 unread"))
      #expect(!opened.joined().contains("North Gallery"), "the feeds file's ~title wins")

      // R: every feed again, four at a time at most; the list says how it went.
      _ = try runBlocking {
        try await CurlClient.shared.send(HTTPRequest(url: server.url("/log?clear=1")))
      }
      try tmux.send("R")
      // The server sees the three requests before the screen can show the refresh's end
      // (until then the status line may still show the opening's "1 feed failed").
      try poll("three requests, one per feed") {
        try runBlocking { try await server.requests() }.count == 3
      }
      // The refresh ends with a line saying what happened.
      try tmux.waitFor("the refresh's end") { screen in
        screen.last?.contains("Refresh incomplete: 1 of 3 feeds could not be fetched") == true
          && !screen.joined().contains("refreshing")
      }
      let asked = try runBlocking { try await server.requests() }.map(\.path).sorted()
      #expect(asked == ["/files/north.xml", "/files/south.xml", "/status/500"])

      // Enter opens South; Esc comes back to the list with South still selected.
      try tmux.send("j", "j", "j", "j", "Enter")
      // The whole page, not a half-drawn frame: the title, a row and the page's hints.
      try tmux.waitFor("South's items") { screen in
        screen.first?.contains("South Gallery · 3 items") == true
          && screen.joined().contains("Dune") && screen.last?.contains("Esc feeds") == true
      }
      try tmux.send("Escape")
      try tmux.waitFor("the list, South selected") { screen in
        screen.contains { $0.hasPrefix("▸ South Gallery") } && screen.last?.contains("5/6") == true
      }

      // North, second item selected; two new items arrive at its top; r keeps Fjord on its line.
      try tmux.send("k", "Enter", "j")
      let before = try tmux.waitFor("North, Fjord selected") { $0.last?.contains("2/3") == true }
      // A row's title starts in column 2 (columns 0-1 hold its unread and starred marks).
      func isTitle(_ line: String, _ title: String) -> Bool { line.dropFirst(2).hasPrefix(title) }
      let fjordLine = before.firstIndex { isTitle($0, "Fjord") }
      try SmallFeed.writeGalleries(
        in: files,
        northExtra: [.init("Comet", by: "Vel Ra", day: 22), .init("Nova", by: "Vel Ra", day: 23)])
      try tmux.send("r")
      let after = try tmux.waitFor("North reloaded") {
        $0.first?.contains("North · 5 items") == true && $0.last?.contains("4/5") == true
      }
      #expect(fjordLine != nil && after.firstIndex { isTitle($0, "Fjord") } == fjordLine)
      try tmux.send("Escape")
      try tmux.waitFor("the list with North's new count") { screen in
        screen.contains { $0.hasPrefix("▸ North") && $0.contains("5/5 unread") }
          && screen.first?.contains("7 items") == true
      }

      // / on the list searches every feed: Mira Sol's work from North and South.
      try tmux.send("/")
      try tmux.type("mira")
      // Title lines: the name and at most the scrollbar's cell.
      func titles(_ screen: [String]) -> [Substring] {
        screen.map { $0.dropFirst(2).split(separator: " ") }.filter { $0.count <= 2 }
          .compactMap(\.first)
      }
      try tmux.waitFor("the search across feeds") { screen in
        screen.first?.contains("Artist: mira · 2 items") == true
          && titles(screen).contains("Dune") && titles(screen).contains("Aurora")
      }
      // Enter keeps the search; Esc then goes back where / was pressed: the feed list.
      try tmux.send("Enter")
      try tmux.waitFor("the kept search") { $0.last?.contains("Esc feeds") == true }
      try tmux.send("Escape")
      try tmux.waitFor("the list again") { $0.first?.contains("3 feeds") == true }
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }

    @Test("R and r with the network down end with a line saying the refresh failed")
    func refreshWithTheNetworkDown() throws {
      let scratch = try Scratch()
      let files = scratch.url.appendingPathComponent("files")
      try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
      try SmallFeed.writeGalleries(in: files)
      let server = try TestServer(directory: files)
      let config = scratch.url.appendingPathComponent("config/artfeed")
      try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
      try """
      \(server.url("/files/north.xml").absoluteString)
      \(server.url("/files/south.xml").absoluteString)

      """.write(to: config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
      let environment =
        "XDG_CONFIG_HOME=\(scratch.path("config")) XDG_CACHE_HOME=\(scratch.path("cache"))"
      let tmux = try Tmux.shell(width: 120, height: 12)
      try tmux.enter("\(environment) \"$ARTFEED\" refresh; echo REFRESHED=$?")
      try tmux.waitFor("the first refresh") { $0.contains { $0.contains("REFRESHED=0") } }
      server.stop()
      try tmux.enter("clear; \(environment) \"$ARTFEED\"; echo EXIT=$?")
      try tmux.waitFor("the feed list from the cache") { screen in
        screen.first?.contains("2 feeds · 5 items") == true
      }
      try tmux.send("R")
      let failed = try tmux.waitFor("the refresh's end") { screen in
        screen.last?.contains("Refresh failed: 2 feeds could not be fetched") == true
      }
      #expect(failed.last?.contains("showing cached copies") == true, "\(failed)")
      // r on one feed names it.
      try tmux.send("j", "j", "j", "r")
      try tmux.waitFor("the one feed's refresh") { screen in
        screen.last?.contains("Refresh failed: “North Gallery” could not be fetched") == true
      }
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }

    @Test(
      "feed-level keys: n finds a feed with unread items, A marks it read, u undoes, t narrows All items"
    )
    func feedActions() throws {
      let scratch = try Scratch()
      let files = scratch.url.appendingPathComponent("files")
      try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
      try SmallFeed.writeGalleries(in: files)
      let server = try TestServer(directory: files)
      defer { server.stop() }
      let config = scratch.url.appendingPathComponent("config/artfeed")
      try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
      try """
      \(server.url("/files/north.xml").absoluteString) art
      \(server.url("/files/south.xml").absoluteString) photo

      """.write(to: config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
      let tmux = try Tmux.shell(width: 100, height: 14)
      try tmux.enter(
        "XDG_CONFIG_HOME=\(scratch.path("config")) XDG_CACHE_HOME=\(scratch.path("cache")) "
          + "\"$ARTFEED\" --no-images; echo EXIT=$?")
      try tmux.waitFor("the feed list, counted") { screen in
        screen.contains { $0.contains("North Gallery") && $0.contains("3/3 unread") }
          && screen.contains { $0.contains("South Gallery") && $0.contains("3/3 unread") }
      }
      // n: the first feed with unread items (below All items and Starred).
      try tmux.send("n")
      try tmux.waitFor("North selected") { $0.contains { $0.hasPrefix("▸ North Gallery") } }
      try tmux.send("A")
      try tmux.waitFor("North read") { screen in
        screen.contains { $0.hasPrefix("▸ North Gallery") && $0.contains("0/3 unread") }
          && screen.last?.contains("Marked 3 items read (u undoes it)") == true
      }
      // n skips the read feed: South is next.
      try tmux.send("g", "n")
      try tmux.waitFor("South selected") { $0.contains { $0.hasPrefix("▸ South Gallery") } }
      try tmux.send("u")
      try tmux.waitFor("North unread again") { screen in
        screen.contains { $0.contains("North Gallery") && $0.contains("3/3 unread") }
      }
      // t: the art feeds only, and All items opens their items alone.
      try tmux.send("t", "g", "Enter")
      let tagged = try tmux.waitFor("All items of the art feeds") { screen in
        screen.first?.contains("All items · tag: art · 3 items") == true
      }
      #expect(!tagged.joined().contains("Reef"), "South's items are not in it")
      try tmux.send("Escape", "q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }
  }
}
