import ArtistSearch
import FeedCore
import FeedLoading
import FeedModel
import Foundation
import HTTP
import TUI
import TUIRuntime

/// Times artist-search keystrokes as the browser handles them, with the index ready.
enum SearchTiming {
  static func run(path: String, query: String, brute: Bool) {
    let loader = FeedLoader(
      fetcher: FeedFetcher(
        client: CurlClient.shared, cache: nil, options: FetchOptions(offline: true)))
    let source = CatalogSource(
      main: .file(URL(fileURLWithPath: path)), loader: loader)
    var state = AppState(isOffline: true, width: 100, height: 30)
    let runner = CommandRunner(source: source)
    let start = DispatchTime.now()
    _ = runner.settle(&state, initial: state.startLoading())
    print(String(format: "  in-process load with the index: %.3f s", seconds(since: start)))
    _ = runner.settle(&state, initial: state.update(.key(.character("/"))))
    var times: [String] = []
    for character in query {
      let keyStart = DispatchTime.now()
      _ = runner.settle(&state, initial: state.update(.key(.character(character))))
      _ = state.render(now: Date())
      times.append(
        String(
          format: "%@ %.1f ms (%d)", String(character), 1000 * seconds(since: keyStart),
          state.list.count))
    }
    print("  keystroke to frame (key, ms, items found): " + times.joined(separator: ", "))
    breakdown(source: source, query: query)
    if brute { bruteForce(state: state, query: query, loader: loader, path: path) }
  }

  /// The search alone, as the source answers it off the UI loop (the rest of a keystroke is
  /// the result made into a list, and the frame).
  static func breakdown(source: CatalogSource, query: String) {
    var parts: [String] = []
    for length in 1...query.count {
      let text = String(query.prefix(length))
      let answered = DispatchSemaphore(value: 0)
      let box = ResultBox()
      let searchStart = DispatchTime.now()
      Task.detached {
        box.list = try? await source.search(artist: text)
        answered.signal()
      }
      answered.wait()
      parts.append(String(format: "%.1f", 1000 * seconds(since: searchStart)))
    }
    print("  of which the source's search (ms): " + parts.joined(separator: ", "))
  }

  /// The search before the index: every item's names folded and compared on each key.
  static func bruteForce(state: AppState, query: String, loader: FeedLoader, path: String) {
    guard let feed = try? FeedParser.parse(contentsOf: URL(fileURLWithPath: path)) else { return }
    var times: [String] = []
    for length in 1...query.count {
      let keyStart = DispatchTime.now()
      let found = ArtistMatchBefore.search(feed.items, query: String(query.prefix(length)))
      times.append(String(format: "%.1f ms (%d)", 1000 * seconds(since: keyStart), found))
    }
    print("  before, per key (fold and scan every item): " + times.joined(separator: ", "))
    var index = ArtistIndex()
    let buildStart = DispatchTime.now()
    index.add(feed.items)
    print(
      String(
        format: "  %d distinct artists; the index of %d items built in %.3f s", index.artistCount,
        index.count, seconds(since: buildStart)))
    var direct: [String] = []
    for length in 1...query.count {
      let text = String(query.prefix(length))
      let keyStart = DispatchTime.now()
      let found = index.search(text)
      let work = index.matches(ArtistQuery(text)).work
      direct.append(
        String(
          format: "%.1f ms (%d, work %d)", 1000 * seconds(since: keyStart), found.count, work))
    }
    print("  the index alone, per key (ms, items found, work): " + direct.joined(separator: ", "))
  }

  static func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }
}

/// The per-key cost of the search before the index: fold every item's names, compare.
enum ArtistMatchBefore {
  static func search(_ items: [FeedItem], query: String) -> Int {
    let query = ArtistMatch.normalized(query)
    var seen = Set<ItemID>()
    var found: [(Int, FeedItem)] = []
    for (offset, item) in items.enumerated()
    where ArtistMatch.names(of: item).contains(where: { ArtistMatch.normalized($0).contains(query) }
    ) {
      if seen.insert(ItemID(item)).inserted { found.append((offset, item)) }
    }
    found.sort { ($0.1.published ?? .distantPast) > ($1.1.published ?? .distantPast) }
    return found.count
  }
}

/// Carries a search's answer out of its task.
final class ResultBox: @unchecked Sendable {
  var list: LoadedList?
}
