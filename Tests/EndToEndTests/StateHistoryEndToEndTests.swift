import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// The state at a year's scale with the real binary (docs/adr/0170, 0173): the feed list's
  /// render and `mark-read` from what the state recorded, reading no feed; `state vacuum`
  /// beside a running browser.
  @Suite("State history end to end")
  struct StateHistoryEndToEndTests {
    /// A home subscribed to copies of two bundled feeds (16 and 17 items), recorded by a
    /// browser run, then made unreadable (kept with the scratch folder holding them).
    static func recorded() throws -> (StateBrowserTests.Home, [String], Scratch) {
      let scratch = try Scratch()
      let copies = [StateCommandTests.glitchcat, StateCommandTests.inkwell].map { feed in
        scratch.path(URL(fileURLWithPath: feed).lastPathComponent)
      }
      for (feed, copy) in zip([StateCommandTests.glitchcat, StateCommandTests.inkwell], copies) {
        try FileManager.default.copyItem(atPath: feed, toPath: copy)
      }
      let home = try StateBrowserTests.Home(feeds: copies)
      let tmux = try home.browser(width: 100, height: 12)
      try StateBrowserTests.feedList(tmux, unread: "33")
      try StateBrowserTests.quit(tmux)
      // The feeds cannot be read any more: a reader of them would wait forever on the pipe.
      for copy in copies {
        try FileManager.default.removeItem(atPath: copy)
        #expect(mkfifo(copy, 0o600) == 0)
      }
      return (home, copies, scratch)
    }

    /// A feed list line's count: "16/16 unread", "0 starred", "no artist yet".
    static func count(in line: String) -> String? {
      let words = line.split(separator: " ").map(String.init)
      if let index = words.firstIndex(where: { $0 == "unread" || $0 == "starred" }), index > 0 {
        return words[index - 1] + " " + words[index]
      }
      return line.contains("no artist yet") ? "no artist yet" : nil
    }

    static func run(_ home: StateBrowserTests.Home, _ arguments: [String]) throws -> Spawned {
      try ArtfeedCommand.run(
        arguments, environment: ["XDG_CONFIG_HOME": home.config, "XDG_DATA_HOME": home.data])
    }

    @Test("render of the feed list prints the browser's screen from the state, reading no feed")
    func feedListFromState() throws {
      let (home, _, _) = try Self.recorded()
      // The browser on feeds it cannot read: what it shows is what the state knows.
      let tmux = try home.browser(width: 100, height: 12)
      let browser = try tmux.waitFor("the counts from the state") { screen in
        screen.first?.contains("33 unread") == true && screen.joined().contains("16/16 unread")
      }
      let shown = try Self.run(home, ["render", "--width", "100", "--height", "12"])
      #expect(shown.status == 0, "\(shown.errors)")
      let lines = shown.output.split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init)
      #expect(lines.first?.contains("33 unread") == true, "\(lines)")
      // Each line is the browser's: the same entry, with the same count (the columns' widths
      // follow the state column, where the browser says why it cannot read the feeds).
      #expect(lines.count == browser.count + 1)  // and the last line's newline
      for (rendered, seen) in zip(lines[1..<5], browser[1..<5]) {
        #expect(rendered.prefix(30) == seen.prefix(30), "\(rendered)\n\(seen)")
        #expect(Self.count(in: rendered) != nil)
        #expect(Self.count(in: rendered) == Self.count(in: seen), "\(rendered)\n\(seen)")
      }
      #expect(
        lines.contains { $0.contains("16/16 unread") }
          && lines.contains { $0.contains("17/17 unread") })
    }

    @Test("mark-read of a recorded subscription marks its items without reading the feed")
    func markReadFromState() throws {
      let (home, copies, _) = try Self.recorded()
      let marked = try Self.run(home, ["mark-read", copies[1]])
      #expect(marked.status == 0 && marked.output == "17 items marked read\n", "\(marked.errors)")
      let list = try Self.run(home, ["render", "--width", "100", "--height", "12"]).output
      #expect(list.contains("0/17 unread") && list.contains("16/16 unread"), "\(list)")
    }

    @Test("state vacuum waits for a running browser, then compacts once it has quit")
    func vacuumBesideBrowser() throws {
      let home = try StateBrowserTests.Home()
      let tmux = try home.browser(width: 100, height: 12)
      try StateBrowserTests.feedList(tmux, unread: "33")
      let refused = try Self.run(home, ["state", "vacuum", "--wait", "0.5"])
      #expect(refused.status == 75, "\(refused.output)\(refused.errors)")
      #expect(refused.errors.contains("another artfeed still has"), "\(refused.errors)")
      try StateBrowserTests.quit(tmux)
      let compacted = try Self.run(home, ["state", "vacuum", "--wait", "5"])
      #expect(compacted.status == 0 && compacted.output.hasPrefix("compacted: "))
      let info = try Self.run(home, ["state"]).output
      #expect(info.contains("items: 33 (0 starred)"), "\(info)")
      let list = try Self.run(home, ["render", "--width", "100", "--height", "12"]).output
      #expect(list.contains("33/33 unread"), "\(list)")
    }
  }
}
