import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// Nothing injected: control characters in an address never become subscription lines, and
  /// the commands' text output on a terminal goes through the screen's sanitizer.
  @Suite("Command injection")
  struct CommandInjectionTests {
    typealias Home = SubscriptionCommandTests.Home

    @Test(
      "an address with a control character is refused by add and import and skipped in the file",
      arguments: HostileCorpus.controlAddresses)
    func controlAddresses(address: HostileCorpus.ControlAddress) throws {
      let home = try Home()
      try FileManager.default.createDirectory(
        atPath: home.scratch.path("config/artfeed"), withIntermediateDirectories: true)
      try "# mine\n".write(toFile: home.feedsFile, atomically: true, encoding: .utf8)

      let added = try home.run(["add", address.text])
      #expect(added.status == 66, "\(address): \(added.errors)")
      #expect(added.errors.contains("holds a control character"), "\(address): \(added.errors)")
      #expect(HostileCorpus.forbiddenScalars(in: added.errors) == [], "\(address)")

      let opml = home.scratch.path("in.opml")
      let attribute = HostileCorpus.numericReferences(address.text)
      try "<opml version=\"2.0\"><body><outline text=\"x\" xmlUrl=\"\(attribute)\"/></body></opml>"
        .write(toFile: opml, atomically: true, encoding: .utf8)
      let imported = try home.run(["import", opml])
      // XML 1.0 has no ESC, even as a reference: that file is not OPML (65). The others are
      // XML, and the outline is skipped.
      if address.text.contains("\u{1B}") {
        #expect(imported.status == 65, "\(address): \(imported.errors)")
      } else {
        #expect(imported.status == 0, "\(address): \(imported.errors)")
        #expect(imported.output == "imported 0 feeds, 0 already subscribed, 1 not readable\n")
        #expect(imported.errors.contains("holds a control character"), "\(imported.errors)")
      }
      #expect(HostileCorpus.forbiddenScalars(in: imported.errors) == [], "\(address)")
      #expect(try home.feeds() == "# mine\n", "\(address)")

      // Written into the file by hand (quoted, as a tag could be): one line, skipped.
      try ("# mine\n" + FeedsFileLine.quoted(address.text) + "\nhttps://ok.example/rss.xml\n")
        .write(toFile: home.feedsFile, atomically: true, encoding: .utf8)
      let listed = try home.run(["feeds"])
      #expect(listed.status == 0, "\(address): \(listed.errors)")
      #expect(listed.output == "never fetched  -  -  https://ok.example/rss.xml\n", "\(address)")
      #expect(listed.errors.contains("line 2: "), "\(address): \(listed.errors)")
      #expect(HostileCorpus.forbiddenScalars(in: listed.errors) == [], "\(address)")
    }

    @Test("a tag or title with a control character is refused by add")
    func controlFields() throws {
      let home = try Home()
      for arguments in [
        ["--title", "T\u{1B}]0;PWNED-TITLE\u{07}"], ["--tag", "a\u{9B}31m"],
        ["--tag", "x\u{202E}y"],
        ["--title", "cr\rhere"],
      ] {
        let result = try home.run(["add", "https://a.example/rss.xml"] + arguments)
        #expect(result.status == 1, "\(arguments): \(result.errors)")
        #expect(HostileCorpus.forbiddenScalars(in: result.errors) == [], "\(arguments)")
      }
      #expect(!FileManager.default.fileExists(atPath: home.feedsFile))
    }

    /// A feeds file edited by hand with every payload in titles and tags, and a line whose
    /// address holds one.
    static func hostileFeedsFile() -> String {
      var lines = ["# hostile"]
      for (index, payload) in HostileCorpus.payloads.enumerated() {
        lines.append(
          "https://p\(index).example/rss.xml " + FeedsFileLine.quoted("tag" + payload.raw)
            + " " + FeedsFileLine.quoted("~Title " + payload.raw + " end"))
      }
      lines.append(FeedsFileLine.quoted("https://bad.example/" + HostileCorpus.payloads[0].raw))
      return lines.joined(separator: "\n") + "\n"
    }

    @Test(
      "feeds, add, remove, import, export, refresh and errors print no control to a terminal")
    func terminalOutput() throws {
      let scratch = try Scratch()
      try FileManager.default.createDirectory(
        atPath: scratch.path("config/artfeed"), withIntermediateDirectories: true)
      try Self.hostileFeedsFile().write(
        toFile: scratch.path("config/artfeed/feeds"), atomically: true, encoding: .utf8)
      let feed = scratch.path("hostile.rss")
      try Data(HostileCorpus.escapeFeed().utf8).write(to: URL(fileURLWithPath: feed))
      let title = HostileCorpus.payloads[0].raw
      let missing = scratch.path("missing " + title + ".opml")
      // Every command whose text names something from outside: the feeds file's titles and
      // tags, a path, a refused source, a feed's warnings.
      let (tmux, bytes, paneTitle) = try Tmux.recordScript(
        """
        export XDG_CONFIG_HOME='\(scratch.path("config"))' XDG_CACHE_HOME='\(scratch.path("cache"))'
        "$ARTFEED" feeds
        "$ARTFEED" export
        "$ARTFEED" refresh --offline
        "$ARTFEED" import "$(printf '\(Self.printf(missing))')"
        "$ARTFEED" remove "$(printf 'https://x.example/\(Self.printf(title))')"
        "$ARTFEED" add "$(printf 'https://x.example/\\302\\233')"
        "$ARTFEED" parse "$(printf '\(Self.printf(feed))')" > /dev/null
        "$ARTFEED" parse --timeout "$(printf '\(Self.printf(title))')" x
        """, in: scratch)
      // The only controls the terminal got are the shell's line ends (and tabs).
      let foreign = Tmux.foreignControls(in: bytes)
      #expect(foreign == [], "\(foreign.count) control characters reached the terminal")
      #expect(try tmux.format("#{pane_title}") == paneTitle, "the pane title changed")
      #expect(try tmux.run(["list-buffers"]) == "", "an OSC 52 made a paste buffer")
      // The titles and the refusals are there, as text.
      #expect(bytes.contains("Title "), "\(bytes.prefix(2000))")
      #expect(bytes.contains("holds a control character"))
      #expect(bytes.contains("no such file"))
    }

    @Test("into a pipe the text stays as it is; parse --json escapes controls as JSON does")
    func pipedOutput() throws {
      let scratch = try Scratch()
      try FileManager.default.createDirectory(
        atPath: scratch.path("config/artfeed"), withIntermediateDirectories: true)
      try Self.hostileFeedsFile().write(
        toFile: scratch.path("config/artfeed/feeds"), atomically: true, encoding: .utf8)
      let environment = ["XDG_CONFIG_HOME": scratch.path("config")]
      let listed = try ArtfeedCommand.run(["feeds"], environment: environment)
      #expect(listed.output.contains("~Title") == false)
      #expect(listed.output.contains("Title " + HostileCorpus.payloads[0].raw + " end"))
      let feed = scratch.path("hostile.rss")
      try Data(HostileCorpus.escapeFeed().utf8).write(to: URL(fileURLWithPath: feed))
      let json = try ArtfeedCommand.run(["parse", "--json", feed])
      #expect(json.status == 0)
      #expect(HostileCorpus.forbiddenScalars(in: json.output) == [])
      // The parser keeps U+009D (windows-1252 leaves it undefined) and U+202E: escaped.
      #expect(json.output.contains("\\u009d"))
      #expect(json.output.contains("\\u202e"))
      #expect(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) is [String: Any])
    }

    @Test("U+009D in a title cuts nothing: render shows the text after it")
    func c1InTitle() throws {
      let scratch = try Scratch()
      let feed = scratch.path("c1.rss")
      try Data(
        HostileCorpus.document(
          title: "C1",
          items: HostileCorpus.c1Titles.map { "<item><title>\($0)</title></item>" }
        ).utf8
      ).write(to: URL(fileURLWithPath: feed))
      // The parser reads U+009B, U+0098, U+009E as windows-1252 (›, ˜, ž); U+0090 and
      // U+009D, undefined there, reach the screen's sanitizer.
      let screen = try ArtfeedCommand.render([feed, "--width", "80", "--height", "40"])
        .joined(separator: "\n")
      for (index, _) in HostileCorpus.c1Titles.enumerated() {
        #expect(screen.contains("before\(index)"), "\(screen)")
        #expect(screen.contains("after\(index)"), "\(screen)")
      }
      let parsed = try ArtfeedCommand.run(["parse", feed])
      for index in HostileCorpus.c1Titles.indices {
        #expect(parsed.output.contains("after\(index)"))
      }
    }

    /// `text` for a shell `printf` format: every byte as an octal escape.
    static func printf(_ text: String) -> String {
      text.utf8.map { "\\" + String($0, radix: 8) }.joined()
    }
  }
}

/// A feeds-file word written by hand: quoted, with `"` and `\` escaped, line breaks and tabs
/// as the `\n`, `\r` and `\t` escapes the feeds file reads inside quotes, and every other
/// character (controls included) as it is.
enum FeedsFileLine {
  static func quoted(_ word: String) -> String {
    var text = "\""
    for scalar in word.unicodeScalars {
      switch scalar {
      case "\\": text += "\\\\"
      case "\"": text += "\\\""
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }
}
