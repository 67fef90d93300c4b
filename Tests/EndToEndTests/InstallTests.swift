import Foundation
import Testing

extension EndToEnd {
  /// `Scripts/install.sh` (what `make install` runs) into a scratch prefix, with the binary
  /// this test run built: the layout, the installed binary finding its own bundled feeds, the
  /// man page rendering with `man -l`, and the completions loading in bash (zsh and fish too,
  /// where installed).
  @Suite("Install")
  struct InstallTests {
    static func installed(_ name: String) -> String? {
      for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
        let path = directory + "/" + name
        if FileManager.default.isExecutableFile(atPath: path) { return path }
      }
      return nil
    }

    /// The build folder of the tested binary (the manual is docs/artfeed.1: nothing else to
    /// build).
    static func binDir() throws -> String {
      Paths.artfeed.deletingLastPathComponent().path
    }

    /// Installs into a scratch prefix; returns it and the script.
    static func install(in scratch: Scratch) throws -> (prefix: String, script: String) {
      let prefix = scratch.path("prefix with space")
      let script = Paths.packageRoot.appendingPathComponent("Scripts/install.sh").path
      let result = try Spawn.capture([script, "--prefix", prefix, "--bin-dir", try binDir()])
      try #require(result.status == 0, "\(result.output)\(result.errors)")
      return (prefix, script)
    }

    static let files = [
      "bin/artfeed", "libexec/artfeed/artfeed", "share/man/man1/artfeed.1",
      "share/bash-completion/completions/artfeed", "share/zsh/site-functions/_artfeed",
      "share/fish/vendor_completions.d/artfeed.fish",
      "libexec/artfeed/artfeed_ArtfeedResources.resources/feeds/popular.rss",
    ]

    @Test("install, run the installed binary on its own bundled feeds, uninstall leaving no folder")
    func install() throws {
      let scratch = try Scratch()
      let (prefix, script) = try Self.install(in: scratch)
      for file in Self.files {
        #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) missing")
      }
      let link = try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/bin/artfeed")
      #expect(link == "../libexec/artfeed/artfeed")

      // The installed binary runs through its link and reads the installed bundled feeds (a
      // title changed there shows), not the build folder's.
      let binary = prefix + "/bin/artfeed"
      let version = try Spawn.capture([binary, "--version"])
      #expect(version.status == 0 && version.output.hasPrefix("artfeed "))
      let popular =
        prefix + "/libexec/artfeed/artfeed_ArtfeedResources.resources/feeds/popular.rss"
      let text = try String(contentsOfFile: popular, encoding: .utf8)
      let changed = try #require(text.range(of: "<title>artfeed: Popular</title>"))
      try text.replacingCharacters(in: changed, with: "<title>artfeed: Installed</title>")
        .write(toFile: popular, atomically: true, encoding: .utf8)
      let screen = try Spawn.capture(
        [binary, "render", "--bundled", "--width", "60", "--height", "4", "--no-images"],
        environment: ["XDG_CONFIG_HOME": Paths.noConfig])
      #expect(screen.output.hasPrefix(" artfeed: Installed · "), "\(screen.output)")

      let removed = try Spawn.capture([script, "--prefix", prefix, "--uninstall"])
      #expect(removed.status == 0)
      for file in Self.files {
        #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) left")
      }
      // Every folder the install made is gone again: here the prefix itself.
      #expect(!FileManager.default.fileExists(atPath: prefix), "empty folders left in \(prefix)")
    }

