import FeedArt
import FeedCore
import FeedModel
import Foundation
import Locking

/// A sync account's feeds as the subscription library shows them: one subscription per
/// feed of its local copy (titled by the server, its folders as tags), each read from the
/// local copy at once, and brought up to date by a sync of the whole account.
public final class AccountFeeds: Sendable {
  public let sync: AccountSync
  /// The feeds of the local copy when the library was made (a feed added on the server
  /// later shows from the next start).
  public let feeds: [RemoteFeed]
  /// The last sync of this session: nil before one, else its failure or nil for success.
  private let lastSync = Locked<SyncOutcome?>(nil)

  enum SyncOutcome: Sendable {
    case synced
    case failed(AccountError)
  }

  /// Reads the account's feeds from its local copy.
  public init(sync: AccountSync) throws(AccountError) {
    self.sync = sync
    feeds = try sync.localFeeds()
  }

  /// The feeds as subscriptions: source `NAME: URL`, the server's title, folders as tags.
  public var subscriptions: [Subscription] {
    let account = sync.account
    return feeds.map { feed in
      Subscription(
        source: "\(account.name): \(feed.url)", address: account.address(ofFeed: feed.id),
        tags: feed.folders, title: feed.title)
    }
  }

  /// Syncs the account now; the failure, if any, is what the feeds' states say next.
  @discardableResult
  public func syncNow() async -> AccountError? {
    do {
      try await sync.sync()
      lastSync.withLock { $0 = .synced }
      return nil
    } catch {
      if error.kind != .cancelled { lastSync.withLock { $0 = .failed(error) } }
      return error
    }
  }

  /// Sends the marks queued for the account (`AccountSync.sendQueued`, waiting up to
  /// `patience` seconds for a send under way); the failure, if any. A failure changes no
  /// feed's state: the marks stay queued for the next sync.
  public func sendMarks(patience: Double = 0) async -> AccountError? {
    do {
      try await sync.sendQueued(patience: patience)
      return nil
    } catch {
      return error
    }
  }

  /// Feed `index` as the local copy has it (its newest `limit` items when given), with how
  /// current it is: live after a sync of this session, else the copy of the last sync and
  /// why it was not synced (not yet, or the sync's error).
  public func refresh(_ index: Int, as subscription: Subscription, limit: Int? = nil) async
    -> FeedRefresh
  {
    guard feeds.indices.contains(index) else {
      return FeedRefresh(
        subscription: subscription, result: .failure(LoadError(.unreadable, "no such feed")))
    }
    let feed = feeds[index]
    let items: [FeedItem]
    do {
      items = try await sync.loadItems(inFeed: feed.id, limit: limit ?? Int(Int32.max))
    } catch {
      return FeedRefresh(
        subscription: subscription,
        result: .failure(LoadError(.unreadable, "\(sync.account.name): \(error.description)")))
    }
    let outcome = lastSync.withLock { $0 }
    let synced = sync.lastSync()
    let freshness: Freshness
    switch outcome {
    case .synced?:
      freshness = .live
    case .failed(let error)?:
      guard let synced else {
        return FeedRefresh(subscription: subscription, result: .failure(Self.loadError(error)))
      }
      freshness = .cached(fetchedAt: synced, reason: error.description)
    case nil:
      guard let synced else {
        guard !items.isEmpty else {
          let reason = "\(sync.account.name): not synced yet (R syncs)"
          return FeedRefresh(
            subscription: subscription, result: .failure(LoadError(.unavailable, reason)))
        }
        // A first sync cut short: what it fetched, until one finishes.
        freshness = .cached(fetchedAt: Date(), reason: "first sync not finished (R)")
        break
      }
      freshness = .cached(fetchedAt: synced, reason: "not synced yet (R)")
    }
    let loaded = LoadedFeed(
      // A server's items are remote: their pictures are on the web only.
      feed: Feed(
        format: .rss, title: feed.title, link: feed.siteURL,
        items: ItemArtist.completed(
          MediaAddresses.webOnly(items),
          in: FeedHead(title: feed.title, link: feed.siteURL, address: feed.url))),
      address: subscription.address, baseURL: nil, freshness: freshness)
    return FeedRefresh(subscription: subscription, result: .success(loaded))
  }

  /// An account failure as a load failure of the feeds it leaves without a copy.
  static func loadError(_ error: AccountError) -> LoadError {
    switch error.kind {
    case .notAPI: LoadError(.notAFeed, error.description)
    case .cancelled: LoadError(.cancelled, error.description)
    case .storage: LoadError(.unreadable, error.description)
    case .badLogin, .unavailable, .refused: LoadError(.unavailable, error.description)
    }
  }
}
