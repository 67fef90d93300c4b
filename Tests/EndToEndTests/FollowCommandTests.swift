import Foundation
import HTTP
import TestSupport
import Testing

extension EndToEnd {
  /// `artfeed follow/unfollow/following` and `artfeed artist` as scripts run them, each test
  /// with its own XDG folders (issue 29).
  @Suite("Follow and artist commands")
  struct FollowCommandTests {
    struct Home {
      let scratch: Scratch
      var environment: [String: String] {
        [
          "XDG_CONFIG_HOME": scratch.path("config"), "XDG_CACHE_HOME": scratch.path("cache"),
          "XDG_DATA_HOME": scratch.path("data"),
        ]
      }
      var statePath: String { scratch.path("data/artfeed/state.db") }

      init() throws { scratch = try Scratch() }

      func run(_ arguments: [String]) throws -> Spawned {
        try ArtfeedCommand.run(arguments, environment: environment)
      }

      /// Writes a small RSS feed `name` whose items are (title, artist, date, guid), and
      /// subscribes to it.
      func subscribe(
        _ name: String, title: String, items: [(String, String, String, String)]
      ) throws {
        var xml = """
          <?xml version="1.0" encoding="UTF-8"?>
          <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" \
          xmlns:media="http://search.yahoo.com/mrss/"><channel>
          <title>\(title)</title><link>https://\(name).example/</link>

          """
        for (title, artist, date, guid) in items {
          xml += """
            <item><title>\(title)</title><link>https://\(name).example/\(guid)</link>\
            <guid>\(guid)</guid><dc:creator>\(artist)</dc:creator><pubDate>\(date)</pubDate>\
            <media:content url="https://\(name).example/\(guid).jpg" medium="image" \
            width="1200" height="900"/><media:thumbnail url="https://\(name).example/\(guid)-t.jpg" \
            width="150" height="110"/></item>

            """
        }
        xml += "</channel></rss>\n"
        let file = scratch.path("\(name).rss")
        try Data(xml.utf8).write(to: URL(fileURLWithPath: file))
        let added = try run(["add", file])
        #expect(added.status == 0, "\(added.errors)")
      }
    }

    /// The JSON object `text` holds.
    static func object(_ text: String) throws -> [String: Any] {
      let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
      return try #require(parsed as? [String: Any], "\(text)")
    }

    // MARK: - follow, unfollow, following

