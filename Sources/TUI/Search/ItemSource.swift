import FeedCore
import Foundation

/// Where the lists come from: the main feed, and an artist's work for search.
///
/// The offline source answers from files; an online source (a DeviantArt-style endpoint with
/// `?q=by:NAME`) can answer the same two questions later without the UI changing.
public protocol ItemSource: Sendable {
  /// Shown in the title bar as "offline" when true.
  var isOffline: Bool { get }
  /// The list the browser opens on.
  func loadMain() async throws(LoadError) -> LoadedList
  /// Every item by the artist whose name contains `query`, newest first, without duplicates.
  func items(byArtist query: String) async throws(LoadError) -> [FeedItem]
}

/// A source made of feed files: the main feed, and a catalog of files searched by artist.
///
/// Offline, the catalog is every bundled feed (popular and the artist feeds), as the
/// DeviantArt endpoint's `by:NAME` covers an artist's whole gallery. The catalog is parsed on
/// the first search, off the UI loop, and kept.
public final class FileSource: ItemSource {
  public let mainFile: URL
  public let catalogFiles: [URL]
  public let isOffline: Bool
  private let cache = CatalogCache()

  public init(mainFile: URL, catalogFiles: [URL], isOffline: Bool = true) {
    self.mainFile = mainFile
    self.catalogFiles = catalogFiles.isEmpty ? [mainFile] : catalogFiles
    self.isOffline = isOffline
  }

  public func loadMain() async throws(LoadError) -> LoadedList {
    list(from: try await cache.feed(mainFile, reload: true))
  }

  public func items(byArtist query: String) async throws(LoadError) -> [FeedItem] {
    try await cache.index(files: catalogFiles).search(query)
  }

  /// `loadMain` on the caller's thread, for `artfeed render`.
  public func loadMainNow() throws(LoadError) -> LoadedList {
    list(from: try Self.parse(mainFile))
  }

  private func list(from feed: Feed) -> LoadedList {
    let title = feed.title.map(sanitizedTitle) ?? mainFile.deletingPathExtension().lastPathComponent
    return LoadedList(
      title: title, items: feed.items, warnings: feed.warnings, isOffline: isOffline)
  }

  /// `items(byArtist:)` on the caller's thread, for `artfeed render`.
  public func itemsNow(byArtist query: String) throws(LoadError) -> [FeedItem] {
    var all: [FeedItem] = []
    for file in catalogFiles { all += try Self.parse(file).items }
    return ArtistMatch.search(all, query: query)
  }

  static func parse(_ file: URL) throws(LoadError) -> Feed {
    do {
      return try FeedParser.parse(contentsOf: file)
    } catch {
      throw LoadError("\(file.lastPathComponent): \(error.description)")
    }
  }

  private func sanitizedTitle(_ title: String) -> String {
    title.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// Parsed feeds and the artist index, shared by loads and searches.
///
/// The main feed is parsed again on each load (`r` reloads); a catalog file is parsed once,
/// and not at all when it is the main feed already loaded. The index is built on the first
/// search and dropped when a reload changes a feed it was built from.
actor CatalogCache {
  private var feeds: [URL: Feed] = [:]
  private var artistIndex: ArtistIndex?

  func feed(_ file: URL, reload: Bool = false) throws(LoadError) -> Feed {
    if !reload, let feed = feeds[file] { return feed }
    let feed = try FileSource.parse(file)
    if feeds[file] != nil { artistIndex = nil }
    feeds[file] = feed
    return feed
  }

  func index(files: [URL]) throws(LoadError) -> ArtistIndex {
    if let artistIndex { return artistIndex }
    var all: [FeedItem] = []
    for file in files { all += try feed(file).items }
    let index = ArtistIndex(all)
    artistIndex = index
    return index
  }
}
