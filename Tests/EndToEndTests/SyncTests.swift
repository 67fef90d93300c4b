import FeedCore
import Foundation
import Locking
import TestSupport
import Testing

@testable import FeedLoading
@testable import FeedModel
@testable import HTTP
@testable import ReadingState
@testable import Subscriptions
@testable import Sync

#if canImport(Glibc)
  import Glibc
#endif

/// Runs even without PHP, so that CI notices.
@Suite("Sync prerequisites")
struct SyncPrerequisites {
  @Test("PHP and the FreshRSS scripts are here when the end-to-end tests are required")
  func required() {
    if FreshRSS.isRequired { #expect(FreshRSS.missing == nil, "\(FreshRSS.missing ?? "")") }
  }
}

extension EndToEnd {
  /// `artfeed account`, `sync` and the account's feeds against a real FreshRSS (one server
  /// for all of these tests, a user of its own per test), as a reader would use them.
  ///
  /// Serialized: some tests stop the shared server and start it again, which the others
  /// would see as failures. One after another they are a long chain: each gets its slot
  /// first (`.chain`).
  @Suite(
    "Sync with a real FreshRSS", .serialized, .chain,
    .enabled(
      if: FreshRSS.isAvailable || FreshRSS.isRequired,
      Comment(
        rawValue: "\(FreshRSS.missing ?? "PHP or ../shared/freshrss is missing"): install it to "
          + "run them (ARTFEED_REQUIRE_E2E=1 fails instead)")))
  struct SyncTests {
    @Test("account add, sync, feeds and items: folders as tags, pictures from the enclosures")
    func addSyncAndList() async throws {
      let home = try await SyncHome.make()
      try await home.subscribe("alpha", items: 5)
      try await home.subscribe("beta", items: 3)
      try home.addAccount()
      // Right after add, the account's subscriptions are counted truthfully, before any sync.
      let added = try home.run(["account", "list"]).output
      #expect(added.contains("  2 feeds, 0 items, 0 marks to send, never synced"), "\(added)")
      // The password is in no file artfeed wrote; the token and the accounts file are 0600.
      for file in [home.accountsFile, home.tokenFile] {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains(home.user.password))
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions]
        #expect((mode as? Int) == 0o600, "\(file)")
      }
      let synced = try home.run(["sync"])
      #expect(synced.status == 0, "\(synced.errors)")
      #expect(synced.output.contains("frs: 2 feeds, 8 new items, 0 marks sent"), "\(synced.output)")
      let feeds = try home.run(["feeds"]).output
      // The feeds file's layout: state, title, unread, then ACCOUNT: URL.
      let alphaLine = feeds.split(separator: "\n").first {
        $0.contains("Feed \(home.user.name)-alpha")
      }
      #expect(
        alphaLine?.hasPrefix("synced just now  Feed ") == true
          && alphaLine?.contains("5/5 unread  frs: http") == true, "\(feeds)")
      #expect(feeds.contains("5/5 unread") && feeds.contains("3/3 unread"), "\(feeds)")
      let list = try home.run(["account", "list"]).output
      #expect(list.contains("2 feeds, 8 items, 0 marks to send, synced just now"), "\(list)")