    @Test("follow, then following in another process lists it; again says already, exit 1")
    func followAndList() throws {
      let home = try Home()
      let followed = try home.run(["follow", "Raven Quill", "Pixel Heron"])
      #expect(followed.status == 0, "\(followed.errors)")
      #expect(followed.output == "following Raven Quill\nfollowing Pixel Heron\n")
      let again = try home.run(["follow", "raven-quill", "Ink Moth"])
      #expect(again.status == 1)
      #expect(again.output == "following Ink Moth\n", "the others are followed")
      #expect(
        again.errors.hasPrefix("artfeed: already following Raven Quill (since ")
          && again.errors.split(separator: "\n").count == 1, "\(again.errors)")
      let listed = try home.run(["following"])
      #expect(listed.status == 0 && listed.errors.isEmpty, "\(listed.errors)")
      let lines = listed.output.split(separator: "\n").map(String.init)
      #expect(lines.map { String($0.dropFirst(18)) } == ["Ink Moth", "Pixel Heron", "Raven Quill"])
      #expect(
        lines.allSatisfy {
          $0.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d  "#, options: .regularExpression) != nil
        })
      let json = try Self.object(try home.run(["following", "--json"]).output)
      let follows = try #require(json["follows"] as? [[String: Any]])
      #expect(
        follows.compactMap { $0["name"] as? String } == ["Ink Moth", "Pixel Heron", "Raven Quill"])
      #expect(
        follows.compactMap { $0["key"] as? String } == ["inkmoth", "pixelheron", "ravenquill"])
      let since = try #require(follows.first?["since"] as? String)
      #expect(ISO8601DateFormatter().date(from: since) != nil, "\(since)")
    }

    @Test("unfollow by any spelling; one not followed is named and exits 1; the rest are done")
    func unfollow() throws {
      let home = try Home()
      #expect(try home.run(["follow", "Raven Quill", "Pixel Heron"]).status == 0)
      let result = try home.run(["unfollow", "PIXEL_HERON", "nobody"])
      #expect(result.status == 1)
      #expect(result.output == "no longer following Pixel Heron\n")
      #expect(result.errors == "artfeed: not following nobody\n")
      #expect(try home.run(["following"]).output.hasSuffix("  Raven Quill\n"))
      #expect(try home.run(["unfollow", "raven quill"]).status == 0)
      let empty = try home.run(["following"])
      #expect(empty.status == 0 && empty.output.isEmpty)
      let json = try Self.object(try home.run(["following", "--json"]).output)
      #expect((json["follows"] as? [Any])?.isEmpty == true)
    }

    @Test("with no state file: following lists nothing, unfollow exits 1, and neither makes one")
    func noStateFile() throws {
      let home = try Home()
      let listed = try home.run(["following"])
      #expect(listed.status == 0 && listed.output.isEmpty, "\(listed.errors)")
      let result = try home.run(["unfollow", "Raven Quill"])
      #expect(result.status == 1 && result.errors.contains("not following Raven Quill"))
      #expect(!FileManager.default.fileExists(atPath: home.statePath))
    }

    @Test(
      "a name no artist can have is a usage error, exit 64 in one line",
      arguments: [
        ["follow", "!!"], ["follow"], ["unfollow", "_._"], ["artist", "..."], ["artist"],
      ])
    func badName(arguments: [String]) throws {
      let home = try Home()
      let result = try home.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.errors)")
      #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
      #expect(result.output.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: home.statePath))
    }

    // MARK: - state export and import

    @Test("state export carries the follows; an import into a fresh data folder restores them")
    func exportImport() throws {
      let home = try Home()
      #expect(try home.run(["follow", "Raven Quill", "Renée Draws"]).status == 0)
      let exported = try home.run(["state", "export"])
      #expect(exported.status == 0, "\(exported.errors)")
      #expect(exported.output.hasPrefix("{\"format\":2,"))
      let json = try Self.object(exported.output)
      let follows = try #require(json["follows"] as? [[String: Any]])
      #expect(follows.compactMap { $0["name"] as? String } == ["Raven Quill", "Renée Draws"])
      let file = home.scratch.path("backup.json")
      try exported.output.write(toFile: file, atomically: true, encoding: .utf8)
      try FileManager.default.removeItem(atPath: home.scratch.path("data"))
      #expect(try home.run(["following"]).output.isEmpty)
      let imported = try home.run(["state", "import", file])
      #expect(imported.status == 0, "\(imported.errors)")
      #expect(imported.output == "0 of 0 items merged; 2 of 2 followed artists merged\n")
      #expect(try home.run(["state", "export"]).output == exported.output)
      // Imported again: nothing new; an artist followed earlier elsewhere keeps that time.
      #expect(
        try home.run(["state", "import", file]).output
          == "0 of 0 items merged; 0 of 2 followed artists merged\n")
    }

    @Test("an older backup without follows imports, and the follows here stay")
    func olderBackup() throws {
      let home = try Home()
      #expect(try home.run(["follow", "Raven Quill"]).status == 0)
      let file = home.scratch.path("old.json")
      try "{\"format\":1,\"feeds\":[],\"items\":[]}\n".write(
        toFile: file, atomically: true, encoding: .utf8)
      let imported = try home.run(["state", "import", file])
      #expect(
        imported.status == 0 && imported.output == "0 of 0 items merged\n", "\(imported.errors)")
      #expect(try home.run(["following"]).output.hasSuffix("  Raven Quill\n"))
    }

    @Test("an import with a bad follow exits 65 naming it, and writes nothing")
    func badFollowImport() throws {
      let home = try Home()
      let file = home.scratch.path("bad.json")
      try
        ("{\"format\":2,\"feeds\":[],\"items\":[],\"follows\":[{\"name\":\"Fine\",\"since\":1},"
        + "{\"name\":\"x\\u001b]52;c;eA==\\u0007\",\"since\":1}]}").write(
          toFile: file, atomically: true, encoding: .utf8)
      let result = try home.run(["state", "import", file])
      #expect(result.status == 65)
      #expect(
        result.errors.contains("follows[1].name holds a control character")
          && result.errors.split(separator: "\n").count == 1, "\(result.errors)")
      #expect(!FileManager.default.fileExists(atPath: home.statePath))
    }

    // MARK: - artist

    /// Two local feeds crediting one artist three ways, and another artist.
    func twoFeeds() throws -> Home {
      let home = try Home()
      try home.subscribe(
        "one", title: "Local feed one",
        items: [
          ("Moonlit heron", "Raven Quill", "Wed, 20 Nov 2024 10:00:00 GMT", "one-1"),
          ("Not hers", "Pixel Heron", "Wed, 20 Nov 2024 11:00:00 GMT", "one-2"),
          (
            "Evil\u{1B}]0;owned\u{07} title", "Raven Quill", "Tue, 19 Nov 2024 10:00:00 GMT",
            "one-3"
          ),
        ])
      try home.subscribe(
        "two", title: "Local feed two",
        items: [
          ("Ink study", "raven-quill", "Thu, 21 Nov 2024 09:00:00 GMT", "two-1"),
          ("Old sketch", "RAVEN_QUILL", "Mon, 18 Nov 2024 09:00:00 GMT", "two-2"),
        ])
      return home
    }

    @Test("artist NAME: one line per item across two feeds, newest first; sources on stderr")
    func artistAcrossFeeds() throws {
      let home = try twoFeeds()
      let result = try home.run(["artist", "raven quill"])
      #expect(result.status == 0, "\(result.errors)")
      #expect(
        result.output.split(separator: "\n") == [
          "2024-11-21 09:00  raven-quill  Ink study  (Local feed two)",
          "2024-11-20 10:00  Raven Quill  Moonlit heron  (Local feed one)",
          "2024-11-19 10:00  Raven Quill  Evil\u{FFFD}]0;owned\u{FFFD} title  (Local feed one)",
          "2024-11-18 09:00  RAVEN_QUILL  Old sketch  (Local feed two)",
        ], "\(result.output)")
      // A title's control characters never reach the terminal (the parser replaces them).
      #expect(!result.output.contains("\u{1B}") && !result.output.contains("\u{07}"))
      #expect(
        result.errors
          == "4 items by raven quill from 2 sources: Local feed one (2), Local feed two (2)\n")
      // Nothing is fetched or written: the feeds are files, and the state is not made.
      #expect(!FileManager.default.fileExists(atPath: home.statePath))
    }

    @Test("artist --json: a stable schema with the sources and each item once")
    func artistJSON() throws {
      let home = try twoFeeds()
      // A copy of a feed subscribed too: its items come once, from the first.
      let copy = home.scratch.path("two-copy.rss")
      try FileManager.default.copyItem(atPath: home.scratch.path("two.rss"), toPath: copy)
      let again = try home.run(["add", copy])
      #expect(again.status == 0, "\(again.errors)")
      let result = try home.run(["artist", "RavenQuill", "--json"])
      #expect(result.status == 0, "\(result.errors)")
      let json = try Self.object(result.output)
      #expect(json["name"] as? String == "RavenQuill" && json["key"] as? String == "ravenquill")
      let sources = try #require(json["sources"] as? [[String: Any]])
      #expect(
        sources.compactMap { $0["title"] as? String } == ["Local feed one", "Local feed two"])
      #expect(sources.compactMap { $0["kind"] as? String } == ["feed", "feed"])
      #expect(sources.compactMap { $0["items"] as? Int } == [2, 2])
      #expect(sources.first?["address"] as? String == home.scratch.path("one.rss"))
      let items = try #require(json["items"] as? [[String: Any]])
      #expect(
        items.compactMap { $0["title"] as? String } == [
          "Ink study", "Moonlit heron", "Evil\u{FFFD}]0;owned\u{FFFD} title", "Old sketch",
        ])
      let first = try #require(items.first)
      #expect(Set(first.keys) == ["title", "artist", "link", "published", "feed", "picture"])
      #expect(first["artist"] as? String == "raven-quill")
      #expect(first["link"] as? String == "https://two.example/two-1")
      #expect(first["published"] as? String == "2024-11-21T09:00:00Z")
      #expect(first["feed"] as? String == "Local feed two")
      #expect(first["picture"] as? String == "https://two.example/two-1.jpg", "the largest copy")
    }

    @Test("nothing by the artist: exit 1, no lines (with --json, the empty document)")
    func artistNotFound() throws {
      let home = try twoFeeds()
      let plain = try home.run(["artist", "Ink Moth"])
      #expect(plain.status == 1 && plain.output.isEmpty)
      #expect(plain.errors == "nothing by Ink Moth in the cached copies\n")
      let json = try home.run(["artist", "Ink Moth", "--json"])
      #expect(json.status == 1)
      let object = try Self.object(json.output)
      #expect((object["items"] as? [Any])?.isEmpty == true)
      #expect((object["sources"] as? [Any])?.isEmpty == true)
      // No subscriptions at all: the same.
      #expect(try Home().run(["artist", "Raven Quill"]).status == 1)
    }

    @Test("artist reads a web feed's cached copy and never fetches one without --online")
    func artistOffline() throws {
      let home = try Home()
      // A web feed on a closed port, never fetched: not asked, no error, nothing found.
      #expect(try home.run(["add", "http://127.0.0.1:9/feed.xml"]).status == 0)
      let result = try home.run(["artist", "Raven Quill"])
      #expect(result.status == 1, "\(result.errors)")
      #expect(!result.errors.contains("127.0.0.1"), "\(result.errors)")
    }

    @Test("artist --online asks a subscribed endpoint for by:NAME; without it, nothing is asked")
    func artistOnline() throws {
      let server = try TestServer()
      defer { server.stop() }
      let home = try Home()
      let endpoint = server.url("/rss.xml?q=boost:popular&limit=10").absoluteString
      #expect(try home.run(["add", endpoint]).status == 0)
      let offline = try home.run(["artist", "Raven Quill"])
      #expect(offline.status == 1, "\(offline.errors)")
      #expect(try runBlocking { try await server.requests() }.isEmpty, "nothing fetched")
      let result = try home.run(["artist", "Raven Quill", "--online", "--json"])
      #expect(result.status == 0, "\(result.errors)")
      let asked = try runBlocking { try await server.requests() }.map(\.path)
      #expect(asked.contains { $0.contains("q=by:Raven") }, "\(asked)")
      let json = try Self.object(result.output)
      let sources = try #require(json["sources"] as? [[String: Any]])
      #expect(sources.compactMap { $0["kind"] as? String } == ["endpoint"], "\(sources)")
      #expect((sources.first?["address"] as? String)?.contains("by:Raven") == true)
      let items = try #require(json["items"] as? [[String: Any]])
      #expect(items.count == 6, "the server's by: answer (6 items)")
      #expect(items.allSatisfy { $0["artist"] as? String == "Raven Quill" })
    }
  }
}

