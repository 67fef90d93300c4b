import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The browser online, in a real terminal, against a real server on 127.0.0.1 that the
  /// test starts (`feedserver.py`): an artist search on a DeviantArt-style endpoint, and a
  /// feed that pages. Each run has a cache folder of its own.
  @Suite("Online")
  struct OnlineTests {
    @Test("an artist search asks the endpoint once per pause and shows what it answers")
    func endpointSearch() throws {
      let server = try TestServer()
      defer { server.stop() }
      let scratch = try Scratch()
      let endpoint = server.url("/rss.xml?search-delay=1.5").absoluteString
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter(
        "XDG_CACHE_HOME=\(scratch.url.path) \"$ARTFEED\" --endpoint '\(endpoint)'; echo EXIT=$?")
      // The first page (4 items) is within a screen of its end, so the next one follows at
      // once: the title may say 4 or 8 items.
      let popular = try tmux.waitFor("the popular page") {
        $0.first?.contains("DeviantArt: boost:popular ·") == true
          && $0.last?.contains("1/") == true
      }
      #expect(popular.contains { $0.contains("Popular work 0") })
      try tmux.send("/")
      try tmux.type("inkmoth")
      // The server takes 1.5 s: the prompt line shows the spinner meanwhile.
      try tmux.waitFor("the spinner") { $0.last?.contains("searching") == true }
      // Its next page (offset=4) may follow at once, as for the popular page. (Before the
      // answer, the title says what the loaded items held: none by inkmoth.)
      let found = try tmux.waitFor("the server's answer") {
        $0.first?.contains("Artist: inkmoth ·") == true
          && $0.contains { $0.contains("inkmoth's work") }
      }
      // Newest first, as every artist search answers.
      #expect(found.contains { $0.contains("inkmoth's work 3") })
      #expect(!found.contains { $0.contains("Popular work") })
      try tmux.send("Enter")
      // The answer's next page (offset=4) arrives too, since the list is within a screen of
      // its end; the page after it (offset=6) is empty and ends the paging.
      let kept = try tmux.waitFor("the kept result, both pages") {
        $0.last?.contains("Esc all items") == true
          && $0.first?.contains("Artist: inkmoth · 6 items") == true
      }

      // What the browser shows is what `render` prints for the same search.
      let rendered = try ArtfeedCommand.render(
        ["--endpoint", endpoint, "--artist", "inkmoth", "--width", "100", "--height", "30"],
        environment: ["XDG_CACHE_HOME": scratch.url.path])
      #expect(
        Array(ScreenText.trimmed(kept).dropLast()) == Array(ScreenText.trimmed(rendered).dropLast())
      )

      // Typing sent one request for the name (the keys arrived within the pause); with the
      // pages, the browser's and render's requests are the same three each, with our name.
      let requests = try runBlocking { try await server.requests() }
      let searches = requests.map(\.path).filter { $0.contains("q=by") }
      let one = [
        "/rss.xml?search-delay=1.5&q=by:inkmoth", "/rss.xml?q=by:inkmoth&offset=4",
        "/rss.xml?q=by:inkmoth&offset=6",
      ]
      #expect(searches == one + one)
      #expect(requests.allSatisfy { $0.headers["user-agent"]?.hasPrefix("artfeed/") == true })
      try tmux.send("Escape")
      try tmux.waitFor("the popular page again") {
        $0.first?.contains("boost:popular") == true
      }
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }

    @Test("paging to the end of a three-page feed appends each page and stops after the last")
    func threePages() throws {
      let server = try TestServer()
      defer { server.stop() }
      let scratch = try Scratch()
      let feed = server.url("/rss.xml?q=boost:popular&limit=4").absoluteString
      let tmux = try Tmux.shell(width: 80, height: 24)
      try tmux.enter("XDG_CACHE_HOME=\(scratch.url.path) \"$ARTFEED\" '\(feed)'; echo EXIT=$?")
      // The first page is within a screen of its end: the second may follow at once.
      try tmux.waitFor("the first page") { $0.first?.contains("boost:popular ·") == true }
      var screen: [String] = []
      for _ in 0..<10 {
        try tmux.send("G")
        screen = try tmux.screen(timeout: 3) { $0.last?.contains("10/10") == true }
        if screen.last?.contains("10/10") == true { break }
      }
      #expect(screen.first?.contains("· 10 items") == true, "\(screen.joined(separator: "\n"))")
      #expect(screen.contains { $0.contains("Popular work 9") })
      // No request after the last page (it has no next link): three pages in all. A request
      // for a fourth would be sent as the third arrived, before it was drawn; r, pressed
      // after that, asks for the first page again: whatever comes before that reload in the
      // server's log is all the paging asked for.
      try tmux.send("r")
      var pages: [String] = []
      try poll("the reload's request") {
        pages = try runBlocking { try await server.requests() }.map(\.path).filter {
          $0.hasPrefix("/rss.xml")
        }
        return pages.count >= 4
      }
      #expect(pages.count >= 4 && pages[3] == pages[0], "three pages, then the reload: \(pages)")
      #expect(Set(pages.prefix(3)).count == 3, "\(pages)")
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }
  }
}

/// Runs async work from a synchronous test (tmux tests poll on their own thread), in a task
/// on a thread of its own too: the cooperative pool may be busy with other tests.
func runBlocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
  let result = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  let executor = OneThreadExecutor()
  defer { executor.finish() }
  Task.detached(executorPreference: executor) {
    do { result.value = .success(try await work()) } catch { result.value = .failure(error) }
    done.signal()
  }
  done.wait()
  guard let value = result.value else { throw E2EError.timeout("async work", "") }
  return try value.get()
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
  var value: Result<T, any Error>?
}
