import ArgumentParser
import FeedArt
import FeedCore
import FeedLoading
import FeedModel
import Foundation
import HTTP
import Subscriptions

/// `artfeed artist NAME [--json] [--online]`: an artist's work across every subscription
/// and synced account, from their cached copies.
struct ArtistCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "artist",
    abstract: "Print an artist's work across every subscription and synced account.",
    discussion: """
      Reads each subscription's cached copy (or file) and each sync account's local copy; \
      nothing is fetched (artfeed refresh and artfeed sync bring them up to date). An item \
      is the artist's when its artist, as the browser shows it, is the same name once case, \
      accents, spaces, hyphens, underscores and dots are set aside ("Raven Quill" and \
      raven-quill are one). Each item once, newest first: one line per item (date in UTC, \
      artist, title, the feed's title in parentheses); the sources it drew from go to \
      standard error. --online also asks each DeviantArt-style endpoint among the \
      subscriptions (?q=boost: or ?q=by: addresses) for by:NAME. --json prints {"name", \
      "key", "sources": [{"title", "address", "kind", "items"}], "items": [{"title", \
      "artist", "link", "published", "feed", "picture"}]}, picture being the largest copy \
      of the item's first picture; absent values are null. Exit status: 0 found, 1 nothing \
      by the artist (the JSON is printed all the same), 64 a name with no letter or digit.
      """,
    version: Artfeed.version)

  @Argument(help: "The artist's name.")
  var name: String

  @Flag(help: "Print the work as JSON.")
  var json = false

  @Flag(help: "Also ask DeviantArt-style endpoints among the subscriptions for by:NAME.")
  var online = false

  @Option(parsing: .unconditional, help: "Seconds a whole request may take (with --online).")
  var timeout: Double = NetworkOptions.defaultTimeout

  @Option(parsing: .unconditional, help: "Seconds connecting may take (with --online).")
  var connectTimeout: Double = NetworkOptions.defaultConnectTimeout

  func validate() throws {
    guard !ArtistIdentity.key(name).isEmpty else {
      throw ValidationError("the name “\(Feed.oneLine(name))” has no letter or digit")
    }
    try NetworkOptions.check(timeout, "--timeout")
    try NetworkOptions.check(connectTimeout, "--connect-timeout")
  }

  func run() throws {
    let work: ArtistWork
    do {
      work = try find()
    } catch let failure {
      fail(failure)
    }
    for warning in work.warnings { warn(warning) }
    if json {
      JSONOutput.write(ArtistListing(name: name, work: work))
    } else {
      TerminalText.write(work.entries.map { Self.line($0, in: work) }.joined())
      TerminalText.writeError(Self.summary(of: work, name: name))
    }
    if work.entries.isEmpty { throw ExitCode(1) }
  }

  /// The library opened from the cached copies, then the artist's work in it.
  private func find() throws(CommandFailure) -> ArtistWork {
    var network = NetworkOptions()
    network.offline = true
    network.timeout = timeout
    network.connectTimeout = connectTimeout
    let library = try Self.library(network, online: online)
    let name = self.name
    let online = self.online
    return runBlocking {
      _ = await library.open { _, _ in }
      return await library.work(ofArtist: name, askingEndpoints: online)
    }
  }

  /// Every feed of the feeds file (hidden ones left out, as the browser does) and every
  /// sync account's feeds, read without the network; with `online`, the DeviantArt-style
  /// endpoints among them, which alone may use it.
  private static func library(_ network: NetworkOptions, online: Bool) throws(CommandFailure)
    -> SubscriptionLibrary
  {
    let access = try FeedsFileAccess()
    let subscriptions = try access.load()?.subscriptions.filter { !$0.hidden } ?? []
    let accounts = FeedSources.accountFeeds(network)
    var asking = network
    asking.offline = false
    let endpoints =
      online
      ? SubscriptionLibrary.endpoints(in: subscriptions, loader: FeedSources.loader(asking))
      : []
    return SubscriptionLibrary(
      subscriptions: subscriptions, loader: FeedSources.loader(network), endpoints: endpoints,
      accounts: accounts)
  }

  /// `date  artist  title  (feed)` on one line.
  static func line(_ entry: ArtistWork.Entry, in work: ArtistWork) -> String {
    let item = entry.item
    let date = item.published.map(Feed.listingDate) ?? "----------------"
    let artist = Feed.oneLine(item.author ?? "-")
    let title = Feed.oneLine(ItemTitle.shown(item).text)
    return "\(date)  \(artist)  \(title)  (\(Feed.oneLine(work.sources[entry.source].title)))\n"
  }

  /// `3 items by NAME from 2 sources: A (2), B (1)`, or that nothing was found.
  static func summary(of work: ArtistWork, name: String) -> String {
    let shown = Feed.oneLine(name)
    guard !work.entries.isEmpty else { return "nothing by \(shown) in the cached copies\n" }
    let sources = work.sources.map { "\(Feed.oneLine($0.title)) (\($0.items))" }
    let items = work.entries.count == 1 ? "1 item" : "\(work.entries.count) items"
    let from = work.sources.count == 1 ? "1 source" : "\(work.sources.count) sources"
    return "\(items) by \(shown) from \(from): " + sources.joined(separator: ", ") + "\n"
  }
}

/// `artist --json`'s document: a stable schema for scripts.
struct ArtistListing: Encodable {
  struct Source: Encodable {
    var title: String
    var address: String
    var kind: String
    var items: Int
  }

  struct Item: Encodable {
    var title: String
    var artist: String?
    var link: String?
    var published: String?
    var feed: String
    var picture: String?

    /// Absent values as `null`, not left out: every item has every key.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(title, forKey: .title)
      try container.encode(artist, forKey: .artist)
      try container.encode(link, forKey: .link)
      try container.encode(published, forKey: .published)
      try container.encode(feed, forKey: .feed)
      try container.encode(picture, forKey: .picture)
    }

    private enum CodingKeys: String, CodingKey {
      case title, artist, link, published, feed, picture
    }
  }

  var name: String
  var key: String
  var sources: [Source]
  var items: [Item]

  init(name: String, work: ArtistWork) {
    self.name = name
    key = work.key
    sources = work.sources.map {
      Source(title: $0.title, address: $0.address, kind: $0.kind.rawValue, items: $0.items)
    }
    items = work.entries.map { entry in
      Item(
        title: ItemTitle.shown(entry.item).text, artist: entry.item.author, link: entry.item.link,
        published: entry.item.published.map(JSONOutput.time),
        feed: work.sources[entry.source].title,
        picture: ItemArt.pictures(of: entry.item).first?.full.url)
    }
  }
}
