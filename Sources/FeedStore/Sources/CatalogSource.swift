import FeedCore
import Foundation

/// A feed to open, and a catalog of feeds the artist search looks through offline.
///
/// With no SOURCE the feed is the bundled popular feed and the catalog every bundled feed,
/// as DeviantArt's `by:NAME` covers an artist's whole gallery. With a file or URL the catalog
/// is that feed. Catalog feeds are read on the first search and kept; the index is rebuilt
/// when a reload brings a new copy of the main feed.
public final class CatalogSource: FeedSource {
  public let main: FeedAddress
  public let catalog: [FeedAddress]
  let loader: FeedLoader
  private let cache = CatalogCache()

  public init(main: FeedAddress, catalog: [FeedAddress] = [], loader: FeedLoader) {
    self.main = main
    self.catalog = catalog.isEmpty ? [main] : catalog
    self.loader = loader
  }

  public var searchesOnline: Bool { false }

  public func loadMain() async throws(LoadError) -> LoadedList {
    let list = try await loader.load(main).list()
    await cache.store(list.items, for: main)
    return list
  }

  public func search(artist query: String) async throws(LoadError) -> LoadedList {
    let index = try await cache.index(catalog, loader: loader)
    return LoadedList(
      title: "Artist: \(query)", items: index.search(query), freshness: .local)
  }

  public func page(at url: URL) async throws(LoadError) -> LoadedList {
    try await loader.load(.web(url)).list()
  }
}

/// The catalog's items and their artist index, built once off the UI loop.
actor CatalogCache {
  private var items: [FeedAddress: [FeedItem]] = [:]
  private var index: ArtistIndex?

  func store(_ feedItems: [FeedItem], for address: FeedAddress) {
    if items[address] != nil { index = nil }
    items[address] = feedItems
  }

  func index(_ catalog: [FeedAddress], loader: FeedLoader) async throws(LoadError)
    -> ArtistIndex
  {
    if let index { return index }
    var all: [FeedItem] = []
    for address in catalog {
      if let known = items[address] {
        all += known
      } else {
        let loaded = try await loader.load(address).list().items
        items[address] = loaded
        all += loaded
      }
    }
    let built = ArtistIndex(all)
    index = built
    return built
  }
}
