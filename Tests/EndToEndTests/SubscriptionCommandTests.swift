import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// `artfeed feeds/add/remove/import/export/init/refresh` as scripts run them, each test with
  /// its own XDG_CONFIG_HOME and XDG_CACHE_HOME.
  @Suite("Subscription commands")
  struct SubscriptionCommandTests {
    /// A scratch folder with the two XDG variables pointing into it.
    struct Home {
      let scratch: Scratch
      var environment: [String: String] {
        [
          "XDG_CONFIG_HOME": scratch.path("config"), "XDG_CACHE_HOME": scratch.path("cache"),
          "XDG_DATA_HOME": scratch.path("data"),
        ]
      }
      var feedsFile: String { scratch.path("config/artfeed/feeds") }

      init() throws { scratch = try Scratch() }

      func run(_ arguments: [String]) throws -> Spawned {
        try ArtfeedCommand.run(arguments, environment: environment)
      }

      func feeds() throws -> String { try String(contentsOfFile: feedsFile, encoding: .utf8) }
    }

    @Test("init copies the example once and never over a file; feeds lists it as never fetched")
    func initialize() throws {
      let home = try Home()
      let none = try home.run(["feeds"])
      #expect(none.status == 0 && none.output.contains("does not exist"), "\(none.output)")
      let first = try home.run(["init"])
      #expect(first.status == 0, "\(first.errors)")
      let example = try home.feeds()
      #expect(example.contains("https://backend.deviantart.com/rss.xml?q=boost%3Apopular"))
      try (example + "# mine\n").write(toFile: home.feedsFile, atomically: true, encoding: .utf8)
      let second = try home.run(["init"])
      #expect(second.status == 1 && second.errors.contains("exists already"), "\(second.errors)")
      #expect(try home.feeds() == example + "# mine\n")
      let listed = try home.run(["feeds"])
      #expect(listed.status == 0)
      let lines = listed.output.split(separator: "\n")
      // Each with its ~title first, then its address.
      #expect(
        lines.count == 3
          && lines.allSatisfy { $0.hasPrefix("never fetched  ") && $0.contains("  https://") },
        "\(listed.output)")
    }

    @Test("add and remove edit one line, keep comments, refuse duplicates and unknown sources")
    func addRemove() throws {
      let home = try Home()
      let original = "# my feeds\n\nhttps://a.example/feed.xml art  # trailing\nquery:x:y\n"
      try FileManager.default.createDirectory(
        atPath: home.scratch.path("config/artfeed"), withIntermediateDirectories: true)
      try original.write(toFile: home.feedsFile, atomically: true, encoding: .utf8)
      let feed = home.scratch.path("local.rss")
      try "<rss><channel><title>L</title></channel></rss>".write(
        toFile: feed, atomically: true, encoding: .utf8)

      let added = try home.run([
        "add", "https://b.example/x.xml", "--tag", "two words", "--title", "B",
      ])
      #expect(added.status == 0, "\(added.errors)")
      #expect(
        added.errors.contains("feeds line 4: query:x:y: newsboat's query: feeds"), "\(added.errors)"
      )
      #expect(try home.run(["add", feed]).status == 0)
      #expect(
        try home.feeds() == original + "https://b.example/x.xml \"two words\" \"~B\"\n\(feed)\n")
      let duplicate = try home.run(["add", "https://a.example/feed.xml"])
      #expect(duplicate.status == 1)
      #expect(
        duplicate.errors.contains(
          "https://a.example/feed.xml is already subscribed (feeds file line 3)"))
      #expect(try home.run(["add", home.scratch.path("missing.rss")]).status == 66)

      let removed = try home.run(["remove", "https://a.example/feed.xml"])
      #expect(removed.status == 0, "\(removed.errors)")
      #expect(
        try home.feeds()
          == "# my feeds\n\nquery:x:y\nhttps://b.example/x.xml \"two words\" \"~B\"\n\(feed)\n")
      let unknown = try home.run(["remove", "https://nope.example/"])
      #expect(
        unknown.status == 1 && unknown.errors.contains("https://nope.example/ is not subscribed"))
      let listed = try home.run(["feeds"])
      #expect(
        listed.output == """
          never fetched  B [two words]  -  https://b.example/x.xml
          local file     -              -  \(feed)

          """)
    }

    static let opml = """
      <?xml version="1.0"?><opml version="1.0"><head><title>x</title></head><body>
      <outline text="Art"><outline text="Ink"><outline type="rss" text="A" xmlUrl="https://a.example/f.xml"/></outline>
      <outline text="B &amp; co" XMLURL="https://b.example/f.xml" htmlUrl="https://b.example/"/></outline>
      <outline text="C" xmlUrl="https://c.example/f.xml"/>
      </body></opml>
      """

    @Test(
      "import adds feeds with folders as tags and counts; bad OPML exits 65 and changes nothing")
    func importExport() throws {
      let home = try Home()
      try FileManager.default.createDirectory(
        atPath: home.scratch.path("config/artfeed"), withIntermediateDirectories: true)
      try "# keep\nhttps://c.example/f.xml\n".write(
        toFile: home.feedsFile, atomically: true, encoding: .utf8)
      let opml = home.scratch.path("in.opml")
      try Self.opml.write(toFile: opml, atomically: true, encoding: .utf8)
      let imported = try home.run(["import", opml])
      #expect(imported.status == 0, "\(imported.errors)")
      #expect(imported.output == "imported 2 feeds, 1 already subscribed\n")
      let after = try home.feeds()
      #expect(
        after
          == "# keep\nhttps://c.example/f.xml\nhttps://a.example/f.xml \"Art/Ink\" \"~A\"\n"
          + "https://b.example/f.xml \"Art\" \"~B & co\"\n"
      )

      for bad in [
        "<html><body/></html>", "<opml><body><outline",
        "<!DOCTYPE opml [<!ENTITY x \"y\">]><opml/>",
      ] {
        try bad.write(toFile: opml, atomically: true, encoding: .utf8)
        let refused = try home.run(["import", opml])
        #expect(refused.status == 65, "\(bad): \(refused.errors)")
        #expect(refused.errors.hasPrefix("artfeed: \(opml): not OPML: "), "\(refused.errors)")
        #expect(try home.feeds() == after)
      }

      let exported = try home.run(["export"])
      #expect(exported.status == 0)
      #expect(
        exported.output.hasPrefix(
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))
      #expect(exported.output.contains("<outline text=\"Ink\" title=\"Ink\">"))
      let other = try Home()
      let exportedFile = other.scratch.path("out.opml")
      try exported.output.write(toFile: exportedFile, atomically: true, encoding: .utf8)
      let reimported = try other.run(["import", exportedFile])
      #expect(reimported.output == "imported 3 feeds, 0 already subscribed\n")
      #expect(
        try other.feeds()
          == "https://c.example/f.xml\nhttps://a.example/f.xml \"Art/Ink\" \"~A\"\n"
          + "https://b.example/f.xml \"Art\" \"~B & co\"\n"
      )
    }

    @Test("a ~title survives export then import; unfetched feeds of one site export apart")
    func titleRoundTrip() throws {
      let home = try Home()
      #expect(
        try home.run(["add", "https://same.example/a.xml", "--title", "Custom A"]).status == 0)
      #expect(try home.run(["add", "https://same.example/b.xml"]).status == 0)
      #expect(try home.run(["add", "https://same.example/c.xml"]).status == 0)
      let exported = try home.run(["export"])
      #expect(exported.status == 0, "\(exported.errors)")
      let texts = exported.output.matches(of: /<outline type="rss" text="([^"]*)"/).map {
        String($0.output.1)
      }
      #expect(texts == ["Custom A", "https://same.example/b.xml", "https://same.example/c.xml"])

      let other = try Home()
      let file = other.scratch.path("out.opml")
      try exported.output.write(toFile: file, atomically: true, encoding: .utf8)
      #expect(try other.run(["import", file]).status == 0)
      #expect(
        try other.feeds()
          == "https://same.example/a.xml \"~Custom A\"\nhttps://same.example/b.xml\n"
          + "https://same.example/c.xml\n")
      // And once more: nothing drifts.
      let again = try other.run(["export"])
      #expect(
        again.output.replacing(/<dateCreated>.*<\/dateCreated>/, with: "")
          == exported.output.replacing(/<dateCreated>.*<\/dateCreated>/, with: ""))
    }

    @Test(
      "refresh fetches each feed, one failing (exit 75); feeds then says when, the title, the error"
    )
    func refresh() throws {
      let home = try Home()
      let server = try TestServer()
      defer { server.stop() }
      for path in ["/feed.xml", "/status/404", "/etag/feed.xml"] {
        #expect(try home.run(["add", server.url(path).absoluteString]).status == 0)
      }
      let refreshed = try home.run(["refresh", "--jobs", "2"])
      #expect(refreshed.status == 75, "some feeds failed: \(refreshed.errors)")
      // One line says what happened (and the exit status follows it): nothing on standard
      // error says it again.
      #expect(refreshed.errors.isEmpty, "\(refreshed.errors)")
      #expect(refreshed.output.contains("[3/3] "))
      #expect(
        refreshed.output.contains(
          "\(server.url("/status/404").absoluteString): error: HTTP 404 Not Found\n"))
      // Both good paths serve the same three items (same guids): All items holds them once.
      #expect(
        refreshed.output.hasSuffix(
          "Refresh incomplete: 1 of 3 feeds could not be fetched (HTTP 404 Not Found); "
            + "nothing cached to show; 3 items in All items\n"), "\(refreshed.output)")
      let listed = try home.run(["feeds"])
      #expect(
        listed.output == """
          fetched just now  Test Feed  3/3 unread  \(server.url("/feed.xml").absoluteString)
          failed just now   -          -           \(server.url("/status/404").absoluteString)  error: HTTP 404 Not Found (never fetched)
          fetched just now  Test Feed  3/3 unread  \(server.url("/etag/feed.xml").absoluteString)

          """)
      let exported = try home.run(["export"])
      #expect(exported.output.contains("text=\"Test Feed\""))
      #expect(exported.output.contains("htmlUrl=\"http://example.org/\""))
    }

    @Test("refresh on three loopback hosts, host by host: two at most on each, every feed recorded")
    func refreshOnHosts() async throws {
      let home = try Home()
      let servers = try (2...4).map { try TestServer(host: "127.0.0.\($0)") }
      defer { servers.forEach { $0.stop() } }
      var urls: [String] = []
      for server in servers {
        for feed in 0..<4 {
          urls.append(server.url("/stall/headers?seconds=0.2&n=\(feed)").absoluteString)
        }
      }
      try FileManager.default.createDirectory(
        atPath: home.scratch.path("config/artfeed"), withIntermediateDirectories: true)
      try urls.map { $0 + "\n" }.joined().write(
        toFile: home.feedsFile, atomically: true, encoding: .utf8)
      let refreshed = try home.run(["refresh"])
      #expect(refreshed.status == 0, "\(refreshed.errors)")
      #expect(refreshed.output.contains("[12/12] "))
      #expect(
        refreshed.output.hasSuffix("Refreshed 12 feeds; 3 items in All items\n"),
        "\(refreshed.output)")
      for server in servers {
        let most = try await server.mostInFlight()
        #expect(most == 2, "\(server.host) answered \(most) at once")
      }
      // Each feed's items were recorded as it came back: `feeds` counts them unread.
      let listed = try home.run(["feeds"]).output.split(separator: "\n")
      #expect(listed.count == 12 && listed.allSatisfy { $0.contains("3/3 unread") }, "\(listed)")
    }
  }
}
