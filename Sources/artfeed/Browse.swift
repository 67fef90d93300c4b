import ArgumentParser
import CursesBackend
import FeedLoading
import FeedModel
import Foundation
import Settings
import Subscriptions
import TUI
import TUIRuntime

/// `artfeed [browse] [SOURCE] [--artist NAME]`: the interactive browser.
struct Browse: ParsableCommand, ReadsSettings {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Open the feed browser (the default command).",
    discussion: """
      Keys: j/k or arrows move, Enter opens, / searches by artist, Esc goes back, q quits, \
      ? lists every key. Colours follow the terminal; NO_COLOR or --no-color turns them off.
      """,
    version: Artfeed.version)

  @OptionGroup var options: SourceOptions

  @Flag(help: "Draw with attributes only, no colours (NO_COLOR does the same).")
  var noColor = false

  @Flag(help: "Start with empty thumbnail boxes instead of pictures (i toggles).")
  var noImages = false

  @Option(
    help: """
      How to show pictures: auto (pixels when the terminal shows them: the kitty protocol, \
      sixel or iTerm2 images; else symbols), kitty, sixel, iterm, symbols or none. \
      Default: the config file's [pictures] mode, else auto.
      """)
  var pictures: PictureMode?

  @Flag(help: "Neither show nor keep read and starred marks this time.")
  var noState = false

  func run() throws {
    var (settings, _) = SettingsAccess.loadOrFail()
    if noColor { settings.set(\.useColor, false, key: "colors.enabled", option: "--no-color") }
    if let pictures {
      settings.set(\.pictureMode, pictures, key: "pictures.mode", option: "--pictures")
    }
    if noImages { settings.set(\.pictureMode, .none, key: "pictures.mode", option: "--no-images") }
    let loader = FeedSources.loader(options.network)
    let source: any FeedSource
    let library: SubscriptionLibrary?
    do {
      library = try FeedSources.subscriptions(for: options, loader: loader, settings: settings)
      source = try FeedSources.source(for: options, loader: loader)
      if options.source == "-" { try readFeedThenTakeTerminal(loader) }
    } catch let failure {
      fail(failure)
    }
    TerminalGuard.install()
    let pictureSetup = detectPictures(settings.pictureMode)
    let screen: CursesScreen
    do {
      screen = try CursesScreen(useColor: settings.useColor, palette: Palette(settings))
    } catch {
      fail(.terminal(error.description))
    }
    defer { screen.close() }
    if let output = pictureSetup.output { screen.pixels = PixelWriter(output: output) }
    crashIfAsked()
    let size = screen.size
    var (state, commands) = FeedSources.startingState(
      for: options, library: library, width: size.width, height: size.height, settings: settings)
    state.timeZone = .current
    state.quitsIfNotAFeed = library == nil && options.source != nil && options.isLocal
    state.configurePictures(
      enabled: settings.pictureMode != .none,
      depth: screen.colorDepth.onLightBackground(settings.theme == .light),
      cell: pictureSetup.output?.cell, note: pictureSetup.note,
      // kitty plays animations itself; through tmux's passthrough the frames go one by one
      // on deadlines, as for sixel (tmux repaints and the pane's position move them).
      terminalPlaysMotion: pictureSetup.output.map { $0.kind == .kitty && $0.tmuxPane == nil }
        ?? false)
    let browser = settings.browser
    var loop = AppLoop(
      state: state, screen: screen, source: source,
      shouldStop: { TerminalGuard.receivedSignal != nil },
      openLink: { url, report in
        BrowserLauncher.open(url, browser: browser, screen: screen, report: report)
      },
      images: FeedSources.images(options.network, diskCache: settings.pictureDiskCache),
      library: library)
    let viewer = settings.viewer
    loop.openPicture = { path, report in ViewerLauncher.open(path, viewer: viewer, report: report) }
    // A folder the file or XDG_PICTURES_DIR chose; else `d` finds the default itself.
    if settings.origins["general.download-directory"] != nil {
      loop.downloadFolder = URL(fileURLWithPath: settings.downloadDirectory)
    }
    TerminalGuard.wakes(loop.wake)
    if let pixels = screen.pixels { loop.pictureLoader?.setPreparer(pixels.preparer) }
    // The feed starts loading before the state is opened (on the state's own thread), so
    // the two overlap, as in `render` (the state's answers to the batches are asked for
    // when the loop applies them, after the attach).
    loop.start(commands)
    commands = []
    if !noState {
      loop.openState(environment: processEnvironment, keepDays: settings.keepDays)
      commands += loop.state.attachState(
        mainFeed: FeedSources.mainFeedKey(for: options, library: library))
    }
    loop.run(initial: commands)
    screen.close()
    if !loop.finishStateWrites() {
      FileHandle.standardError.write(
        Data("artfeed: state: some marks were not saved in 5 s and are lost\n".utf8))
    }
    if TerminalGuard.receivedSignal == nil {
      for line in loop.sendQueuedAccountMarks(within: 3) {
        TerminalText.writeError("artfeed: \(line)\n")
      }
    }
    if state.quitsIfNotAFeed, loop.state.list.count == 0, let failure = loop.state.loadFailure,
      failure.kind == .notAFeed || failure.kind == .unreadable
    {
      fail(CommandFailure(failure))
    }
    if let signal = TerminalGuard.receivedSignal {
      endProcess(128 + signal)
    }
  }
}

