import ArgumentParser
import CursesBackend
import FeedLoading
import Foundation
import Pictures
import ReadingState
import Settings
import Subscriptions
import TUI
import TUIRuntime

/// `artfeed render`: the screen the browser would show, as plain text.
///
/// The same state, events and drawing code as the interactive browser: the first load (and
/// an `--artist` search) run through the same `CommandRunner`, and the command waits until
/// everything they asked for has arrived. Only the terminal is replaced by standard output.
struct Render: ParsableCommand, ReadsSettings {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Print the screen the browser would show at a size, as plain text.",
    discussion: """
      Exit status: 0 shown (a cached copy counts), 65 not a feed, 66 cannot read, 69 the \
      network failed and nothing is cached.
      """,
    version: Artfeed.version)

  @OptionGroup var options: SourceOptions

  /// The largest screen drawn (a screen buffer holds every cell).
  static let maxWidth = 2_000
  static let maxHeight = 1_000

  // `.unconditional`: `--width -3` is a bad width, not a missing one.
  @Option(parsing: .unconditional, help: "Terminal width in columns (1 to 2000).")
  var width: Int

  @Option(parsing: .unconditional, help: "Terminal height in lines (1 to 1000).")
  var height: Int = Render.defaultHeight

  static let defaultHeight = 24

  @Option(parsing: .unconditional, help: "Scroll so this row (0-based) is at the top of the list.")
  var top: Int?

  @Flag(help: "Jump to the end of the list (as G does).")
  var end = false

  @Option(parsing: .unconditional, help: "Select this row (0-based).")
  var select: Int?

  @Flag(
    help: """
      Also print the list's rows, the measurements made (a row measured again after a \
      resize counts again), the rows whose height is known, and the estimated total height.
      """)
  var stats = false

  @Flag(help: "Print colours and attributes as SGR escape sequences (the browser's screen).")
  var color = false

  @Option(
    help: """
      Colour depth of the pictures: truecolor, 256, 8 or none (shades). \
      Default: 256 with --color, none without.
      """)
  var colors: PictureDepth?

  @Flag(help: "Draw empty thumbnail boxes instead of pictures.")
  var noImages = false

  @Option(
    help: """
      Print the pictures in pixels: each picture's kitty, sixel or iTerm2 sequence after the \
      screen's text, at its box (the cursor moved there relatively, saved and restored).
      """)
  var pictures: PictureProtocol?

  @Option(help: "The cell size in pixels the pictures are fitted to, as WxH (default 10x20).")
  var cellSize: CellSizeArgument?

  @Flag(help: "Show no read or starred marks (render never changes them).")
  var noState = false
  @Flag(
    help: """
      With subscriptions and no SOURCE: read every subscription (cached copies and files, \
      fetching the never fetched) before printing the feed list, as the browser shows it \
      once they are read. Without it the feed list is the browser's first frame, its counts \
      from the reading state, and no feed is read.
      """)
  var readFeeds = false
  @Flag(
    help: """
      Print the first screen that shows items as soon as the browser would draw it (the \
      feed may still be loading), then exit; for timing the first screen.
      """)
  var firstScreen = false

  func validate() throws {
    // A screen of no cells prints nothing useful: a mistake, not a request.
    guard (1...Self.maxWidth).contains(width) else {
      throw ValidationError("--width must be from 1 to \(Self.maxWidth), not \(width)")
    }
    guard (1...Self.maxHeight).contains(height) else {
      throw ValidationError("--height must be from 1 to \(Self.maxHeight), not \(height)")
    }
    guard (top ?? 0) >= 0, (select ?? 0) >= 0 else {
      throw ValidationError("--top and --select are rows counted from 0: give 0 or more")
    }
    guard !firstScreen || (!end && top == nil && select == nil && !stats) else {
      throw ValidationError("--first-screen cannot be used with --top, --end, --select, --stats")
    }
    guard !(end && top != nil) else {
      throw ValidationError("--top and --end cannot be used together")
    }
  }

  func run() throws {
    var (settings, _) = SettingsAccess.loadOrFail()
    if noImages { settings.set(\.pictureMode, .none, key: "pictures.mode", option: "--no-images") }
    let source: any FeedSource
    let library: SubscriptionLibrary?
    do {
      let loader = FeedSources.loader(options.network)
      library = try FeedSources.subscriptions(for: options, loader: loader, settings: settings)
      source = try FeedSources.source(for: options, loader: loader)
    } catch let failure {
      fail(failure)
    }
    var (state, commands) = FeedSources.startingState(
      for: options, library: library, width: width, height: height, settings: settings)
    let depth = (colors ?? (color ? .indexed256 : .none)).depth
    let cell = pictures.map { _ in cellSize?.size ?? CellSize.fallback }
    state.configurePictures(
      enabled: settings.pictureMode != .none,
      depth: depth.onLightBackground(settings.theme == .light), cell: cell)
    let runner = CommandRunner(
      source: source,
      images: FeedSources.images(options.network, diskCache: settings.pictureDiskCache),
      library: library)
    // The feed list as the browser's first frame shows it: its counts come from the reading
    // state (kept per feed, docs/adr/0114), so no feed is read for them (docs/adr/0170).
    let listFromState = library != nil && options.artist == nil && !readFeeds
    // The feed starts loading before the state is opened, so the two overlap (the state's
    // answers to the batches are asked for when `settle` applies them, after the attach).
    if !listFromState {
      for command in commands where command != .quit { runner.perform(command) }
    }
    commands = []
    state.timeZone = .current
    if !noState {
      // The marks as the browser would show them, read from the file where it is: render
      // records nothing in it (what it records stays in memory). The file is opened on the
      // state's thread while the feed parses.
      let inbox = runner.inbox
      runner.attach(
        ReaderState.openReadOnly(
          environment: processEnvironment, notify: { inbox.post(.state($0)) }))
      commands += state.attachState(
        mainFeed: FeedSources.mainFeedKey(for: options, library: library))
    }
    if listFromState {
      _ = runner.settle(&state, initial: commands)
      let text = state.render(now: Date()).trimmedLines.joined(separator: "\n") + "\n"
      FileHandle.standardOutput.write(Data(text.utf8))
      endProcess(0)
    }
    if firstScreen, library != nil {
      // The feed list as soon as every feed has been read once (cached copies, files).
      _ = runner.settle(&state, initial: commands)
      let text = state.render(now: Date()).trimmedLines.joined(separator: "\n") + "\n"
      FileHandle.standardOutput.write(Data(text.utf8))
      endProcess(0)
    }
    if firstScreen {
      // Stops at the first event after which the list has items: a batch, or the whole feed.
      _ = runner.settle(&state, initial: commands) { $0.list.count > 0 }
      if let failure = state.loadFailure { fail(CommandFailure(failure)) }
      let text = state.render(now: Date()).trimmedLines.joined(separator: "\n") + "\n"
      FileHandle.standardOutput.write(Data(text.utf8))
      endProcess(0)
    }
    _ = runner.settle(&state, initial: commands)
    if let failure = state.loadFailure, options.artist == nil { fail(CommandFailure(failure)) }
    if let failure = state.searchFailure { fail(CommandFailure(failure)) }
    if let top { state.scrollList(toRow: top) }
    if end { _ = runner.settle(&state, initial: state.update(.key(.end))) }
    if let select { state.selectRow(select) }
    // The pictures of the final screen, as the browser would show them once they arrive;
    // bounded by --timeout so a slow server cannot hold the output.
    let deadline = DispatchTime.now() + options.network.timeout
    _ = runner.settle(
      &state, initial: state.pictureCommands() + state.markCommands(), deadline: deadline)
    let screen = state.render(now: Date())
    let lines = color ? screen.sgrLines(palette: Palette(settings)) : screen.trimmedLines
    var output = lines.joined(separator: "\n") + "\n"
    if let pictures {
      output += String(
        decoding: PictureText.sequences(for: screen, kind: pictures), as: UTF8.self)
    }
    if stats {
      output += Self.statsLine(rows: state.list.count, state.list.stats) + "\n"
    }
    // The bytes copied at once (`Data(output.utf8)` copies element by element), and no
    // clean-up after: the process ends here, and taking the state and its lists apart would
    // only cost time (docs/adr/0151).
    let data = output.withUTF8 { Data(buffer: $0) }
    FileHandle.standardOutput.write(data)
    endProcess(0)
  }

  /// `render --stats`: "rows: 64  measurements: 2  rows of known height: 1 (9 lines)
  /// estimated total: 540 lines", each count with its own noun.
  static func statsLine(rows: Int, _ stats: ItemList.Stats) -> String {
    func count(_ number: Int, _ noun: String) -> String {
      "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
    return "rows: \(rows)  measurements: \(stats.rowsMeasured)  rows of known height: "
      + "\(stats.measuredRows) (\(count(stats.measuredTotal, "line")))  "
      + "estimated total: \(count(stats.estimatedTotal, "line"))"
  }
}
