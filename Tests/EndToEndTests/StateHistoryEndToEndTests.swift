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
    /// browser run; its feed list as that browser showed it.
    static func recorded() throws -> (StateBrowserTests.Home, [String], [String]) {
      let scratch = try Scratch()
      let copies = [StateCommandTests.glitchcat, StateCommandTests.inkwell].map { feed in
        scratch.path(URL(fileURLWithPath: feed).lastPathComponent)
      }
      for (feed, copy) in zip([StateCommandTests.glitchcat, StateCommandTests.inkwell], copies) {
        try FileManager.default.copyItem(atPath: feed, toPath: copy)
      }
      let home = try StateBrowserTests.Home(feeds: copies)
      let tmux = try home.browser(width: 100, height: 12)
      let screen = try StateBrowserTests.feedList(tmux, unread: "33")
      try StateBrowserTests.quit(tmux)
      // The feeds cannot be read any more: a reader of them would wait forever on the pipe.
      for copy in copies {
        try FileManager.default.removeItem(atPath: copy)
        #expect(mkfifo(copy, 0o600) == 0)
      }
      return (home, copies, Array(screen.prefix(5)) + [scratch.path("")])
    }

    static func run(_ home: StateBrowserTests.Home, _ arguments: [String]) throws -> Spawned {
      try ArtfeedCommand.run(
        arguments, environment: ["XDG_CONFIG_HOME": home.config, "XDG_DATA_HOME": home.data])
    }

    @Test("render of the feed list prints the browser's counts from the state, reading no feed")
    func feedListFromState() throws {
      let (home, copies, browser) = try Self.recorded()
      let shown = try Self.run(home, ["render", "--width", "100", "--height", "12"])
      #expect(shown.status == 0, "\(shown.errors)")
      let lines = shown.output.split(separator: "\n").map(String.init)
      #expect(lines.first?.contains("33 unread") == true, "\(lines)")
      // Each line through its count is the browser's (its state column says "not read yet":
      // the browser's first frame, before it reads the feeds).
      for (rendered, seen) in zip(lines[1..<5], browser[1..<5]) {
        guard let end = rendered.range(of: "unread") ?? rendered.range(of: "starred") else {
          Issue.record("no count in \(rendered)")
          continue
        }
        #expect(seen.hasPrefix(rendered[..<end.upperBound]), "\(rendered)\n\(seen)")
      }
      #expect(lines.contains { $0.contains("16/16 unread") && $0.contains(copies[0]) })
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
