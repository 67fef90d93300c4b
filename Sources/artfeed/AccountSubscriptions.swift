import Foundation
import HTTP
import Subscriptions
import Sync

/// `add`, `remove` and `import` with `--account NAME`: the subscription changes on the
/// account's server at once (it fetches the feed itself); the next sync brings the items.
/// These need the server: with it out of reach they fail (69) and change nothing.
enum AccountSubscriptions {
  /// Subscribes `account` to `url`, in the folder `folder`.
  static func add(_ url: String, folder: String?, account name: String)
    throws(CommandFailure)
  {
    let (account, sync) = try open(name)
    let feed = try wait { () async throws(AccountError) -> RemoteFeed in
      try await sync.subscribe(url: url, folder: folder)
    }
    say(
      "subscribed \(account.name) to \(ServerText.oneLine(feed.url)) as "
        + "\"\(ServerText.oneLine(feed.title))\" (\(feed.id)); artfeed sync \(account.name) "
        + "fetches its items")
  }

  /// Unsubscribes `account` from the feed `source` names: its address, its stream id
  /// (`feed/12`) or its title.
  static func remove(_ source: String, account name: String)
    throws(CommandFailure)
  {
    let (account, sync) = try open(name)
    let feeds: [RemoteFeed]
    do {
      feeds = try sync.localFeeds()
    } catch {
      throw CommandFailure(error)
    }
    guard
      let feed = feeds.first(where: { $0.url == source || $0.id == source })
        ?? feeds.first(where: { $0.title == source })
    else {
      throw .refused(
        "\(account.name) is not subscribed to \(ServerText.oneLine(source)) "
          + "(artfeed feeds lists its feeds; artfeed sync \(account.name) brings the list up to date)"
      )
    }
    try wait { () async throws(AccountError) in try await sync.unsubscribe(feed) }
    say("unsubscribed \(account.name) from \(ServerText.oneLine(feed.url))")
  }

  /// Subscribes `account` to every feed of an OPML file not already subscribed, each in its
  /// outermost folder.
  static func importFeeds(_ feeds: [OPMLFeed], account name: String)
    throws(CommandFailure)
  {
    let (account, sync) = try open(name)
    let known: Set<String>
    do {
      known = Set(try sync.localFeeds().map(\.url))
    } catch {
      throw CommandFailure(error)
    }
    var added = 0
    var already = 0
    var failures: [AccountError] = []
    for feed in feeds {
      if known.contains(feed.xmlURL) {
        already += 1
        continue
      }
      do throws(CommandFailure) {
        _ = try wait { () async throws(AccountError) -> RemoteFeed in
          try await sync.subscribe(url: feed.xmlURL, folder: feed.folders.first)
        }
        added += 1
      } catch {
        warn("\(account.name): \(error.description)")
        if error.code == 69 || error.code == 77 || error.code == 65 { throw error }
        failures.append(AccountError(.refused, error.description))
      }
    }
    say(
      "imported \(added) feeds into \(account.name), \(already) already subscribed"
        + (failures.isEmpty ? "" : ", \(failures.count) refused by the server"))
    if added == 0, !failures.isEmpty { throw .refused("the server refused every feed") }
  }

  private static func open(_ name: String) throws(CommandFailure) -> (
    Account, AccountSync
  ) {
    let access = try AccountAccess()
    let account = try access.account(named: name)
    return (account, try access.sync(account, client: SharedHTTPClient()))
  }

  /// Runs `work` to its end from command code.
  private static func wait<Value: Sendable>(
    _ work: @escaping @Sendable () async throws(AccountError) -> Value
  ) throws(CommandFailure) -> Value {
    let result = runBlocking { () async -> Result<Value, AccountError> in
      do throws(AccountError) {
        return .success(try await work())
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let value): return value
    case .failure(let error): throw CommandFailure(error)
    }
  }
}
