import Foundation
import HTTP
import TestSupport
import Testing

extension EndToEnd {
  /// Artist search on a DeviantArt-style endpoint whose `by:` finds only full names
  /// (`feedserver.py` `strict=1`: Brindlewick, Quillon, Marrowgate), in a real terminal.
  @Suite("Endpoint artist search")
  struct EndpointSearchTests {
    @Test("part of a name: the loaded matches at once, the endpoint's merged in on a pause")
    func partialName() throws {
      let server = try TestServer()
      defer { server.stop() }
      let scratch = try Scratch()
      let endpoint = server.url("/rss.xml?strict=1&limit=10&search-delay=1.5").absoluteString
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter(
        "XDG_CACHE_HOME=\(scratch.url.path) \"$ARTFEED\" --endpoint '\(endpoint)'; echo EXIT=$?")
      try tmux.waitFor("the popular page") {
        $0.first?.contains("boost:popular · 10 items") == true && $0.last?.contains("1/10") == true
      }
      try tmux.send("/")
      try tmux.type("Brind")
      // At once, while the endpoint takes 1.5 s: the four loaded works by Brindlewick.
      let early = try tmux.waitFor("the loaded matches") {
        $0.first?.contains("Artist: Brind · 4 items") == true
      }
      #expect(early.last?.contains("searching") == true, "\(early.last ?? "")")
      #expect(early.contains { $0.contains("Popular work 9") })
      // Then the full name's work, each item once: four popular works and three more.
      let merged = try tmux.waitFor("the endpoint's answer") {
        $0.first?.contains("Artist: Brind · 7 items") == true
          && $0.last?.contains("searching") == false
      }
      #expect(merged.contains { $0.contains("Brindlewick's own work") })
      try tmux.send("Enter")
      try tmux.waitFor("the kept result") { $0.last?.contains("Esc all items") == true }
      let asked = try runBlocking { try await server.requests() }.map(\.path)
        .filter { $0.contains("q=by:") }
      #expect(
        Set(asked.map { $0.components(separatedBy: "q=").last ?? "" })
          == ["by:Brind", "by:Brindlewick"], "\(asked)")
      try tmux.send("q", "q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }

    @Test("a failing endpoint is said while typing; the loaded matches stay on screen")
    func failing() throws {
      let server = try TestServer()
      defer { server.stop() }
      let scratch = try Scratch()
      let endpoint = server.url("/rss.xml?strict=1&limit=10&fail-by=500").absoluteString
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter(
        "XDG_CACHE_HOME=\(scratch.url.path) \"$ARTFEED\" --endpoint '\(endpoint)'; echo EXIT=$?")
      try tmux.waitFor("the popular page") { $0.last?.contains("1/10") == true }
      try tmux.send("/")
      try tmux.type("quill")
      let screen = try tmux.waitFor("the failure on the prompt line") {
        $0.last?.contains("search failed: HTTP 500") == true
      }
      #expect(screen.last?.hasPrefix("Artist: quill") == true, "still typing: \(screen.last ?? "")")
      #expect(screen.first?.contains("Artist: quill · 3 items") == true, "\(screen.first ?? "")")
      #expect(screen.contains { $0.contains("Popular work 1") })
      try tmux.send("Enter")
      let kept = try tmux.waitFor("the status line") { $0.last?.contains("Search failed") == true }
      #expect(kept.last?.contains("showing the 3 items found here") == true, "\(kept.last ?? "")")
      try tmux.send("q", "q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }

    @Test("/ on the feed list asks every endpoint and merges; the status line tells the truth")
    func feedList() throws {
      let first = try TestServer()
      let second = try TestServer()
      defer { first.stop(); second.stop() }
      let scratch = try Scratch()
      let config = scratch.url.appendingPathComponent("config/artfeed")
      try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
      try """
      \(first.url("/rss.xml?q=boost:popular&strict=1&limit=10").absoluteString) "~Popular"
      \(second.url("/rss.xml?q=by:Quillon&strict=1&limit=10").absoluteString) "~Quillon"

      """.write(to: config.appendingPathComponent("feeds"), atomically: true, encoding: .utf8)
      let environment =
        "XDG_CONFIG_HOME=\(scratch.path("config")) XDG_CACHE_HOME=\(scratch.path("cache"))"
      // Fetched seconds before by `artfeed refresh`: the browser opens on these copies.
      let refreshed = try Spawn.capture(
        ["/bin/sh", "-c", "\(environment) '\(Paths.artfeed.path)' refresh"])
      #expect(refreshed.status == 0, "\(refreshed.output)\(refreshed.errors)")
      for server in [first, second] {
        _ = try runBlocking {
          try await CurlClient.shared.send(HTTPRequest(url: server.url("/log?clear=1")))
        }
      }
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter("\(environment) \"$ARTFEED\"; echo EXIT=$?")
      try tmux.waitFor("the feed list") { $0.first?.contains("2 feeds · 13 items") == true }
      try tmux.send("/")
      try tmux.type("quill")
      let found = try tmux.waitFor("both endpoints' answers") {
        $0.first?.contains("Artist: quill · 6 items") == true
          && $0.last?.contains("searching") == false
      }
      #expect(found.contains { $0.contains("Quillon's own work 2") })
      for server in [first, second] {
        let asked = try runBlocking { try await server.requests() }.map(\.path)
        #expect(asked.contains { $0.hasSuffix("q=by:Quillon") }, "\(asked)")
      }
      try tmux.send("Enter")
      // Kept: Esc then goes back to the feed list, where / was pressed.
      let kept = try tmux.waitFor("the kept result") { $0.last?.contains("Esc feeds") == true }
      #expect(!kept.joined().contains("Showing the cached copy"), "\(kept.last ?? "")")
      try tmux.send("Escape", "q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }
  }
}
