import FeedCore
import FeedModel
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
  /// A source that searches online answers with everything: what it had, merged with what
  /// the server said; requests that failed are the answer's `warnings`.
  func search(artist query: String) async throws(LoadError) -> LoadedList
  /// For a source that searches online: the answer from what it already has, without a
  /// request, shown while typing until `search` answers (nil: nothing to show first).
  func searchLocally(artist query: String) async -> LoadedList?
  /// The page at `url` (a list's `nextPage`), to append to the list it came from.
  func page(at url: URL) async throws(LoadError) -> LoadedList
}

extension FeedSource {
  /// Nothing to show before `search` answers.
  public func searchLocally(artist query: String) async -> LoadedList? { nil }

  /// Does not stream: every item comes in the answer.
  public func loadMain(progress: @escaping @Sendable (LoadedList) -> Void) async throws(LoadError)
    -> LoadedList
  {
    try await loadMain()
  }
}