    @Test("uninstall removes only the folders the install made, and only once they are empty")
    func uninstallKeepsOtherFolders() throws {
      let scratch = try Scratch()
      let prefix = scratch.path("prefix")
      // Before the install: a man folder of the reader's own, and an empty share/zsh.
      try FileManager.default.createDirectory(
        atPath: prefix + "/share/man/man1", withIntermediateDirectories: true)
      try "mine".write(
        toFile: prefix + "/share/man/man1/other.1", atomically: true, encoding: .utf8)
      try FileManager.default.createDirectory(
        atPath: prefix + "/share/zsh", withIntermediateDirectories: true)
      let script = Paths.packageRoot.appendingPathComponent("Scripts/install.sh").path
      let installed = try Spawn.capture([
        script, "--prefix", prefix, "--bin-dir", try Self.binDir(),
      ])
      try #require(installed.status == 0, "\(installed.errors)")
      // Something else puts a file in a folder the install made: that folder stays.
      try "x".write(
        toFile: prefix + "/share/fish/vendor_completions.d/other.fish", atomically: true,
        encoding: .utf8)
      let removed = try Spawn.capture([script, "--prefix", prefix, "--uninstall"])
      #expect(removed.status == 0, "\(removed.errors)")
      let left = (FileManager.default.enumerator(atPath: prefix)?.allObjects as? [String] ?? [])
        .sorted()
      #expect(
        left == [
          "share", "share/fish", "share/fish/vendor_completions.d",
          "share/fish/vendor_completions.d/other.fish", "share/man", "share/man/man1",
          "share/man/man1/other.1", "share/zsh",
        ], "\(left)")
    }

    @Test(
      "the man page renders with man -l: every command, the sections a manual has, no groff warnings",
      .enabled(if: installed("man") != nil, "man is not installed (apt-get install man-db)"))
    func manual() throws {
      let scratch = try Scratch()
      let page = try Self.install(in: scratch).prefix + "/share/man/man1/artfeed.1"
      let man = try #require(Self.installed("man"))
      let result = try Spawn.capture(
        [man, "--warnings", "-l", page],
        environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.errors.isEmpty, "groff warned: \(result.errors)")
      #expect(result.output.hasPrefix("ARTFEED(1)"), "the header: \(result.output.prefix(80))")
      #expect(result.output.contains("General Commands Manual"))
      for subcommand in [
        "browse", "parse", "render", "feeds", "refresh", "config", "sync", "artist", "follow",
        "following",
      ] {
        #expect(
          result.output.contains("\n     artfeed \(subcommand)"), "the manual lacks \(subcommand)")
      }
      // What README answers, man answers: the keys, the files, the exit statuses.
      for section in [
        "KEYS", "FILES", "ENVIRONMENT", "CONFIGURATION", "EXIT STATUS", "EXAMPLES", "SEE ALSO",
      ] {
        #expect(result.output.contains("\n" + section + "\n"), "the manual lacks \(section)")
      }
    }

    @Test("the bash completion loads and completes subcommands")
    func bash() throws {
      let scratch = try Scratch()
      let file =
        try Self.install(in: scratch).prefix + "/share/bash-completion/completions/artfeed"
      let bash = try #require(Self.installed("bash"))
      let loaded = try Spawn.capture([bash, "-c", "source '\(file)' && complete -p artfeed"])
      #expect(loaded.status == 0, "\(loaded.errors)")
      #expect(loaded.output.contains("-F _artfeed artfeed"), "\(loaded.output)")
      let completed = try Spawn.capture([
        bash, "-c",
        "source '\(file)'; COMP_WORDS=(artfeed con); COMP_CWORD=1; COMP_LINE='artfeed con'; "
          + "COMP_POINT=11; _artfeed artfeed con artfeed; printf '%s\\n' \"${COMPREPLY[@]}\"",
      ])
      #expect(completed.output.split(separator: "\n").contains("config"), "\(completed.output)")
    }

    @Test(
      "the zsh completion function loads",
      .enabled(if: installed("zsh") != nil, "zsh is not installed (apt-get install zsh)"))
    func zsh() throws {
      let scratch = try Scratch()
      let folder = try Self.install(in: scratch).prefix + "/share/zsh/site-functions"
      let zsh = try #require(Self.installed("zsh"))
      let result = try Spawn.capture([
        zsh, "-f", "-c",
        "fpath=('\(folder)' $fpath); autoload -Uz compinit; compinit -u; autoload -Uz _artfeed; "
          + "whence -w _artfeed",
      ])
      #expect(result.output.contains("_artfeed: function"), "\(result.output)\(result.errors)")
    }

    @Test(
      "the fish completion loads and completes subcommands",
      .enabled(if: installed("fish") != nil, "fish is not installed (apt-get install fish)"))
    func fish() throws {
      let scratch = try Scratch()
      let file =
        try Self.install(in: scratch).prefix + "/share/fish/vendor_completions.d/artfeed.fish"
      let fish = try #require(Self.installed("fish"))
      let result = try Spawn.capture([
        fish, "--no-config", "-c", "source '\(file)'; complete --do-complete 'artfeed con'",
      ])
      #expect(result.output.contains("config"), "\(result.output)\(result.errors)")
    }

    /// What the installed completion does when the reader presses Tab in `shell`, under tmux:
    /// each line typed (`artfeed ... <Tab>`) must become the expected one.
    static let completions: [(typed: String, becomes: String)] = [
      // File names for a SOURCE or FILE argument, the browser's too.
      ("artfeed parse feed-t", "artfeed parse feed-two.xml"),
      ("artfeed feed-o", "artfeed feed-one.rss"),
      ("artfeed import feed-t", "artfeed import feed-two.xml"),
      // Option values, the browser's (the default command) too.
      ("artfeed --pictures sy", "artfeed --pictures symbols"),
      ("artfeed feed-one.rss --pictures ki", "artfeed feed-one.rss --pictures kitty"),
      ("artfeed render --colors truec", "artfeed render --colors truecolor"),
      // Account names after sync and --account.
      ("artfeed sync wo", "artfeed sync work"),
      ("artfeed add --account ho", "artfeed add --account home"),
      // Commands, as before.
      ("artfeed con", "artfeed config"),
    ]

    @Test(
      "completion under tmux: file names, option values, account names",
      .enabled(
        if: ["bash", "zsh", "fish"].allSatisfy { installed($0) != nil },
        "bash, zsh or fish is not installed (apt-get install zsh fish)"),
      arguments: ["bash", "zsh", "fish"])
    func completes(shell: String) throws {
      let scratch = try Scratch()
      let prefix = try Self.install(in: scratch).prefix
      let work = scratch.path("work")
      try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
      for name in ["feed-one.rss", "feed-two.xml"] {
        try "<rss/>".write(toFile: work + "/" + name, atomically: true, encoding: .utf8)
      }
      try FileManager.default.createDirectory(
        atPath: scratch.path("config/artfeed"), withIntermediateDirectories: true)
      try """
      {"accounts": [{"name": "home", "kind": "greader", "url": "http://127.0.0.1:9/api/greader.php", "user": "ann"},
      {"name": "work", "kind": "greader", "url": "http://127.0.0.1:9/api/greader.php", "user": "bob"}]}
      """.write(
        toFile: scratch.path("config/artfeed/accounts.json"), atomically: true, encoding: .utf8)
      let program = try #require(Self.installed(shell))
      let start: String
      switch shell {
      case "bash":
        // Sourced at the prompt, below: bash has no option that does it before the first.
        start = "PS1='$ ' \(program) --norc --noprofile -i"
      case "zsh":
        let rc = scratch.path("zdot")
        try FileManager.default.createDirectory(atPath: rc, withIntermediateDirectories: true)
        try """
        fpath=('\(prefix)/share/zsh/site-functions' $fpath)
        autoload -Uz compinit; compinit -u
        PS1='$ '

        """.write(toFile: rc + "/.zshrc", atomically: true, encoding: .utf8)
        start = "ZDOTDIR='\(rc)' \(program) -i"
      default:
        start =
          "\(program) --no-config -C \"source '\(prefix)/share/fish/vendor_completions.d/"
          + "artfeed.fish'; function fish_prompt; echo '$ '; end\""
      }
      let tmux = try Tmux(
        width: 120, height: 20,
        command:
          "cd '\(work)' && exec env PATH='\(prefix)/bin:/usr/bin:/bin' LANG=C.UTF-8 "
          + "XDG_CONFIG_HOME='\(scratch.path("config"))' XDG_DATA_HOME='\(scratch.path("data"))' "
          + start)
      if shell == "bash" {
        try tmux.waitFor("the bash prompt") { Tmux.isAtPrompt($0) }
        try tmux.type("source '\(prefix)/share/bash-completion/completions/artfeed'")
        try tmux.send("Enter")
      }
      try tmux.waitFor("the \(shell) prompt") { $0.contains { $0.hasPrefix("$") } }
      for (typed, becomes) in Self.completions {
        try tmux.send("C-l")
        try tmux.type(typed)
        try tmux.send("Tab")
        let screen = try tmux.screen(timeout: 10) { screen in
          screen.contains { $0.hasPrefix("$ " + becomes) }
        }
        #expect(
          screen.contains { $0.hasPrefix("$ " + becomes) },
          "\(shell): “\(typed)” + Tab: \(screen.filter { !$0.isEmpty })")
        try tmux.send("C-u")
      }
    }
  }
}

/// Runs even when the tools are missing, so that CI notices.
@Suite("Install prerequisites")
struct InstallPrerequisites {
  @Test("man, zsh and fish are available when the end-to-end tests are required")
  func required() {
    guard Tmux.isRequired else { return }
    for tool in ["man", "zsh", "fish"] {
      #expect(EndToEnd.InstallTests.installed(tool) != nil, "\(tool) is not installed")
    }
  }
}
