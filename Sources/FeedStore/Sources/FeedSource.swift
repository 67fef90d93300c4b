import FeedCore
import Foundation

/// Where the browser's lists come from: the feed it opens on, an artist's work, next pages.
///
/// The UI asks these three questions and nothing else; whether the answers come from files,
/// a cache or the network is the source's business.
public protocol FeedSource: Sendable {
  /// True when an artist search asks a server (the UI then waits for typing to pause).
  var searchesOnline: Bool { get }
  /// The list the browser opens on (read again on each call: `r` reloads).
  func loadMain() async throws(LoadError) -> LoadedList
  /// The same list, its items handed to `progress` in batches as they are read (the first
  /// after about a screenful); the answer holds the rest (a source that cannot stream hands
  /// nothing over and answers with every item).
  func loadMain(progress: @escaping @Sendable (LoadedList) -> Void) async throws(LoadError)
    -> LoadedList
  /// The work of artists whose name contains `query`, newest first, without duplicates.
  func search(artist query: String) async throws(LoadError) -> LoadedList
  /// The page at `url` (a list's `nextPage`), to append to the list it came from.
  func page(at url: URL) async throws(LoadError) -> LoadedList
}

extension FeedSource {
  /// Does not stream: every item comes in the answer.
  public func loadMain(progress: @escaping @Sendable (LoadedList) -> Void) async throws(LoadError)
    -> LoadedList
  {
    try await loadMain()
  }
}

extension LoadedFeed {
  /// The feed as a list: its title (or a fallback), its items with their picture addresses
  /// made absolute, and its next page.
  func list(title fallback: String? = nil, nextPage: URL? = nil) -> LoadedList {
    let title = feed.title?.trimmingCharacters(in: .whitespacesAndNewlines)
    var list = LoadedList(
      title: (title?.isEmpty == false ? title : nil) ?? fallback ?? address.fallbackTitle,
      items: MediaAddresses.resolved(feed.items, against: baseURL),
      // First, so the items page's status line (the first warning) says it.
      warnings: (notSaved.map { [$0] } ?? []) + feed.warnings,
      freshness: freshness, nextPage: nextPage ?? linkedNextPage)
    list.notSaved = notSaved
    return list
  }

  /// The channel's `atom:link rel="next"`, resolved against the feed's own URL; only web
  /// addresses page (a file's next link would reach the network unasked).
  var linkedNextPage: URL? {
    guard !feed.items.isEmpty, let link = feed.nextLink, case .web = address else { return nil }
    guard let url = URL(string: link, relativeTo: baseURL)?.absoluteURL,
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    return url
  }
}