/// `ARTFEED_TEST_CRASH=segv`: SIGSEGV, raised on a thread of its own one second after the
/// screen is up, for the end-to-end test that a crash gives the terminal back (README: "crashes
/// restore the terminal"). Nothing else reads the variable.
private func crashIfAsked() {
  guard processEnvironment["ARTFEED_TEST_CRASH"] == "segv" else { return }
  Thread.detachNewThread {
    Thread.sleep(forTimeInterval: 1)
    raise(SIGSEGV)
  }
}

/// `artfeed -`: the feed arrives on standard input, so it is read whole first, and then the
/// terminal (`/dev/tty`) becomes standard input for the keys, as `less` does.
private func readFeedThenTakeTerminal(_ loader: FeedLoader) throws(CommandFailure) {
  do {
    try loader.readStandardInputNow()
  } catch {
    throw CommandFailure(error)
  }
  let terminal = open("/dev/tty", O_RDONLY)
  guard terminal >= 0, dup2(terminal, STDIN_FILENO) >= 0 else {
    throw .terminal("the feed came on standard input and there is no terminal to read keys from")
  }
  close(terminal)
}

/// Opens links for `o`: the first of the browser setting's entries (then xdg-open) that is
/// installed;
/// never through a shell. A terminal browser gets the terminal until it exits; another is
/// started in the background and reported if it fails.
enum BrowserLauncher {
  /// - Parameter browser: the settings' `browser` (the config file's, else `$BROWSER`).
  static func open(
    _ url: String, browser: String?, screen: CursesScreen,
    report: @escaping @Sendable (String) -> Void
  ) {
    let environment = processEnvironment
    let candidates = LinkOpener.candidates(for: url, browser: browser)
    for command in candidates {
      guard let program = executable(command[0], path: environment["PATH"]) else { continue }
      let name = (command[0] as NSString).lastPathComponent
      if LinkOpener.isTerminalBrowser(command) {
        var status: Int32 = 0
        var failure: String?
        screen.suspend {
          do {
            status = try runInTerminal(program, Array(command.dropFirst()))
          } catch {
            failure = "cannot start \(name): \(SystemMessage.words(error))"
          }
        }
        report(
          failure.map { "Error: \($0)" }
            ?? (status == 0 ? "Back from \(name)" : "Error: \(name) exited with status \(status)"))
        return
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = Array(command.dropFirst())
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      process.terminationHandler = { finished in
        if finished.terminationStatus != 0 {
          report(
            "Error: \(name) could not open the link (exit status \(finished.terminationStatus))")
        }
      }
      do {
        try process.run()
      } catch {
        report("Error: cannot start \(name): \(SystemMessage.words(error))")
        return
      }
      report("Opening in \(name): \(url)")
      return
    }
    let tried = candidates.map { $0[0] }.joined(separator: ", ")
    report(
      "Error: no browser found (tried \(tried)); set browser in the config file, or $BROWSER")
  }

  /// Runs a program in the foreground and waits for it; the terminal is its own.
  ///
  /// `posix_spawn` directly: Foundation's `Process` puts the child in a process group of its
  /// own, which the terminal then stops (SIGTTIN) as soon as it reads a key. The child gets
  /// default signal actions and an empty signal mask.
  private static func runInTerminal(_ program: String, _ arguments: [String]) throws -> Int32 {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGPIPE] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let status = posix_spawn(&pid, program, nil, &attributes, argv, environ)
    guard status == 0 else {
      throw NSError(domain: NSPOSIXErrorDomain, code: Int(status))
    }
    var exit: Int32 = 0
    while waitpid(pid, &exit, 0) < 0 && errno == EINTR {}
    return (exit & 0x7f) == 0 ? (exit >> 8) & 0xff : 128 + (exit & 0x7f)
  }

  /// The full path of `name`: itself when it has a slash, else the first match on `PATH`.
  static func executable(_ name: String, path: String?) -> String? {
    if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
      let candidate = String(directory) + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}

/// Opens a picture's file for `p`: the first of the viewer setting's entries (then
/// xdg-open, the desktop's opener) that is installed, started in the background with the
/// file as one argument; never through a shell.
enum ViewerLauncher {
  /// What the status line says now; a viewer that then fails is reported later.
  /// - Parameter viewer: the settings' `viewer` (`imv`, `feh --scale-down %s`, ...).
  static func open(
    _ path: String, viewer: String?, report: @escaping @Sendable (String) -> Void
  ) -> String {
    let environment = processEnvironment
    let candidates = LinkOpener.candidates(for: path, browser: viewer)
    for command in candidates {
      guard let program = BrowserLauncher.executable(command[0], path: environment["PATH"])
      else { continue }
      let name = (command[0] as NSString).lastPathComponent
      let process = Process()
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = Array(command.dropFirst())
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      process.terminationHandler = { finished in
        if finished.terminationStatus != 0 {
          report(
            "Error: \(name) could not show the picture (exit status \(finished.terminationStatus))"
          )
        }
      }
      do {
        try process.run()
      } catch {
        return "Error: cannot start \(name): \(SystemMessage.words(error))"
      }
      return "Opening the picture in \(name)"
    }
    let tried = candidates.map { $0[0] }.joined(separator: ", ")
    return "Error: no picture viewer found (tried \(tried)); set viewer in the config file"
  }
}
