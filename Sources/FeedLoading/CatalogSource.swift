import ArtistSearch
import FeedCore
import FeedModel
import Foundation
import Locking

/// A feed to open, and a catalog of feeds the artist search looks through offline.
///
/// With no SOURCE the feed is the bundled popular feed and the catalog every bundled feed,
/// as DeviantArt's `by:NAME` covers an artist's whole gallery. With a file or URL the catalog
/// is that feed. The main feed's artist index grows as its batches are parsed; the other
/// catalog feeds are read on the first search and kept; a reload starts the main feed's
/// index again.
public final class CatalogSource: FeedSource {
  public let main: FeedAddress
  public let catalog: [FeedAddress]
  let loader: FeedLoader
  private let cache: CatalogCache

  /// `rowKind` is the list's row kind of an item (`ItemPicture.rowKind`; nil keeps none): the
  /// artist indexes keep it per item as they grow, and search answers carry their rows'
  /// kinds, so showing a large answer does not look at every item again.
  public init(
    main: FeedAddress, catalog: [FeedAddress] = [], loader: FeedLoader,
    rowKind: (@Sendable (FeedItem) -> UInt8)? = ItemPicture.rowKind
  ) {
    self.main = main
    self.catalog = catalog.isEmpty ? [main] : catalog
    self.loader = loader
    self.cache = CatalogCache(rowKind: rowKind)
  }

  public var searchesOnline: Bool { false }

  public func loadMain() async throws(LoadError) -> LoadedList {
    let collected = ItemCollector()
    var list = try await loadMain { collected.append($0.items) }
    list.items = collected.items + list.items
    return list
  }

  /// Streams the main feed: each batch goes into the artist index, then to `progress`.
  public func loadMain(progress: @escaping @Sendable (LoadedList) -> Void) async throws(LoadError)
    -> LoadedList
  {
    let (cache, main) = (self.cache, self.main)
    let token = cache.begin(main)
    let loaded = try await loader.load(main) { batch in
      // The batch is encoded once, into the index's blocks, and the list shares them.
      let stored = cache.add(batch.items, for: main, token: token)
      let title = batch.title?.trimmingCharacters(in: .whitespacesAndNewlines)
      progress(
        LoadedList(
          title: (title?.isEmpty == false ? title : nil) ?? main.fallbackTitle,
          chunks: stored?.items ?? ItemChunks(batch.items), rowKinds: stored?.rowKinds,
          freshness: .local))
    }
    // A web feed comes whole, not in batches: its items are in the list.
    let list = loaded.list()
    cache.add(list.items, for: main, token: token)
    // Sorted here, in the loading task, so that the first broad search does not sort.
    cache.prepareOrder(for: main, token: token)
    return list
  }

  public func search(artist query: String) async throws(LoadError) -> LoadedList {
    for address in cache.missing(catalog) {
      cache.store(try await loader.load(address).list().items, for: address)
    }
    let found = cache.search(query, in: catalog)
    var list = LoadedList(
      title: "Artist: \(query)", chunks: found.items, rowKinds: found.rowKinds, freshness: .local)
    list.closeMatches = found.isClose
    return list
  }

  public func page(at url: URL) async throws(LoadError) -> LoadedList {
    try await loader.load(.web(url)).list()
  }
}

/// Gathers the batches of a load for `loadMain()`, which answers with the whole list.
final class ItemCollector: Sendable {
  private let gathered = Locked<[FeedItem]>([])

  func append(_ items: [FeedItem]) { gathered.withLock { $0 += items } }

  var items: [FeedItem] { gathered.withLock { $0 } }
}