      let items = try home.localItems()
      #expect(items.count == 8)
      let alpha = items.filter { $0.title?.contains("alpha") == true }
      #expect(
        alpha.map(\.title) == (0..<5).reversed().map { "\(home.user.name)-alpha piece \($0)" })
      let first = try #require(alpha.first)
      #expect(alpha.map(\.author) == (0..<5).reversed().map { "Artist \($0 % 3)" })
      #expect(first.thumbnails.map(\.url) == ["http://127.0.0.1:9/t/\(home.user.name)-alpha-4.png"])
      #expect(
        first.contents.map(\.url) == ["http://127.0.0.1:9/full/\(home.user.name)-alpha-4.jpg"])
      #expect(first.summary?.contains("About \(home.user.name)-alpha 4") == true)
      #expect(first.published == Date(timeIntervalSince1970: 1_793_491_200 + 4 * 3600))

      // The labels: the starred state and the feeds' folders.
      let password = home.user.password
      let client = GReaderClient(
        api: home.server.api,
        credentials: Credentials(user: home.user.name, token: MemoryTokenStore()) {
          () throws(AccountError) -> String? in password
        }, client: SharedHTTPClient())
      let labels = try await client.labels().map(\.id)
      #expect(labels.contains("user/-/state/com.google/starred"))
      #expect(labels.contains("user/-/label/Uncategorized"), "\(labels)")

      // Nothing new: a second sync fetches no items again.
      let again = try home.run(["sync"])
      #expect(again.output.contains("0 new items") && again.output.contains("4 requests"))
    }

    @Test("marks made here reach the server; marks made there arrive with the next sync")
    func marksBothWays() async throws {
      let home = try await SyncHome.make()
      let second = try await home.subscribe("gamma", items: 4)
      try await home.subscribe("delta", items: 3)
      try home.addAccount()
      #expect(try home.run(["sync"]).status == 0)
      let ids = try await home.user.allIDs()
      #expect(ids.count == 7)
      // Here, as the browser marks: one read, one starred; a whole feed read by command.
      let state = try home.readerState()
      let account = try home.sync().account
      let key = { (remote: Int64) in ItemKey(ItemID(FeedItem(guid: account.guid(ofItem: remote)))) }
      state.setRead([key(ids[0])], true)
      state.setStarred([key(ids[1])], true)
      #expect(state.finishWrites())
      let feedRead = try home.run(["mark-read", "--account", "frs", second])
      #expect(feedRead.status == 0, "\(feedRead.errors)")
      #expect(try home.queued() == 3)
      let sent = try home.run(["sync"])
      #expect(sent.output.contains("3 marks sent"), "\(sent.output)")
      #expect(try home.queued() == 0)
      let unread = try await home.user.unreadIDs()
      #expect(!unread.contains(ids[0]))
      #expect(try await home.user.starredIDs() == [ids[1]])
      let gammaIDs = try home.localItems(inFeed: second).compactMap(SyncHome.remote)
      #expect(gammaIDs.count == 4 && unread.isDisjoint(with: gammaIDs))

      // There, as another device: read, unread, star.
      let unreadHere = ids.filter { unread.contains($0) && $0 != ids[0] && $0 != ids[1] }
      let other = try #require(unreadHere.first)
      try await home.user.setRead([other], true)
      try await home.user.setRead([ids[0]], false)
      try await home.user.setStarred([ids[1]], false)
      try await home.user.setStarred([other], true)
      let pulled = try home.run(["sync"])
      #expect(pulled.output.contains("4 marks from the server"), "\(pulled.output)")
      let marks = try home.marks(of: [other, ids[0], ids[1]])
      #expect(marks[other]?.read == true && marks[other]?.starred == true)
      #expect(marks[ids[0]]?.read == false)
      #expect(marks[ids[1]]?.starred == false)
    }

    @Test("with the server stopped marks queue (69, local copy kept); after a restart they arrive")
    func serverDownThenBack() async throws {
      let home = try await SyncHome.make()
      try await home.subscribe("epsilon", items: 3)
      try home.addAccount()
      #expect(try home.run(["sync"]).status == 0)
      let ids = try await home.user.allIDs()
      home.server.stop()
      defer { try? home.server.start() }
      let state = try home.readerState()
      let account = try home.sync().account
      let keys = ids.prefix(2).map { ItemKey(ItemID(FeedItem(guid: account.guid(ofItem: $0)))) }
      state.setRead(Array(keys), true)
      state.setStarred([keys[0]], true)
      #expect(state.finishWrites())
      let down = try home.run(["sync"])
      #expect(down.status == 69, "\(down.output) \(down.errors)")
      #expect(down.errors.contains("3 marks stay queued; local copy (synced"), "\(down.errors)")
      #expect(down.errors.split(separator: "\n").count == 1)
      #expect(try home.run(["feeds"]).output.contains("1/3 unread"))
      // The library opens on the local copy, then says why the sync behind it failed.
      let library = SubscriptionLibrary(
        subscriptions: [], loader: FeedSourcesForTests.loader(),
        accounts: [try AccountFeeds(sync: try home.sync())])
      let reports = Locked<[FeedRefresh]>([])
      _ = await library.open { _, refresh in reports.withLock { $0.append(refresh) } }
      let states = reports.withLock { $0.map { $0.state } }
      // The feed's newest items, then all of them, from the copy; then after the sync.
      #expect(states.count == 3)
      for state in states.dropLast() {
        if case .cached(_, let reason) = state { #expect(reason == "not synced yet (R)") }
      }
      if case .cached(_, let reason)? = states.last {
        #expect(reason.contains("connection refused"), "\(reason)")
      } else {
        Issue.record("after a failed sync: \(states)")
      }
      #expect(library.allItems().items.count == 3)

      try home.server.start()
      let back = try home.run(["sync"])
      #expect(back.status == 0 && back.output.contains("3 marks sent"), "\(back.errors)")
      let unread = try await home.user.unreadIDs()
      #expect(unread.isDisjoint(with: ids.prefix(2)) && unread.count == 1)
      #expect(try await home.user.starredIDs() == [ids[0]])
    }

    @Test("conflicts: different flags both stay; the same flag goes to the later action")
    func conflicts() async throws {
      let home = try await SyncHome.make()
      try await home.subscribe("zeta", items: 4)
      try home.addAccount()
      #expect(try home.run(["sync"]).status == 0)
      let ids = try await home.user.allIDs()
      let (w, z, v, u) = (ids[0], ids[1], ids[2], ids[3])
      let state = try home.readerState()
      let account = try home.sync().account
      let key = { (remote: Int64) in ItemKey(ItemID(FeedItem(guid: account.guid(ofItem: remote)))) }
      // Here first: W read; Z read, then unread again; U starred.
      state.setRead([key(w)], true)
      state.setRead([key(z)], true)
      state.setRead([key(z)], false)
      state.setStarred([key(u)], true)
      #expect(state.finishWrites())
      // There, later: W starred, Z read, V read.
      try await home.user.setStarred([w], true)
      try await home.user.setRead([z, v], true)
      let synced = try home.run(["sync"])
      #expect(synced.status == 0)
      #expect(synced.output.contains("replaced by later ones there"), "\(synced.output)")
      let marks = try home.marks(of: [w, z, v, u])
      #expect(marks[w] == ItemMarks(read: true, starred: true, firstSeen: marks[w]?.firstSeen))
      #expect(marks[z]?.read == true, "the server's read came after the unread made here")
      #expect(marks[v]?.read == true && marks[u]?.starred == true)
      let unread = try await home.user.unreadIDs()
      #expect(unread == [u])
      #expect(try await home.user.starredIDs() == [w, u])
    }

    @Test("a wrong password is 77 and saves nothing; a bad or expired login logs in again")
    func logins() async throws {
      let home = try await SyncHome.make()
      try await home.subscribe("eta", items: 2)
      try SyncHome.setPassword("not-it", file: home.passwordFile)
      let wrong = try home.run([
        "account", "add", "greader", home.server.api.absoluteString, "--user", home.user.name,
        "--password-command", "cat \(home.passwordFile)", "--name", home.name,
      ])
      #expect(wrong.status == 77 && wrong.errors.contains("wrong user name or password"))
      #expect(wrong.errors.split(separator: "\n").count == 1)
      #expect(!FileManager.default.fileExists(atPath: home.accountsFile))
      #expect(!FileManager.default.fileExists(atPath: home.tokenFile))

      try SyncHome.setPassword(home.user.password, file: home.passwordFile)
      try home.addAccount()
      #expect(try home.run(["sync"]).status == 0)
      // A damaged token: the server answers 401, artfeed logs in again with the command.
      try Data("\(home.user.name)/0000\n".utf8).write(to: URL(fileURLWithPath: home.tokenFile))
      let renewed = try home.run(["sync"])
      #expect(renewed.status == 0, "\(renewed.errors)")
      let token = try String(contentsOfFile: home.tokenFile, encoding: .utf8)
      #expect(token.hasPrefix(home.user.name + "/") && !token.contains("/0000"))

      // The password changed on the server: the saved login and the old password both fail.
      let state = try home.readerState()
      let account = try home.sync().account
      let first = try #require(try await home.user.allIDs().first)
      state.setRead([ItemKey(ItemID(FeedItem(guid: account.guid(ofItem: first))))], true)
      #expect(state.finishWrites())
      try home.server.setAPIPassword(home.user.name, "changed-\(home.user.password)")
      // PHP's built-in server keeps compiled files for up to 2 s (opcache.revalidate_freq):
      // once a login with the new password works, the server has the new hash.
      let changed = "changed-\(home.user.password)"
      let deadline = Date().addingTimeInterval(TimeScale.seconds(20))
      while (try? await FreshRSSUser.login(home.server, home.user.name, changed)) == nil {
        guard Date() < deadline else { throw E2EError.timeout("the new password", "") }
        try await Task.sleep(for: .milliseconds(100))
      }
      let refused = try home.run(["sync"])
      #expect(refused.status == 77 && refused.errors.contains("wrong user name or password"))
      #expect(try home.queued() == 1)
      try SyncHome.setPassword("changed-\(home.user.password)", file: home.passwordFile)
      let again = try home.run(["sync"])
      #expect(again.status == 0 && again.output.contains("1 marks sent"), "\(again.errors)")

      // Without a password command (and no terminal to ask), an expired login is 77.
      var accounts = try AccountsFile.load(URL(fileURLWithPath: home.accountsFile))
      accounts[0].passwordCommand = nil
      try AccountsFile.edit(URL(fileURLWithPath: home.accountsFile)) { $0 = accounts }
      try Data("\(home.user.name)/0000\n".utf8).write(to: URL(fileURLWithPath: home.tokenFile))
      let noPassword = try home.run(["sync"])
      #expect(noPassword.status == 77 && noPassword.errors.contains("no password command"))
    }

    @Test("an HTML page is 65, a closed port 69, each in one line")
    func wrongServers() async throws {
      let home = try await SyncHome.make()
      let web = try home.run([
        "account", "add", "greader", home.server.url.appendingPathComponent("i/").absoluteString,
        "--user", home.user.name, "--password-command", "cat \(home.passwordFile)",
      ])
      #expect(web.status == 65 && web.errors.contains("answered an HTML page"), "\(web.errors)")
      #expect(web.errors.split(separator: "\n").count == 1)
      let closed = try home.run([
        "account", "add", "greader", "http://127.0.0.1:9/api/greader.php", "--user", "x",
        "--password-command", "cat \(home.passwordFile)",
      ])
      #expect(closed.status == 69 && closed.errors.split(separator: "\n").count == 1)
      #expect(!FileManager.default.fileExists(atPath: home.accountsFile))
      // An account whose server later answers HTML.
      try home.addAccount()
      try AccountsFile.edit(URL(fileURLWithPath: home.accountsFile)) {
        $0[0].url = home.server.url.appendingPathComponent("i/").absoluteString
      }
      let html = try home.run(["sync"])
      #expect(html.status == 65, "\(html.errors)")
    }

    @Test("add, remove and import --account change the server's subscriptions")
    func subscriptions() async throws {
      let home = try await SyncHome.make()
      try home.addAccount()
      let served = try SyncFeedServer.shared()
      for feed in ["one", "two", "three"] {
        try SyncFeeds.write("\(home.user.name)-\(feed)", items: 2, into: served.folder)
      }
      let url = { (feed: String) in
        served.server.url("/files/\(home.user.name)-\(feed).xml").absoluteString
      }
      let added = try home.run(["add", "--account", "frs", url("one"), "--tag", "Art"])
      #expect(
        added.status == 0 && added.output.contains("Feed \(home.user.name)-one"), "\(added.errors)")
      let opml = home.scratch.path("feeds.opml")
      try """
      <?xml version="1.0"?><opml version="2.0"><body><outline text="Ink">
      <outline text="two" xmlUrl="\(url("two"))"/></outline>
      <outline text="three" xmlUrl="\(url("three"))"/>
      <outline text="one" xmlUrl="\(url("one"))"/></body></opml>
      """.write(toFile: opml, atomically: true, encoding: .utf8)
      let imported = try home.run(["import", "--account", "frs", opml])
      #expect(
        imported.output.contains("imported 2 feeds into frs, 1 already subscribed"),
        "\(imported.errors)")
      var server = try await home.user.feeds()
      #expect(Set(server.map(\.url)) == Set(["one", "two", "three"].map(url)))
      #expect(try home.run(["sync"]).output.contains("3 feeds, 6 new items"))
      let feeds = try home.run(["feeds"]).output
      #expect(feeds.contains("Feed \(home.user.name)-one [Art]"), "\(feeds)")
      #expect(feeds.contains("Feed \(home.user.name)-two [Ink]"))
      let removed = try home.run(["remove", "--account", "frs", url("two")])
      #expect(removed.status == 0, "\(removed.errors)")
      server = try await home.user.feeds()
      #expect(!server.map(\.url).contains(url("two")) && server.count == 2)
      #expect(try home.run(["remove", "--account", "frs", url("two")]).status == 1)
      #expect(try home.run(["account", "remove", "frs"]).status == 0)
      #expect(try home.run(["account", "list"]).output.hasPrefix("no accounts"))
      #expect(!FileManager.default.fileExists(atPath: home.tokenFile))
      #expect(!FileManager.default.fileExists(atPath: home.copyFile))
    }

    @Test("kill -9 during syncs loses no queued mark; the last sync sends them all")
    func killDuringSync() async throws {
      let home = try await SyncHome.make()
      for feed in ["k1", "k2", "k3"] { try await home.subscribe(feed, items: 150) }
      try home.addAccount()
      #expect(try home.run(["sync"]).status == 0)
      let ids = try await home.user.allIDs()
      #expect(ids.count == 450)
      #expect(try home.run(["mark-read", "--all"]).output == "450 items marked read\n")
      let state = try home.readerState()
      let account = try home.sync().account
      state.setStarred(ids.map { ItemKey(ItemID(FeedItem(guid: account.guid(ofItem: $0)))) }, true)
      #expect(state.finishWrites())
      var queued = try home.queued()
      #expect(queued == 450 + 450)
      var seen = [queued]
      // Each round kills a sync as soon as it has settled a batch of the queue (a batch is
      // one request; four here), so the kill lands between two requests of the queue.
      for _ in 0..<6 where queued > 0 {
        let pid = try spawnArtfeed(["sync"], environment: home.environment)
        let deadline = Date() + 30
        while try home.queued() == queued, Date() < deadline, waitpid(pid, nil, WNOHANG) == 0 {
          usleep(5_000)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let now = try home.queued()
        #expect(now <= queued)
        queued = now
        seen.append(now)
        let check = try SQLiteConnection(path: home.statePath)
        #expect(try check.text("PRAGMA integrity_check") == "ok")
      }
      // At least one kill landed half-way through the queue (not before it, not after).
      #expect(seen.dropFirst().contains { $0 > 0 && $0 < 900 }, "queue after each kill: \(seen)")
      let last = try home.run(["sync"])
      #expect(last.status == 0, "\(last.errors)")
      #expect(try home.queued() == 0)
      #expect(try await home.user.unreadIDs().isDisjoint(with: ids))
      #expect(try await home.user.starredIDs() == Set(ids))
    }

    @Test(
      "the artist's page gathers one artist from two local feeds and a synced one, to any depth")
    func artistPage() async throws {
      let home = try await SyncHome.make()
      // The synced feed credits its items to "RavenQuill" (FreshRSS keeps it as "© ...").
      try await home.subscribe("lambda", items: 2, artist: "RavenQuill")
      try home.addAccount()
      #expect(try home.run(["sync"]).status == 0)
      // A Mastodon account whose posts name no artist (the account is hers) and a gallery
      // that credits "raven-quill" beside another artist.
      let mastodon = home.scratch.path("ravenquill.rss")
      try Data(
        """
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
        <title>Raven Quill</title><link>https://mastodon.art/@ravenquill</link>
        <item><guid>m1</guid><link>https://mastodon.art/@ravenquill/1</link>
        <pubDate>Tue, 10 Nov 2026 10:00:00 GMT</pubDate>
        <description>Moth study in walnut ink. More soon #ink</description>
        <media:content url="https://files.mastodon.art/1/original/a.png" medium="image"/></item>
        <item><guid>m2</guid><link>https://mastodon.art/@ravenquill/2</link>
        <pubDate>Wed, 11 Nov 2026 10:00:00 GMT</pubDate>
        <description>Lantern heron, finished!</description>
        <media:content url="https://files.mastodon.art/2/original/b.png" medium="image"/></item>
        </channel></rss>
        """.utf8
      ).write(to: URL(fileURLWithPath: mastodon))
      let gallery = home.scratch.path("gallery.rss")
      try Data(
        """
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
        <title>Gallery picks</title><link>https://gallery.example/</link>
        <item><title>Tide pool crab</title><guid>g1</guid><link>https://gallery.example/1</link>
        <pubDate>Thu, 05 Nov 2026 10:00:00 GMT</pubDate>
        <media:credit role="author">raven-quill</media:credit>
        <media:thumbnail url="https://gallery.example/t/1.jpg" width="150" height="150"/></item>
        <item><title>Fern spiral</title><guid>g2</guid><link>https://gallery.example/2</link>
        <pubDate>Fri, 06 Nov 2026 10:00:00 GMT</pubDate>
        <media:credit role="author">Moss Lantern</media:credit>
        <media:thumbnail url="https://gallery.example/t/2.jpg" width="150" height="150"/></item>
        </channel></rss>
        """.utf8
      ).write(to: URL(fileURLWithPath: gallery))
      for file in [mastodon, gallery] {
        let added = try home.run(["add", file])
        #expect(added.status == 0, "add: \(added.errors)")
      }
      let tmux = try home.browser(width: 100, height: 30)
      try tmux.waitFor("the feed list") { screen in
        screen.contains { $0.contains("Gallery picks") }
          && screen.contains { $0.contains("lambda") }
      }
      try tmux.send("Enter")  // All items
      try tmux.waitFor("All items") { $0.joined().contains("Fern spiral") }
      // Newest first: the heron, the moth study, the fern, then the crab, which is by
      // raven-quill: her page holds her work from all three sources.
      try tmux.send("j", "j", "j")
      try tmux.waitFor("the crab selected") { $0.last?.contains("4/6") == true }
      try tmux.send("a")
      // Loaded: the title counts the items as the list's batches arrive, so the status
      // line's position says the list holds them all.
      let page = try tmux.waitFor("the artist's page") { screen in
        screen.first?.contains("Artist: raven-quill") == true
          && screen.first?.contains("5 items") == true && screen.last?.contains("1/5") == true
      }
      let text = page.joined(separator: "\n")
      for expected in ["Lantern heron, finished!", "Moth study in walnut ink", "Tide pool crab"] {
        #expect(text.contains(expected), "\(text)")
      }
      #expect(!text.contains("Fern spiral"), "another artist's work is not hers")
      #expect(
        text.contains("Gallery picks") && text.contains("Raven Quill"), "the sources: \(text)")
      assertSnapshot(
        page.map { $0.replacingOccurrences(of: home.user.name, with: "USERNAME1") },
        named: "artist-page-100x30")
      // An item of her page, then her page again from the item: four deep, and back.
      try tmux.send("Enter")
      try tmux.waitFor("the item") { $0.last?.contains("lines") == true }
      try tmux.send("a")
      try tmux.waitFor("her page again") { screen in
        screen.first?.contains("Artist: ") == true && screen.first?.contains("5 items") == true
      }
      try tmux.send("Escape")
      try tmux.waitFor("the item again") { $0.last?.contains("lines") == true }
      try tmux.send("Escape")
      try tmux.waitFor("her page again") { $0.first?.contains("Artist: raven-quill") == true }
      try tmux.send("Escape")
      try tmux.waitFor("All items again") { $0.first?.contains("All items") == true }
      // Following her: the feed list's "Following" counts her work from all three sources
      // (one read: the item opened above), opens it, and keeps it after a restart.
      try tmux.send("f")
      try tmux.waitFor("following her") { $0.last?.contains("Following raven-quill") == true }
      try tmux.send("Escape")
      let list = try tmux.waitFor("the Following line") { screen in
        screen.contains { $0.contains("Following") && $0.contains("4/5 unread") }
      }
      #expect(list.firstIndex { $0.contains("Following") } == 3, "after Starred: \(list)")
      try tmux.send("j", "j", "Enter")
      let followed = try tmux.waitFor("the followed work") { screen in
        screen.first?.contains("Following") == true && screen.first?.contains("5 items") == true
      }
      #expect(followed.joined().contains("Lantern heron, finished!"))
      try tmux.send("q", "q")
      try tmux.waitFor("the browser gone") { $0.joined().contains("EXIT=0") }
      let again = try home.browser(width: 100, height: 30)
      try again.waitFor("Following after a restart") { screen in
        screen.contains { $0.contains("Following") && $0.contains("4/5 unread") }
      }
      try again.send("q")
    }

    @Test("the browser opens on the account's feeds under tmux, and an account feed's items")
    func browse() async throws {
      let home = try await SyncHome.make()
      try await home.subscribe("theta", items: 3)
      try await home.subscribe("iota", items: 2)
      try home.addAccount()
      #expect(try home.run(["sync"]).status == 0)
      let tmux = try home.browser(width: 80, height: 20)
      let list = try tmux.waitFor("the account's feeds, synced") { screen in
        screen.contains { $0.contains("iota") && $0.contains("fresh") }
          && screen.contains { $0.contains("theta") && $0.contains("fresh") }
      }.joined(separator: "\n")
      // Unread counts of the account's feeds, from the state the sync recorded.
      let lines = list.split(separator: "\n")
      #expect(lines.contains { $0.contains("All items") && $0.contains("5/5 unread") }, "\(list)")
      #expect(
        lines.contains { $0.contains("Feed \(home.user.name)-theta") && $0.contains("3/3 unread") })
      #expect(
        lines.contains { $0.contains("Feed \(home.user.name)-iota") && $0.contains("2/2 unread") })
      // The server lists feeds by name: iota, then theta.
      let row = try #require(list.split(separator: "\n").firstIndex { $0.contains("-theta") })
      let allRow = try #require(list.split(separator: "\n").firstIndex { $0.contains("All items") })
      for _ in 0..<(row - allRow) { try tmux.send("j") }
      try tmux.send("Enter")
      let items = try tmux.waitFor("theta's items") { $0.joined().contains("theta piece 2") }
      #expect(items.joined().contains("theta piece 1"), "\(items)")
      // The feed names its artists only in media:credit, which FreshRSS keeps as a "©"
      // line of the summary: each item has its artist, the summary no credit.
      let artists = try tmux.waitFor("theta's items with their artists") { screen in
        screen.joined().contains("by Artist 2") && screen.joined().contains("by Artist 1")
          && screen.last?.contains("1/3") == true
      }
      #expect(!artists.joined().contains("©"), "\(artists)")
      // The pictures are on a closed port, and their boxes say how far their loading got:
      // the recording keeps the boxes' frames and the text, and blanks inside the boxes.
      let masked = artists.map { line -> String in
        var characters = Array(line.replacingOccurrences(of: home.user.name, with: "USERNAME1"))
        if characters.count > 13, characters[2] == "│" {
          for column in 3..<13 { characters[column] = " " }
        }
        return String(characters)
      }
      assertSnapshot(masked, named: "account-feed-80x20")
      // `/` finds an artist in an account's feed as in a local one.
      try tmux.send("/")
      try tmux.type("artist 2")
      let found = try tmux.waitFor("the search for Artist 2") { screen in
        screen.joined().contains("theta piece 2") && !screen.joined().contains("theta piece 1")
      }
      #expect(found.joined().contains("by Artist 2"), "\(found)")
      try tmux.send("Escape")
      try tmux.send("Escape")
      for _ in 0..<(row - allRow) { try tmux.send("k") }
      try tmux.send("Enter")
      let all = try tmux.waitFor("All items") { $0.joined().contains("iota piece 1") }
      #expect(all.joined().contains("theta piece 2"), "\(all)")
      try tmux.send("q", "q")
    }

    @Test(
      "the browser sends its marks at once, R shows the server's on screen, quit sends the rest")
    func browserMarks() async throws {
      let home = try await SyncHome.make()
      try await home.subscribe("kappa", items: 3)
      try home.addAccount()
      #expect(try home.run(["sync"]).status == 0)
      // Titles are "USER-kappa piece N", newest (2) first.
      let items = try home.localItems()
      let remote = { (piece: Int) throws -> Int64 in
        let item = try #require(items.first { $0.title?.hasSuffix("kappa piece \(piece)") == true })
        return try #require(SyncHome.remote(of: item))
      }
      let first = try remote(2)
      let second = try remote(1)
      let third = try remote(0)
      let tmux = try home.browser(width: 80, height: 32)
      let list = try tmux.waitFor("the account's feed, synced") { screen in
        screen.contains { $0.contains("kappa") && $0.contains("fresh") }
      }
      let row = try #require(list.firstIndex { $0.contains("-kappa") })
      let allRow = try #require(list.firstIndex { $0.contains("All items") })
      for _ in 0..<(row - allRow) { try tmux.send("j") }
      try tmux.send("Enter")
      _ = try tmux.waitFor("kappa's items, all unread") { screen in
        screen.contains { $0.contains("●") && $0.contains("kappa piece 2") }
          && screen.contains { $0.contains("●") && $0.contains("kappa piece 0") }
      }
      // m on the first row: the server has it read without a sync.
      try tmux.send("m")
      var unread = try await home.user.unreadIDs()
      for _ in 0..<100 where unread.contains(first) {
        try await Task.sleep(for: .milliseconds(100))
        unread = try await home.user.unreadIDs()
      }
      #expect(!unread.contains(first), "the mark did not reach the server in 10 s")
      // The browser takes the mark off its queue once the server's answer is in: a moment
      // after the server has it.
      try poll("the sent mark off the queue") { try home.queued() == 0 }

      // Read on another device: R brings it onto the row on screen.
      try await home.user.setRead([second], true)
      try tmux.send("R")
      let after = try tmux.waitFor("kappa piece 1 read after R") { screen in
        screen.contains { $0.contains("kappa piece 1") && !$0.contains("●") }
      }
      #expect(after.contains { $0.contains("●") && $0.contains("kappa piece 0") }, "\(after)")

      // With the server down a mark waits (the status line says so once); back up, quitting
      // sends it.
      home.server.stop()
      defer { try? home.server.start() }
      try tmux.send("j", "j", "m")
      let waiting = try tmux.waitFor("the mark waits") { screen in
        screen.contains { $0.contains("Marks wait for the next sync") }
      }
      #expect(waiting.contains { $0.contains("kappa piece 0") && !$0.contains("●") }, "\(waiting)")
      #expect(try home.queued() == 1)
      try home.server.start()
      try tmux.send("q", "q")
      try tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=0") } }
      #expect(try home.queued() == 0)
      #expect(!(try await home.user.unreadIDs()).contains(third))
    }
  }
}

