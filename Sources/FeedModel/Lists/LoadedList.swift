import FeedCore
import Foundation

/// How current a list is, for the title bar.
public enum Freshness: Sendable, Equatable {
  /// Read from a file or standard input: no network involved ("offline").
  case local
  /// Fetched just now, or the server said the cached copy is current.
  case live
  /// The network failed or was not allowed: a copy fetched at `fetchedAt`, and why.
  case cached(fetchedAt: Date, reason: String)
}

/// A list ready to show: its title, items, and where the next page is.
///
/// The items are `ItemChunks`: a search answer over a large feed is a selection view of the
/// feed's index (no item copied), with the rows' kinds gathered alongside (`rowKinds`).
public struct LoadedList: Sendable, Equatable {
  public var title: String
  /// The items, as stored: a plain array's one chunk, or a selection view.
  public var chunks: ItemChunks {
    didSet { rowKinds = nil }
  }
  /// The engine's row kind of each item (`ItemList`'s: 0 basic, 1 image), when the source
  /// kept them; nil when the list computes them. Any change to the items drops them.
  public var rowKinds: [UInt8]?
  /// The items as an array: free for a list made from an array, a copy for a selection
  /// (hot paths read `chunks`).
  public var items: [FeedItem] {
    get { chunks.array }
    set { chunks = ItemChunks(newValue) }
  }
  public var warnings: [String]
  public var freshness: Freshness
  /// Why the copy fetched just now could not be kept in the cache, if it could not.
  public var notSaved: String?
  /// The next page to append when the reader nears the end; nil when there is none.
  public var nextPage: URL?
  /// An artist search's answer of close matches: no artist matched the query exactly, and
  /// these are one typo away (`ArtistQuery.isClose(to:)`).
  public var closeMatches = false
  // Picture addresses in `items` are absolute (see `MediaAddresses`).

  public init(
    title: String, items: [FeedItem], warnings: [String] = [], freshness: Freshness,
    nextPage: URL? = nil
  ) {
    self.title = title
    self.chunks = ItemChunks(items)
    self.warnings = warnings
    self.freshness = freshness
    self.nextPage = nextPage
  }

  /// A list of `chunks` (a selection view, say) with their row kinds if known (one each).
  public init(
    title: String, chunks: ItemChunks, rowKinds: [UInt8]? = nil, warnings: [String] = [],
    freshness: Freshness, nextPage: URL? = nil
  ) {
    precondition(rowKinds == nil || rowKinds?.count == chunks.count, "one kind per item")
    self.title = title
    self.chunks = chunks
    self.rowKinds = rowKinds
    self.warnings = warnings
    self.freshness = freshness
    self.nextPage = nextPage
  }

  /// Equal lists show the same: `rowKinds` are derived from the items and not compared.
  public static func == (a: LoadedList, b: LoadedList) -> Bool {
    a.title == b.title && a.chunks == b.chunks && a.warnings == b.warnings
      && a.freshness == b.freshness && a.nextPage == b.nextPage && a.notSaved == b.notSaved
      && a.closeMatches == b.closeMatches
  }

  /// A list read without the network (`isOffline`) or fetched live.
  public init(title: String, items: [FeedItem], warnings: [String] = [], isOffline: Bool) {
    self.init(
      title: title, items: items, warnings: warnings, freshness: isOffline ? .local : .live)
  }

  /// True when nothing in it came from the network just now.
  public var isOffline: Bool { freshness != .live }
}
