import Foundation
import ReadingState

/// A feed the account's server subscribes to.
public struct RemoteFeed: Sendable, Equatable {
  /// The server's stream id (`feed/12`).
  public var id: String
  public var title: String
  /// The feed's own address, as the server fetches it.
  public var url: String
  /// The site the feed belongs to.
  public var siteURL: String?
  /// The folders (labels) the server files the feed under, in its order.
  public var folders: [String]

  public init(
    id: String, title: String, url: String, siteURL: String? = nil, folders: [String] = []
  ) {
    self.id = id
    self.title = title
    self.url = url
    self.siteURL = siteURL
    self.folders = folders
  }
}

/// A label of the account: a folder of feeds or a tag on items.
public struct RemoteLabel: Sendable, Equatable {
  /// `user/-/label/NAME`, or a state such as `user/-/state/com.google/starred`.
  public var id: String
  /// "folder", "tag", or nil when the server does not say.
  public var type: String?

  public init(id: String, type: String? = nil) {
    self.id = id
    self.type = type
  }
}

/// One item as the server serves it.
public struct RemoteItem: Sendable, Equatable {
  /// The server's item id as a 64-bit number (the Google Reader API's decimal form).
  public var id: Int64
  /// The feed's stream id (`feed/12`).
  public var feed: String
  /// When the server first stored the item, in microseconds (its order of arrival).
  public var crawled: Int64
  public var published: Date?
  public var title: String?
  public var link: String?
  public var author: String?
  /// The summary as the server gives it: HTML.
  public var summaryHTML: String?
  /// Enclosures: address and the server's type (a MIME type, or "image" for a Media RSS
  /// medium).
  public var enclosures: [RemoteEnclosure]
  /// Labels on the item (`user/-/label/NAME` without the prefix), the feed's folder included.
  public var labels: [String]
  public var read: Bool
  public var starred: Bool

  public init(
    id: Int64, feed: String, crawled: Int64, published: Date? = nil, title: String? = nil,
    link: String? = nil, author: String? = nil, summaryHTML: String? = nil,
    enclosures: [RemoteEnclosure] = [], labels: [String] = [], read: Bool = false,
    starred: Bool = false
  ) {
    self.id = id
    self.feed = feed
    self.crawled = crawled
    self.published = published
    self.title = title
    self.link = link
    self.author = author
    self.summaryHTML = summaryHTML
    self.enclosures = enclosures
    self.labels = labels
    self.read = read
    self.starred = starred
  }
}

/// An item's enclosure: where it is and what the server says it is.
public struct RemoteEnclosure: Sendable, Equatable {
  public var url: String
  public var type: String?

  public init(url: String, type: String? = nil) {
    self.url = url
    self.type = type
  }

  /// True for a picture: an `image/...` MIME type or the Media RSS medium "image".
  public var isImage: Bool {
    guard let type = type?.lowercased() else { return false }
    return type == "image" || type.hasPrefix("image/")
  }
}

/// A page of a stream, newest first, and where the next (older) page starts.
public struct RemotePage<Element: Sendable>: Sendable {
  public var elements: [Element]
  /// Give it back to get the next page; nil when this was the last.
  public var continuation: String?

  public init(elements: [Element], continuation: String?) {
    self.elements = elements
    self.continuation = continuation
  }
}

/// The sets of item ids the server keeps per reader.
public enum RemoteItemSet: Sendable, Equatable {
  /// Every item (the reading list), newest first.
  case all
  case unread
  case starred

  /// The set in a message's words.
  var name: String {
    switch self {
    case .all: "all"
    case .unread: "unread"
    case .starred: "starred"
    }
  }
}

/// A sync server's API, as artfeed uses it: enough for a second kind (Miniflux's own API)
/// to be an addition, not a rewrite (docs/adr/0130).
///
/// Every call is bounded in time and bytes (the HTTP client's deadlines and body cap), and
/// fails with an `AccountError` in one line. Logging in again on an expired login is the
/// backend's business: it asks its `Credentials` for the password when it needs one.
public protocol AccountBackend: Sendable {
  /// Every subscription, with its folders.
  func feeds() async throws(AccountError) -> [RemoteFeed]

  /// The account's labels (folders and item tags).
  func labels() async throws(AccountError) -> [RemoteLabel]

  /// Items of every feed, newest first, crawled at or after `since` (microseconds; nil for
  /// all), a page of at most `count` starting at `continuation`.
  func items(since: Int64?, continuation: String?, count: Int) async throws(AccountError)
    -> RemotePage<RemoteItem>

  /// A page of the ids in `set`, at most `count`, starting at `continuation`.
  func itemIDs(_ set: RemoteItemSet, continuation: String?, count: Int) async throws(AccountError)
    -> RemotePage<Int64>

  /// Applies `mark` to the items `ids` (a batch: the backend splits it as its server needs).
  func apply(_ mark: RemoteMark, to ids: [Int64]) async throws(AccountError)

  /// Marks the items of `stream` crawled up to `until` (microseconds) read.
  func markAllRead(stream: String, until: Int64) async throws(AccountError)

  /// Subscribes to the feed at `url`, in `folder` when given; returns the new feed.
  func subscribe(url: String, folder: String?) async throws(AccountError) -> RemoteFeed

  /// Unsubscribes from the feed `id` (`feed/12`).
  func unsubscribe(_ id: String) async throws(AccountError)
}
