import FeedModel
import Foundation
import Sync

/// The sync accounts' part of the library: their feeds open on the local copy, then each
/// account is synced once and its feeds are read again; a refresh of some of them syncs
/// their accounts first. Offline (`--offline`), nothing is synced.
extension SubscriptionLibrary {
  /// One account feed: its place in `subscriptions`, its account and its place there.
  struct AccountSlot {
    var index: Int
    var account: AccountFeeds
    var feed: Int
  }

  /// The slots of the account feeds at `indices` (every account feed when nil).
  func accountSlots(_ indices: [Int]? = nil) -> [AccountSlot] {
    var slots: [AccountSlot] = []
    var index = localCount
    for account in accounts {
      for feed in account.feeds.indices {
        if indices?.contains(index) ?? true {
          slots.append(AccountSlot(index: index, account: account, feed: feed))
        }
        index += 1
      }
    }
    return slots
  }

  /// Items of each account feed read first: what any first screen of "All items" shows
  /// comes from the newest of each feed, so it is ready before the rest is read.
  static let firstScreenItems = 60

  /// The local copies first (each feed's newest items, then all of them), then a sync of
  /// each account behind them and its feeds again.
  func openAccounts(progress: @escaping @Sendable (Int, FeedRefresh) -> Void) async
    -> [FeedRefresh]
  {
    let slots = accountSlots()
    guard !slots.isEmpty else { return [] }
    _ = await read(slots, limit: Self.firstScreenItems, progress: progress)
    let copies = await read(slots, progress: progress)
    guard !loader.fetcher.options.offline, !Task.isCancelled else { return copies }
    for account in accounts where !Task.isCancelled { await account.syncNow() }
    return await read(slots, progress: progress)
  }

  /// Syncs the accounts of the feeds at `indices`, each once, then reads those feeds.
  func refreshAccounts(
    _ indices: [Int], progress: @escaping @Sendable (Int, FeedRefresh) -> Void
  ) async -> [FeedRefresh] {
    guard !indices.isEmpty else { return [] }
    let slots = accountSlots(indices)
    if !loader.fetcher.options.offline {
      var synced = Set<ObjectIdentifier>()
      for slot in slots where synced.insert(ObjectIdentifier(slot.account)).inserted {
        if Task.isCancelled { break }
        await slot.account.syncNow()
      }
    }
    return await read(slots, progress: progress)
  }

  /// Sends every account's queued marks (none offline), each waiting up to `patience`
  /// seconds for a send under way; the failures, one line each, prefixed with the account's
  /// name.
  public func sendQueuedMarks(patience: Double = 0) async -> [String] {
    guard !loader.fetcher.options.offline else { return [] }
    var failures: [String] = []
    for account in accounts where !Task.isCancelled {
      if let error = await account.sendMarks(patience: patience), error.kind != .cancelled {
        failures.append("\(account.sync.account.name): \(error.description)")
      }
    }
    return failures
  }

  /// Marks still queued for the accounts' servers, per account (those with none left out).
  public func queuedMarks() -> [(account: String, count: Int)] {
    accounts.compactMap { account in
      let count = (try? account.sync.queuedCount()) ?? 0
      return count > 0 ? (account.sync.account.name, count) : nil
    }
  }

  /// Reads each slot's feed (its newest `limit` items when given) from its local copy,
  /// keeping the lists that come back.
  private func read(
    _ slots: [AccountSlot], limit: Int? = nil,
    progress: @escaping @Sendable (Int, FeedRefresh) -> Void
  ) async -> [FeedRefresh] {
    var results: [FeedRefresh] = []
    for slot in slots {
      let refresh = await slot.account.refresh(
        slot.feed, as: subscriptions[slot.index], limit: limit)
      if let list = refresh.list { lists.withLock { $0[slot.index] = list } }
      progress(slot.index, refresh)
      results.append(refresh)
    }
    return results
  }
}