extension EndToEnd.SyncTests {
  @Test("artist NAME finds the artist in a synced FreshRSS feed and a local feed, each once")
  func artistAcrossAccountAndFeed() async throws {
    let home = try await SyncHome.make()
    try await home.subscribe("kappa", items: 3)
    try home.addAccount()
    let synced = try home.run(["sync"])
    #expect(synced.status == 0, "\(synced.errors)")
    // A local feed crediting the same artist another way ("Artist 2" made piece 2 there).
    let file = home.scratch.path("local.rss")
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
      <title>Local sketches</title><link>https://local.example/</link>
      <item><title>Local piece</title><link>https://local.example/1</link><guid>local-1</guid>\
      <dc:creator>ARTIST_2</dc:creator><pubDate>Thu, 05 Nov 2026 10:00:00 GMT</pubDate></item>
      <item><title>Not theirs</title><link>https://local.example/2</link><guid>local-2</guid>\
      <dc:creator>Artist 1</dc:creator><pubDate>Fri, 06 Nov 2026 10:00:00 GMT</pubDate></item>
      </channel></rss>

      """.utf8
    ).write(to: URL(fileURLWithPath: file))
    #expect(try home.run(["add", file]).status == 0)
    let plain = try home.run(["artist", "artist-2"])
    #expect(plain.status == 0, "\(plain.errors)")
    let lines = plain.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(plain.output)")
    #expect(lines.first?.hasSuffix("ARTIST_2  Local piece  (Local sketches)") == true)
    #expect(
      lines.last?.hasSuffix(
        "Artist 2  \(home.user.name)-kappa piece 2  (Feed \(home.user.name)-kappa)") == true,
      "\(lines)")
    let result = try home.run(["artist", "artist-2", "--json"])
    let parsed = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    let json = try #require(parsed as? [String: Any])
    let sources = try #require(json["sources"] as? [[String: Any]])
    #expect(sources.compactMap { $0["kind"] as? String } == ["feed", "account"], "\(sources)")
    let items = try #require(json["items"] as? [[String: Any]])
    #expect(
      items.compactMap { $0["title"] as? String } == [
        "Local piece", "\(home.user.name)-kappa piece 2",
      ])
    #expect(
      items.last?["picture"] as? String == "http://127.0.0.1:9/full/\(home.user.name)-kappa-2.jpg")
  }
}