/// A loader for library tests: the cache in a temporary folder.
enum FeedSourcesForTests {
  static func loader() -> FeedLoader {
    FeedLoader(
      fetcher: FeedFetcher(
        client: SharedHTTPClient(),
        cache: FeedCache(
          directory: FileManager.default.temporaryDirectory.appendingPathComponent(
            "artfeed-sync-cache-\(getpid())")),
        options: FetchOptions()))
  }
}

/// Starts `artfeed ARGUMENTS` and returns its pid without waiting (the caller kills it).
func spawnArtfeed(_ arguments: [String], environment extra: [String: String]) throws -> pid_t {
  var environment = ProcessInfo.processInfo.environment
  for (key, value) in extra { environment[key] = value }
  let argv = [Paths.artfeed.path] + arguments
  let cArgs = argv.map { strdup($0) } + [nil]
  let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    cArgs.forEach { free($0) }
    cEnv.forEach { free($0) }
  }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  for fd: Int32 in 0...2 {
    posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
  }
  var pid: pid_t = 0
  closeInheritedDescriptors(&actions)
  let result = withCleanSignals { posix_spawn(&pid, argv[0], &actions, &$0, cArgs, cEnv) }
  guard result == 0 else { throw E2EError.noBinary("posix_spawn: \(result)") }
  return pid
}
