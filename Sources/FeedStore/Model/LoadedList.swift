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
public struct LoadedList: Sendable, Equatable {
  public var title: String
  public var items: [FeedItem]
  public var warnings: [String]
  public var freshness: Freshness
  /// The next page to append when the reader nears the end; nil when there is none.
  public var nextPage: URL?
  // Picture addresses in `items` are absolute (see `MediaAddresses`).

  public init(
    title: String, items: [FeedItem], warnings: [String] = [], freshness: Freshness,
    nextPage: URL? = nil
  ) {
    self.title = title
    self.items = items
    self.warnings = warnings
    self.freshness = freshness
    self.nextPage = nextPage
  }

  /// A list read without the network (`isOffline`) or fetched live.
  public init(title: String, items: [FeedItem], warnings: [String] = [], isOffline: Bool) {
    self.init(
      title: title, items: items, warnings: warnings, freshness: isOffline ? .local : .live)
  }

  /// True when nothing in it came from the network just now.
  public var isOffline: Bool { freshness != .live }
}
