import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The escape corpus (`HostileCorpus.escapeFeed`: OSC 0/2/8/52, CSI, C1 including U+009D,
  /// DCS, APC, bidi; raw, as numeric references, double-encoded, in CDATA and in HTML) on the
  /// real terminal and through `parse`: text only, never a control.
  @Suite("Hostile text on the real screen")
  struct HostileScreenTests {
    /// Every escape sequence in a `capture-pane -e` screen that is not SGR (`ESC [ ... m`).
    static func foreignSequences(_ styled: String) -> [String] {
      var found: [String] = []
      var rest = Substring(styled)
      while let escape = rest.firstIndex(of: "\u{1B}") {
        rest = rest[rest.index(after: escape)...]
        let sequence = rest.prefix { !$0.isLetter }
        let final = rest.dropFirst(sequence.count).first
        if !(sequence.hasPrefix("[") && final == "m") {
          found.append(String(("ESC" + sequence + (final.map { String($0) } ?? "")).prefix(20)))
        }
      }
      return found
    }

    /// Checks one screen: plain text free of controls, styles only SGR, the pane's title, the
    /// paste buffers and the alternate screen untouched.
    func expectInert(_ tmux: Tmux, title: String, _ context: String) throws {
      let plain = try tmux.capture().joined(separator: "\n")
      #expect(HostileCorpus.forbiddenScalars(in: plain) == [], "\(context)")
      #expect(Self.foreignSequences(try tmux.captureStyled()) == [], "\(context)")
      #expect(try tmux.format("#{pane_title}") == title, "\(context): the pane title changed")
      #expect(try tmux.run(["list-buffers"]) == "", "\(context): an OSC 52 made a paste buffer")
      #expect(try tmux.isAlternateScreenOn(), "\(context): the alternate screen was left")
      #expect(try tmux.format("#{cursor_flag}") == "0", "\(context): the cursor was shown")
    }

    @Test(
      "list and items show the corpus as text: no title, clipboard, link, mode or cursor change")
    func escapesOnScreen() throws {
      let scratch = try Scratch()
      let feed = scratch.path("hostile.rss")
      try Data(HostileCorpus.escapeFeed().utf8).write(to: URL(fileURLWithPath: feed))
      let tmux = try Tmux.shell(width: 100, height: 40)
      // With set-clipboard on, an OSC 52 that reached tmux would become a paste buffer.
      try tmux.run(["set-option", "-g", "set-clipboard", "on"])
      let title = try tmux.format("#{pane_title}")
      try tmux.enter(
        "XDG_CACHE_HOME=\(scratch.path("cache")) XDG_CONFIG_HOME=\(scratch.path("config")) "
          + "\"$ARTFEED\" '\(feed)'; echo EXIT=$?")
      try tmux.waitFor("the hostile list") { $0.last?.contains("1/60") == true }

      // The first screen is render's, line for line: the widths of what is left agree too.
      let expected = try ArtfeedCommand.render([feed, "--width", "100", "--height", "40"])
      let first = try tmux.screen { ScreenText.trimmed($0) == expected }
      #expect(ScreenText.trimmed(first) == expected, "\(ScreenText.difference(first, expected))")
      try expectInert(tmux, title: title, "the first screen")

      // Every page of the list, then the last screen, which is render --end's.
      for page in 1...8 {
        try tmux.send("Space")
        _ = try tmux.settled("page \(page)")
        try expectInert(tmux, title: title, "page \(page)")
      }
      try tmux.send("G")
      let end = try ArtfeedCommand.render([feed, "--width", "100", "--height", "40", "--end"])
      let last = try tmux.screen { ScreenText.trimmed($0) == end }
      #expect(ScreenText.trimmed(last) == end, "\(ScreenText.difference(last, end))")

      // The item view of every form of OSC 0, OSC 52, C1 OSC 52 and the bidi override.
      for index in [0, 1, 2, 3, 12, 13, 14, 15, 40, 41, 42, 43, 52, 53, 54, 55] {
        try tmux.send("g")
        try tmux.waitFor("the first row") { $0.last?.contains(" 1/60") == true }
        if index > 0 { try tmux.run(["send-keys", "-t", tmux.session, "-N", "\(index)", "j"]) }
        try tmux.waitFor("row \(index + 1)") { $0.last?.contains(" \(index + 1)/60") == true }
        try tmux.send("Enter")
        try tmux.waitFor("the item view of row \(index + 1)") {
          $0.last?.contains(" lines ") == true
        }
        _ = try tmux.settled("item \(index)")
        try expectInert(tmux, title: title, "item \(index)")
        try tmux.send("Escape")
      }
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
      #expect(try tmux.format("#{pane_title}") == title)
      #expect(try tmux.run(["list-buffers"]) == "")
    }

    @Test(
      "parse and render print no control, C1 or bidi character; render --color only SGR")
    func commandOutput() throws {
      let scratch = try Scratch()
      let feed = scratch.path("hostile.rss")
      try Data(HostileCorpus.escapeFeed().utf8).write(to: URL(fileURLWithPath: feed))
      let label = scratch.path("label.rss")
      try Data(
        ("<?xml version=\"1.0\" encoding=\"\u{1B}]52;c;Q0xJUEJPQVJE\u{07}\u{202E}\"?>"
          + "<rss><channel><item><title>x\u{202E}y</title></item></channel></rss>").utf8
      ).write(to: URL(fileURLWithPath: label))
      let broken = scratch.path("broken.rss")
      try HostileCorpus.brokenBytes().write(to: URL(fileURLWithPath: broken))
      for (path, lines) in [(feed, 60), (label, 1), (broken, 20)] {
        let result = try ArtfeedCommand.run(["parse", path])
        #expect(result.status == 0, "\(path): \(result.errors)")
        #expect(result.output.split(separator: "\n").count == lines, "\(path)")
        #expect(HostileCorpus.forbiddenScalars(in: result.output) == [], "\(path)")
        #expect(HostileCorpus.forbiddenScalars(in: result.errors) == [], "\(path)")
        let plain = try ArtfeedCommand.run(["render", path, "--width", "80", "--height", "40"])
        #expect(plain.status == 0, "\(path): \(plain.errors)")
        #expect(HostileCorpus.forbiddenScalars(in: plain.output + plain.errors) == [], "\(path)")
        let styled = try ArtfeedCommand.run([
          "render", path, "--width", "80", "--height", "40", "--color",
        ])
        #expect(Self.foreignSequences(styled.output) == [], "\(path)")
        let text = styled.output.replacing(/\x1B\[[0-9;:]*m/, with: "")
        #expect(HostileCorpus.forbiddenScalars(in: text) == [], "\(path)")
      }
    }
  }
}
