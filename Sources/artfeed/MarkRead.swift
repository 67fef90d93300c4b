import ArgumentParser
import FeedLoading
import FeedModel
import Foundation
import HTTP
import ReadingState
import Subscriptions
import Sync

/// `artfeed mark-read SOURCE|--all`: marks a subscription's items (or every item) read.
struct MarkRead: FeedsFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "mark-read",
    abstract: "Mark a subscription's items, or every item, read.",
    discussion: """
      SOURCE is a subscription as `artfeed feeds` lists it. Its items are those artfeed has \
      recorded for it (the browser and refresh record them); a feed never recorded is read \
      from its cached copy (or file) first; nothing is fetched. --all marks \
      every recorded item read. One transaction: all of them or none.
      """,
    version: Artfeed.version)

  @Argument(help: "The subscription, as the feeds file has it.", completion: .file())
  var source: String?

  @Flag(help: "Mark every item artfeed has recorded read.")
  var all = false

  @Option(
    help: """
      Mark a sync account's feed (SOURCE: its URL, feed/N or title), or all of the account \
      without SOURCE; sent to the server with the next sync.
      """, completion: .accountNames)
  var account: String?

  func validate() throws {
    if account != nil {
      guard !all else { throw ValidationError("--all and --account do not go together") }
      return
    }
    guard (source == nil) == all else {
      throw ValidationError("give either a SOURCE or --all")
    }
  }

  func run() throws {
    do throws(CommandFailure) {
      if let account { return try markAccountRead(account) }
      try run(FeedsFileAccess())
    } catch {
      fail(error)
    }
  }

  func run(_ access: FeedsFileAccess) throws(CommandFailure) {
    let subscriptions = try access.load()?.subscriptions ?? []
    let chosen: [Subscription]
    if let source {
      let wanted = FeedsFileAccess.source(source)
      guard let found = subscriptions.first(where: { $0.source == source || $0.source == wanted })
      else { throw .refused("\(source) is not subscribed (artfeed feeds lists the sources)") }
      chosen = [found]
    } else {
      chosen = subscriptions
    }
    let store = try StateAccess().openForWriting()
    let now = Date()
    do throws(StateError) {
      // A feed the state has recorded is marked from its memberships: its items are known
      // without reading the feed (docs/adr/0170). Only feeds never recorded are read.
      let recorded = try store.counts()
      let unrecorded = chosen.filter { (recorded[FeedKey($0.address)]?.total ?? 0) == 0 }
      for (subscription, keys) in Self.cachedItems(of: unrecorded) {
        try store.apply(.observe(FeedKey(subscription.address), keys, complete: true), at: now)
      }
      let change: StateChange =
        all ? .markAllRead : .markFeedRead(FeedKey(chosen[0].address))
      let changed = try store.apply(change, at: now)
      say("\(changed.count) items marked read")
    } catch {
      throw CommandFailure(error)
    }
  }

  /// `--account NAME [SOURCE]`: one queued `mark-all-as-read` for the server, and the marks
  /// here at once.
  private func markAccountRead(_ name: String) throws(CommandFailure) {
    let access = try AccountAccess()
    let account = try access.account(named: name)
    let sync = try access.sync(account, client: SharedHTTPClient())
    do throws(AccountError) {
      var stream: String?
      var what = "every feed of \(name)"
      if let source {
        let feeds = try sync.localFeeds()
        guard
          let feed = feeds.first(where: { $0.url == source || $0.id == source })
            ?? feeds.first(where: { $0.title == source })
        else {
          throw AccountError(
            .refused, "\(name) has no feed \(ServerText.oneLine(source)) (artfeed feeds lists them)"
          )
        }
        stream = feed.id
        what = "\(ServerText.oneLine(feed.title, limit: 80)) (\(name))"
      }
      let result = try sync.markAllRead(feed: stream)
      guard let through = result.through else {
        say(
          "nothing of \(what) is synced here yet: nothing marked, here or on the server "
            + "(artfeed sync \(name) fetches its items first)")
        return
      }
      let time = ISO8601DateFormatter.string(
        from: through, timeZone: .current, formatOptions: [.withInternetDateTime])
      say(
        "\(result.marked) items marked read here; with the next sync the server marks the items "
          + "of \(what) it received up to \(time) (the newest synced here) read")
    } catch {
      throw CommandFailure(error)
    }
  }

  /// Each subscription's items as its cached copy (or file) has them; none when it has none.
  private static func cachedItems(of subscriptions: [Subscription]) -> [(Subscription, [ItemKey])] {
    let cache = FeedCache(
      directory: FeedCache.defaultDirectory(environment: processEnvironment))
    let fetcher = FeedFetcher(
      client: SharedHTTPClient(), cache: cache, options: FetchOptions(offline: true))
    let refresher = SubscriptionRefresher(loader: FeedLoader(fetcher: fetcher))
    let results = runBlocking { await refresher.refresh(subscriptions) }
    return results.compactMap { refresh in
      refresh.list.map { (refresh.subscription, $0.items.map(ItemKey.init)) }
    }
  }
}
