import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The config file as the commands and the browser read it (`$XDG_CONFIG_HOME/artfeed/config`).
  @Suite("The config file")
  struct ConfigTests {
    /// A scratch `XDG_CONFIG_HOME` holding `artfeed/config` with `text`.
    static func configHome(_ text: String, in scratch: Scratch) throws -> String {
      let folder = scratch.url.appendingPathComponent("config/artfeed")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: folder.appendingPathComponent("config"))
      return scratch.path("config")
    }

    @Test("artfeed config prints every value and where it came from; warnings name the line")
    func config() throws {
      let scratch = try Scratch()
      let home = try Self.configHome(
        """
        [general]
        browser = w3m
        refresh-intervall = 5m
        [pictures]
        thumbnail = 16x8

        """, in: scratch)
      let result = try ArtfeedCommand.run(
        ["config"], environment: ["XDG_CONFIG_HOME": home, "COLORFGBG": "0;15", "HOME": "/h"])
      #expect(result.status == 0, "\(result.errors)")
      let lines = result.output.split(separator: "\n").map(String.init)
      func line(_ prefix: String) -> String? { lines.first { $0.hasPrefix(prefix) } }
      #expect(line("browser = w3m")?.hasSuffix("# file line 2") == true, "\(result.output)")
      #expect(line("thumbnail = 16x8")?.hasSuffix("# file line 5") == true)
      #expect(line("theme = auto")?.hasSuffix("# environment COLORFGBG, light here") == true)
      #expect(line("refresh-interval = off")?.hasSuffix("# default") == true)
      #expect(line("download-directory = /h/Pictures/artfeed")?.hasSuffix("# default") == true)
      #expect(line("bar = blue")?.hasSuffix("# theme light") == true)
      #expect(line("search = /")?.hasSuffix("# default") == true)
      #expect(lines.first?.contains(home + "/artfeed/config") == true)
      #expect(
        result.errors.contains("config line 3: unknown key “refresh-intervall”")
          && result.errors.contains("did you mean refresh-interval?"), "\(result.errors)")

      // The output is a config file with the same effect.
      let again = try Self.configHome(result.output, in: scratch)
      let reread = try ArtfeedCommand.run(
        ["config"], environment: ["XDG_CONFIG_HOME": again, "COLORFGBG": "0;15", "HOME": "/h"])
      #expect(reread.status == 0 && reread.errors.isEmpty, "\(reread.errors)")
      let values = { (text: String) in
        text.split(separator: "\n").filter { $0.contains(" = ") }.map {
          $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
        }
      }
      #expect(values(reread.output) == values(result.output))

      let path = try ArtfeedCommand.run(
        ["config", "--path"], environment: ["XDG_CONFIG_HOME": home])
      #expect(path.output == home + "/artfeed/config\n")
    }

    @Test(
      "a file that cannot be used stops every command the same way: exit 78, file and line",
      arguments: [
        ["config"], ["render", "--width", "60"], [], ["feeds"], ["add", "https://a.example/"],
        ["remove", "https://a.example/"], ["refresh"], ["export"], ["init"],
        ["parse", Paths.packageRoot.appendingPathComponent("Resources/feeds/popular.rss").path],
        ["state", "export"], ["account", "list"],
        ["sync"], ["mark-read", "--all"], ["import", "missing.opml"],
      ])
    func badFile(arguments: [String]) throws {
      let scratch = try Scratch()
      let home = try Self.configHome("# settings\n[colors]\ntheme = purple\n", in: scratch)
      let result = try ArtfeedCommand.run(arguments, environment: ["XDG_CONFIG_HOME": home])
      #expect(result.status == 78, "\(result.errors)")
      #expect(
        result.errors.hasPrefix("artfeed: \(home)/artfeed/config line 3: theme: "),
        "\(result.errors)")
      #expect(result.output.isEmpty)
    }

    @Test("an unusable file is refused with every problem at once, warnings too, in line order")
    func everyProblem() throws {
      let scratch = try Scratch()
      let home = try Self.configHome(
        "[general]\nmax-itemz = 5\nmax-items = lots\n[keys]\nhelp = F1\nquit = F99\n",
        in: scratch)
      let file = home + "/artfeed/config"
      for arguments in [["feeds"], ["config"]] {
        let result = try ArtfeedCommand.run(arguments, environment: ["XDG_CONFIG_HOME": home])
        #expect(result.status == 78)
        let lines = result.errors.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.errors)")
        #expect(lines.first?.hasPrefix("artfeed: warning: \(file) line 2: unknown key") == true)
        #expect(lines.dropFirst().first?.hasPrefix("artfeed: \(file) line 3: max-items: ") == true)
        #expect(lines.last?.hasPrefix("artfeed: \(file) line 6: quit: “F99” is not a key") == true)
      }
    }

    @Test("a function key can be bound: help = F1 opens the key list")
    func functionKey() throws {
      let scratch = try Scratch()
      let home = try Self.configHome("[keys]\nhelp = F1\n", in: scratch)
      let tmux = try Tmux.shell(width: 100, height: 40)
      try tmux.enter("XDG_CONFIG_HOME=\(home) \"$ARTFEED\" --no-images; echo EXIT=$?")
      let first = try tmux.waitFor("the list") { $0.last?.contains("1/") == true }
      #expect(first.last?.contains("F1 help") == true, "\(first.last ?? "")")
      try tmux.send("F1")
      let help = try tmux.waitFor("the help") { $0.joined().contains("search by artist") }
      #expect(help.contains { $0.contains("│ F1 ") && $0.contains("this help") }, "\(help)")
      try tmux.send("Escape", "q")
      try tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=0") } }
    }

    @Test("render follows the file: a larger thumbnail, no pictures, the light theme's colours")
    func render() throws {
      let scratch = try Scratch()
      let home = try Self.configHome(
        "[pictures]\nthumbnail = large\nmode = none\n[colors]\ntheme = light\n", in: scratch)
      let lines = try ArtfeedCommand.render(
        ["--width", "80", "--height", "24"], environment: ["XDG_CONFIG_HOME": home])
      // The first row's box: its frame is 18 columns wide, and empty (pictures are off).
      let frame = try #require(lines.first { $0.contains("┌") }, "\(lines)")
      // (The row's unread mark is in its margin, left of the box.)
      #expect(
        frame.drop { " ●★".contains($0) }.prefix { "┌─┐".contains($0) }.count == 18, "\(frame)")
      #expect(!lines.joined().contains("loading"))
      let coloured = try ArtfeedCommand.render(
        ["--width", "80", "--height", "24", "--color"], environment: ["XDG_CONFIG_HOME": home])
      #expect(coloured[0].contains(";34m"), "the light theme's bar is blue: \(coloured[0])")
      let dark = try ArtfeedCommand.render(["--width", "80", "--height", "24", "--color"])
      #expect(dark[0].contains(";36m"), "the dark theme's bar is cyan: \(dark[0])")
    }

    @Test("the browser shows what render shows with the same file (a small box, no pictures)")
    func browser() throws {
      let scratch = try Scratch()
      let home = try Self.configHome(
        "[pictures]\nthumbnail = small\nmode = none\n", in: scratch)
      let rendered = ScreenText.comparable(
        try ArtfeedCommand.render(
          ["--width", "100", "--height", "30"], environment: ["XDG_CONFIG_HOME": home]))
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter("XDG_CONFIG_HOME=\(home) \"$ARTFEED\"; echo EXIT=$?")
      let screen = try tmux.screen(timeout: 20) { ScreenText.comparable($0) == rendered }
      #expect(
        ScreenText.comparable(screen) == rendered, "\(ScreenText.difference(screen, rendered))")
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=0") } }
    }

    @Test("[keys]: the browser answers the new keys, and its hints and help name them")
    func keys() throws {
      let scratch = try Scratch()
      let home = try Self.configHome("[keys]\nsearch = s\nquit = x\n", in: scratch)
      let described = try ArtfeedCommand.run(["config"], environment: ["XDG_CONFIG_HOME": home])
      #expect(described.output.contains("search = s"), "\(described.output)")
      #expect(
        described.output.split(separator: "\n").contains {
          $0.hasPrefix("quit = x") && $0.hasSuffix("# file line 3")
        })
      let tmux = try Tmux.shell(width: 100, height: 40)
      try tmux.enter("XDG_CONFIG_HOME=\(home) \"$ARTFEED\" --no-images; echo EXIT=$?")
      let first = try tmux.waitFor("the list") { $0.last?.contains("1/") == true }
      #expect(first.last?.contains("s artist") == true && first.last?.contains("x quit") == true)
      try tmux.send("?")
      let help = try tmux.waitFor("the help") { $0.joined().contains("search by artist") }
      #expect(help.contains { $0.contains("│ s               search by artist") })
      try tmux.send("Escape", "s")
      try tmux.waitFor("the artist prompt") { $0.last?.hasPrefix("Artist:") == true }
      try tmux.send("Escape")
      try tmux.waitFor("the prompt closed") { $0.last?.contains("1/") == true }
      // q, then j: once j's move is drawn, q has been read too, and the browser is still there.
      try tmux.send("q")
      try tmux.send("j")
      let moved = try tmux.waitFor("j's move after q") { screen in
        screen.last?.contains("2/") == true || Tmux.isAtPrompt(screen)
      }
      #expect(!Tmux.isAtPrompt(moved), "q no longer quits")
      try tmux.send("x")
      try tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=0") } }
    }

    @Test("refresh-interval: the feed list asks the server again with no key pressed", .long)
    func refreshInterval() throws {
      let scratch = try Scratch()
      let files = scratch.url.appendingPathComponent("files")
      try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
      try SmallFeed.writeGalleries(in: files)
      let server = try TestServer(directory: files)
      defer { server.stop() }
      let home = try Self.configHome(
        "[general]\nrefresh-interval = 10s\nrefresh-on-start = yes\n", in: scratch)
      try Data((server.url("/files/north.xml").absoluteString + "\n").utf8)
        .write(to: scratch.url.appendingPathComponent("config/artfeed/feeds"))
      let tmux = try Tmux.shell(width: 90, height: 16)
      try tmux.enter(
        "XDG_CONFIG_HOME=\(home) XDG_CACHE_HOME=\(scratch.path("cache")) \"$ARTFEED\"; echo EXIT=$?"
      )
      try tmux.waitFor("the feed list") {
        $0.contains { $0.contains("North") && $0.contains("fresh") }
      }
      // Opening fetched it (nothing cached), refresh-on-start fetched it again.
      try poll("the opening fetch and the refresh on start") {
        try runBlocking { try await server.requests() }.count >= 2
      }
      let opened = try runBlocking { try await server.requests() }.count
      #expect(opened == 2, "one fetch to open, one refresh on start")
      try poll("a third request, by the timer", timeout: 40) {
        try runBlocking { try await server.requests() }.count > opened
      }
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=0") } }
    }
  }
}
