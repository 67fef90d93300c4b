import ArgumentParser
import CursesBackend
import FeedStore
import Foundation
import TUI

/// `artfeed [browse] [SOURCE] [--artist NAME]`: the interactive browser.
struct Browse: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Open the feed browser (the default command).",
    discussion: """
      Keys: j/k or arrows move, Enter opens, / searches by artist, Esc goes back, q quits,
      ? lists every key. Colours follow the terminal; NO_COLOR or --no-color turns them off.
      """)

  @OptionGroup var options: SourceOptions

  @Flag(help: "Draw with attributes only, no colours (NO_COLOR does the same).")
  var noColor = false

  func run() throws {
    let loader = FeedSources.loader(options.network)
    let source: any FeedSource
    do {
      source = try FeedSources.source(for: options, loader: loader)
      if options.source == "-" { try readFeedThenTakeTerminal(loader) }
    } catch let failure {
      fail(failure)
    }
    TerminalGuard.install()
    let useColor =
      !noColor && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
    let screen: CursesScreen
    do {
      screen = try CursesScreen(useColor: useColor)
    } catch {
      fail(.terminal(error.description))
    }
    defer { screen.close() }
    let size = screen.size
    let isLocal = options.endpoint == nil && !(options.source ?? "").contains("://")
    var state = AppState(isOffline: isLocal, width: size.width, height: size.height)
    var commands = state.startLoading()
    if let artist = options.artist { commands += state.startSearch(artist) }
    var loop = AppLoop(
      state: state, screen: screen, source: source,
      shouldStop: { TerminalGuard.receivedSignal != nil },
      openLink: BrowserLauncher.open)
    loop.run(initial: commands)
    screen.close()
    if let signal = TerminalGuard.receivedSignal {
      Foundation.exit(128 + signal)
    }
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

/// Starts the reader's browser on a link: `$BROWSER`, else xdg-open; never through a shell.
enum BrowserLauncher {
  /// Returns an error message when the browser cannot be started.
  static func open(_ url: String) -> String? {
    let arguments = LinkOpener.command(
      for: url, browser: ProcessInfo.processInfo.environment["BROWSER"])
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["--"] + arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return "cannot start \(arguments.first ?? "a browser"): \(error.localizedDescription)"
    }
    return nil
  }
}
