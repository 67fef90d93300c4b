import ArgumentParser
import FeedLoading
import FeedModel
import Foundation
import HTTP
import Subscriptions

/// `artfeed export`: the subscriptions as OPML 2.0 on standard output.
struct Export: FeedsFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write the subscriptions as OPML 2.0 to standard output.",
    discussion: """
      Tags become folders (Art/Ink nested); a feed with two tags is in both folders. Titles \
      and site addresses come from the feeds file's ~titles and from the cached copies \
      (nothing is fetched).
      """,
    version: Artfeed.version)

  func run(_ access: FeedsFileAccess) throws(CommandFailure) {
    let subscriptions = try access.load()?.subscriptions ?? []
    // Cached copies and local files only: an offline refresh reads what is already here.
    let loader = FeedLoader(
      fetcher: FeedFetcher(
        client: SharedHTTPClient(), cache: access.cache, options: FetchOptions(offline: true)))
    let refresher = SubscriptionRefresher(loader: loader)
    let refreshes = runBlocking { await refresher.refresh(subscriptions) }
    let entries = refreshes.map(Self.entry)
    TerminalText.write(OPMLWriter.document(entries))
  }

  /// A subscription as an outline: the `~` title, else the feed's, else its address (not the
  /// host's name: feeds of one site would all be called the same, and `import` would make
  /// that name their title).
  static func entry(_ refresh: FeedRefresh) -> OPMLWriter.Entry {
    let subscription = refresh.subscription
    let feed = try? refresh.result.get().feed
    let title = subscription.title ?? feed?.title.flatMap { $0.isEmpty ? nil : $0 }
    let xmlURL: String =
      switch subscription.address {
      case .web(let url), .file(let url): url.absoluteString
      case .standardInput: subscription.source
      }
    let htmlURL = feed?.link.flatMap { $0.isEmpty ? nil : $0 }
    return OPMLWriter.Entry(
      xmlURL: xmlURL, title: title ?? xmlURL, htmlURL: htmlURL,
      tags: subscription.tags)
  }
}
