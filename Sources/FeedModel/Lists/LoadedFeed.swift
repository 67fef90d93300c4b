import FeedArt
import FeedCore
import Foundation

/// A parsed feed and where it came from.
public struct LoadedFeed: Sendable {
  public var feed: Feed
  public var address: FeedAddress
  /// For web feeds, the URL after redirects (relative links resolve against it).
  public var baseURL: URL?
  public var freshness: Freshness
  /// Why a feed fetched just now could not be kept in the cache, if it could not.
  public var notSaved: String?

  public init(
    feed: Feed, address: FeedAddress, baseURL: URL? = nil, freshness: Freshness,
    notSaved: String? = nil
  ) {
    self.feed = feed
    self.address = address
    self.baseURL = baseURL
    self.freshness = freshness
    self.notSaved = notSaved
  }
}

extension LoadedFeed {
  /// The feed as a list: its title (or a fallback), its items with their picture addresses
  /// made absolute and their artists named (`ItemArtist`), and its next page.
  package func list(title fallback: String? = nil, nextPage: URL? = nil) -> LoadedList {
    let title = feed.title?.trimmingCharacters(in: .whitespacesAndNewlines)
    var list = LoadedList(
      title: (title?.isEmpty == false ? title : nil) ?? fallback ?? address.fallbackTitle,
      items: ItemArtist.completed(
        MediaAddresses.resolved(feed.items, against: baseURL),
        in: FeedHead(feed, address: baseURL?.absoluteString ?? address.description)),
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
