import ArgumentParser
import Foundation
import TUI

/// `artfeed render`: the screen the browser would show, as plain text.
///
/// The same state, layout and drawing code as the interactive list; only the terminal is
/// replaced by standard output. Scripts and end-to-end tests use it.
struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the screen the browser would show at a size, as plain text.")

  @OptionGroup var options: SourceOptions

  @Option(help: "Terminal width in columns.")
  var width: Int

  @Option(help: "Terminal height in lines.")
  var height: Int = 24

  @Option(help: "Scroll so this row (0-based) is at the top of the list.")
  var top: Int?

  @Flag(help: "Jump to the end of the list (as G does).")
  var end = false

  @Option(help: "Select this row (0-based).")
  var select: Int?

  @Flag(help: "Also print rows measured and the estimated and measured totals.")
  var stats = false

  func validate() throws {
    guard width >= 0, height >= 0 else {
      throw ValidationError("--width and --height must be 0 or more")
    }
    guard !(end && top != nil) else {
      throw ValidationError("--top and --end cannot be used together")
    }
  }

  func run() throws {
    let list: LoadedList
    do {
      let source = try FeedSources.source(for: options.source)
      list = try load(from: source)
    } catch let failure {
      fail(failure)
    }
    var state = AppState(
      list: ItemList(title: list.title, items: list.items), isOffline: list.isOffline,
      width: width, height: height)
    if let top { state.scrollList(toRow: top) }
    if end { _ = state.update(.key(.end)) }
    if let select { state.selectRow(select) }
    let screen = state.render()
    var output = screen.trimmedLines.joined(separator: "\n") + "\n"
    if stats {
      let s = state.list.stats
      output +=
        "rows: \(state.list.count)  rows measured: \(s.rowsMeasured)  "
        + "estimated total: \(s.estimatedTotal) lines  measured total: \(s.measuredTotal) lines "
        + "(\(s.measuredRows) rows)\n"
    }
    FileHandle.standardOutput.write(Data(output.utf8))
  }

  private func load(from source: FileSource) throws(CommandFailure) -> LoadedList {
    do {
      guard let artist = options.artist else { return try source.loadMainNow() }
      let items = try source.itemsNow(byArtist: artist)
      return LoadedList(title: "Artist: \(artist)", items: items, isOffline: source.isOffline)
    } catch {
      throw .notAFeed(error.description)
    }
  }
}
