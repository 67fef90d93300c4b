import FeedCore
import FeedModel
import Foundation
import ReadingState

/// What one sync did.
public struct SyncReport: Sendable, Equatable {
  /// Queue entries settled: marks sent (and the earlier marks they made unnecessary).
  public var sent = 0
  /// Items fetched (new ones and the few fetched again at the edge of the last sync).
  public var fetched = 0
  /// Items not seen before.
  public var added = 0
  /// Marks the server changed since the last sync, applied here.
  public var fromServer = ReconcileReport()
  /// Subscriptions on the server.
  public var feeds = 0
  /// Items the server no longer has, removed here.
  public var removed = 0
  /// True when the fetch stopped at a bound of `SyncLimits` (items, pages, time): the next
  /// sync goes on from there.
  public var isPartial = false

  public init() {}
}

/// How much one sync may do, whatever the server answers: a listing whose continuations
/// never end, or whose pages are ever new, stops at these.
public struct SyncLimits: Sendable, Equatable {
  /// The most items one sync fetches; the next sync goes on from there.
  public var items: Int
  /// The most pages of one listing (new items, or one id set).
  public var pages: Int
  /// The longest one sync goes on fetching, in seconds (each request has its own deadline
  /// besides).
  public var seconds: Double

  public init(items: Int = 100_000, pages: Int = 1_000, seconds: Double = 300) {
    self.items = items
    self.pages = pages
    self.seconds = seconds
  }
}

/// An account's sync: the marks queued here go to the server in order, then the server's
/// read and starred sets and its new items come back (docs/adr/0131, 0132).
///
/// Order of one sync: (1) the subscriptions; (2) the server's unread, starred and all id
/// sets, applied to the items known here (a change made on the server since the last sync
/// wins over a queued mark of the same flag; items it no longer lists are removed); (3) the
/// queue, oldest first; (4) new items, newest first in pages with continuations, from where
/// the last sync stopped. Each step is written before the next starts, so an interrupted sync
/// (server gone, `kill -9`) loses nothing: unsent marks stay queued, fetched pages stay
/// fetched, and a long first fetch resumes where it stopped.
public final class AccountSync: Sendable {
  public let account: Account
  let backend: any AccountBackend
  let database: AccountDatabase
  /// The file whose `flock` one sync of the account holds (nil for a copy in memory).
  let lockPath: String?
  let limits: SyncLimits

  /// The reading list: every item of the account.
  static let readingList = "user/-/state/com.google/reading-list"
  /// Items per page of new items.
  public static let pageSize = 1000
  /// Ids per page of an id set.
  static let idPageSize = 50_000
  /// The most ids an id set may hold.
  static let maxIDs = 2_000_000

  /// - Parameters:
  ///   - copy: the local copy's file (`AccountPaths.copy(of:)`), or `:memory:`.
  ///   - state: the state database's file, or `:memory:` (tests).
  public init(
    account: Account, backend: any AccountBackend, copy: String, state: String,
    limits: SyncLimits = SyncLimits()
  ) throws(AccountError) {
    self.account = account
    self.backend = backend
    self.limits = limits
    database = try AccountDatabase(copy: copy, state: state, label: account.name)
    lockPath = copy == ":memory:" ? nil : copy + ".sync-lock"
  }

  // MARK: - Sync

  /// Syncs once; `progress` gets the number of items fetched so far after each page.
  @discardableResult
  public func sync(progress: @escaping @Sendable (Int) -> Void = { _ in })
    async throws(AccountError) -> SyncReport
  {
    let lock = try await SyncLock.take(lockPath, account: account.name)
    defer { lock?.release() }
    return try await syncHoldingLock(progress: progress)
  }

  /// One sync, with no other artfeed syncing the same account.
  private func syncHoldingLock(progress: @escaping @Sendable (Int) -> Void)
    async throws(AccountError) -> SyncReport
  {
    var report = SyncReport()
    let name = account.name
    let deadline = Date() + limits.seconds
    let feeds = try await backend.feeds()
    report.feeds = feeds.count
    let gone = try await database.run { copy, _ in
      let before = Set(try copy.feeds().map(\.id))
      try copy.replaceFeeds(feeds)
      return before.subtracting(feeds.map(\.id))
    }
    if !gone.isEmpty {
      let keys = gone.map { FeedKey(account.address(ofFeed: $0)) }
      try await database.run { _, state in try state.forgetFeeds(name, streams: Array(gone), keys) }
    }
    let known = try await database.run { _, state in try state.accountItemCount(name) }
    var newest: Int64?
    if known > 0 {
      let unread = try await allIDs(.unread, deadline: deadline)
      let starred = try await allIDs(.starred, deadline: deadline)
      // Every id the server has: what it deleted goes here too, and its newest tells whether
      // anything new arrived (the request `newestIsKnown` would make).
      let all = try await allIDs(.all, deadline: deadline)
      newest = all.first
      report.fromServer = try await database.run { copy, state in
        let sent = try copy.sending()
        let report = try state.reconcile(
          name, unread: unread, starred: starred, sent: sent, at: Date())
        // The server's state now includes whatever those batches did.
        try copy.clearSending()
        return report
      }
      // An empty list with items known here is more likely a server's glitch than every
      // item deleted: nothing is removed on it.
      if !all.isEmpty {
        report.removed = try await database.run { copy, state in
          let gone = try state.forgetItems(name, keeping: all)
          try copy.deleteItems(gone)
          return gone.count
        }
      }
    }
    report.sent = try await push()
    try await fetchNewItems(into: &report, newest: newest, deadline: deadline, progress: progress)
    try await database.run { copy, _ in try copy.setSynced(Date()) }
    return report
  }

  /// Sends the marks queued here, in order, without a whole sync: what the browser does a
  /// moment after each mark, so that other devices see it without waiting for `R`. A sync
  /// or send under way (in another artfeed, or this one's own a moment ago) sends them
  /// itself: this waits up to `patience` seconds for it to end, then sends what it left,
  /// or returns 0 (at once with no patience: the browser's sends after each mark).
  @discardableResult
  public func sendQueued(patience: Double = 0) async throws(AccountError) -> Int {
    guard try queuedCount() > 0 else { return 0 }
    let lock: SyncLock?
    do throws(AccountError) {
      lock = try await SyncLock.take(lockPath, account: account.name, patience: patience)
    } catch {
      if error.kind == .unavailable { return 0 }
      throw error
    }
    defer { lock?.release() }
    guard try queuedCount() > 0 else { return 0 }
    return try await push()
  }

  /// Every id of `set`, page by page. A listing that does not end (a continuation given
  /// again, a page with no id not seen before, more pages or time than `limits` allow) is an
  /// error, not a short set: a set cut short would read as marks changed on the server.
  private func allIDs(_ set: RemoteItemSet, deadline: Date) async throws(AccountError)
    -> [Int64]
  {
    var ids: [Int64] = []
    var seen = Set<Int64>()
    var continuations = Set<String>()
    var continuation: String?
    var pages = 0
    repeat {
      let page = try await backend.itemIDs(set, continuation: continuation, count: Self.idPageSize)
      pages += 1
      var added = 0
      for id in page.elements where seen.insert(id).inserted {
        ids.append(id)
        added += 1
      }
      guard ids.count <= Self.maxIDs else {
        throw AccountError(
          .refused, "more than \(Self.maxIDs) ids in one set; not synced")
      }
      continuation = page.elements.isEmpty ? nil : page.continuation
      guard let next = continuation else { break }
      guard continuations.insert(next).inserted, added > 0 else {
        throw AccountError(
          .notAPI,
          "the server's list of \(set.name) items does not end "
            + "(page \(pages) repeats an earlier one); not synced")
      }
      guard pages < limits.pages, Date() < deadline else {
        throw AccountError(
          .unavailable,
          "the server's list of \(set.name) items takes more than "
            + "\(limits.pages) pages or \(Int(limits.seconds)) s; not synced")
      }
    } while true
    return ids
  }

  /// Sends the queued marks in order; each batch leaves the queue once the server took it.
  private func push() async throws(AccountError) -> Int {
    let name = account.name
    let queue = try await database.run { _, state in try state.queuedMarks(name) }
    var sent = 0
    for batch in SyncQueueBatches.batches(queue) {
      let action = batch.action
      let row = try await database.run { copy, _ in try copy.recordSending(action) }
      switch batch.action {
      case .mark(let mark, let remotes):
        try await backend.apply(mark, to: remotes)
      case .markAllRead(let stream, let until):
        try await backend.markAllRead(stream: stream, until: until)
      }
      try await database.run { copy, state in
        try state.markSent(name, seqs: batch.seqs, action: batch.action)
        try copy.settled(row)
      }
      sent += batch.seqs.count
    }
    return sent
  }

  /// Fetches items newer than the last sync's newest, newest first; a run cut short (a
  /// failure, a bound of `limits`) resumes from its continuation first. A continuation given
  /// again, or a page with no item this sync has not fetched already, ends the run: the
  /// server's listing would not end otherwise.
  private func fetchNewItems(
    into report: inout SyncReport, newest: Int64?, deadline: Date,
    progress: @escaping @Sendable (Int) -> Void
  ) async throws(AccountError) {
    let name = account.name
    let stream = Self.readingList
    var cursor = try await database.run { copy, state in
      // A local copy with fewer items than the state knows (deleted, damaged, started
      // afresh) is filled again from the start.
      if try copy.itemCount() < state.accountItemCount(name) { return StreamCursor() }
      return try state.streamCursor(name, stream: stream)
    }
    var resuming = cursor.continuation != nil
    if cursor.newest > 0, !resuming, try await newestIsKnown(listed: newest) { return }
    var fetched = Set<Int64>()
    var continuations = Set<String>()
    var pages = 0
    while true {
      while true {
        let since: Int64? = cursor.newest > 0 ? cursor.newest : nil
        let page = try await backend.items(
          since: since, continuation: cursor.continuation, count: Self.pageSize)
        pages += 1
        let fresh = page.elements.filter { fetched.insert($0.id).inserted }
        report.added += try await store(fresh)
        report.fetched += fresh.count
        cursor.runTop = max(cursor.runTop, fresh.map(\.crawled).max() ?? 0)
        cursor.continuation = fresh.isEmpty ? nil : page.continuation
        if let next = cursor.continuation, !continuations.insert(next).inserted {
          cursor.continuation = nil
        }
        let saved = cursor
        try await database.run { _, state in
          try state.saveStreamCursor(name, stream: stream, saved)
        }
        progress(report.fetched)
        if cursor.continuation == nil { break }
        if report.fetched >= limits.items || pages >= limits.pages || Date() >= deadline {
          report.isPartial = true
          return
        }
      }
      cursor.newest = max(cursor.newest, cursor.runTop)
      cursor.runTop = 0
      cursor.synced = Int64(Date().timeIntervalSince1970)
      let finished = cursor
      try await database.run { _, state in
        try state.saveStreamCursor(name, stream: stream, finished)
      }
      guard resuming else { return }
      // The interrupted run is done; now what arrived since it began.
      resuming = false
    }
  }

  /// True when the server's newest item is one this account has: nothing new arrived (one
  /// small request instead of a page of the newest items again, none when the sync listed
  /// every id already: `listed` is the newest of them).
  private func newestIsKnown(listed: Int64?) async throws(AccountError) -> Bool {
    let name = account.name
    let newest: Int64
    if let listed {
      newest = listed
    } else {
      let page = try await backend.itemIDs(.all, continuation: nil, count: 1)
      guard let first = page.elements.first else { return true }
      newest = first
    }
    return try await database.run { _, state in try state.isKnown(name, remote: newest) }
  }

  /// Stores a page in the local copy, then records it in the state database; returns how
  /// many items were new.
  private func store(_ items: [RemoteItem]) async throws(AccountError) -> Int {
    guard !items.isEmpty else { return 0 }
    let account = self.account
    let records = items.map { item in
      AccountItemRecord(
        key: ItemKey(ItemID(FeedItem(guid: account.guid(ofItem: item.id)))), remote: item.id,
        stream: item.feed, feed: FeedKey(account.address(ofFeed: item.feed)),
        crawled: item.crawled, read: item.read, starred: item.starred)
    }
    return try await database.run { copy, state in
      try copy.store(items)
      return try state.recordAccountItems(account.name, records, at: Date())
    }
  }

  // MARK: - The local copy

  /// The subscriptions as the local copy has them.
  public func localFeeds() throws(AccountError) -> [RemoteFeed] {
    try database.runNow { copy, _ in try copy.feeds() }
  }

  /// The items of `feed` (every feed when nil) from the local copy, newest first.
  public func localItems(inFeed feed: String?, limit: Int = Int(Int32.max), offset: Int = 0)
    throws(AccountError) -> [FeedItem]
  {
    let account = self.account
    return try database.runNow { copy, _ in
      try copy.items(inFeed: feed, limit: limit, offset: offset, guidPrefix: account.guidPrefix)
    }
  }

  /// The same, without blocking the caller's thread.
  public func loadItems(inFeed feed: String?, limit: Int = Int(Int32.max), offset: Int = 0)
    async throws(AccountError) -> [FeedItem]
  {
    let account = self.account
    return try await database.run { copy, _ in
      try copy.items(inFeed: feed, limit: limit, offset: offset, guidPrefix: account.guidPrefix)
    }
  }

  /// The local copy's figures, for `artfeed account list`.
  public func status() throws(AccountError) -> AccountStatus {
    let name = account.name
    return try database.runNow { copy, state in
      AccountStatus(
        feeds: try copy.feeds().count, items: try copy.itemCount(),
        queued: try state.queuedCount(name), synced: try copy.synced())
    }
  }

  /// Keeps the account's subscriptions in the local copy, as a sync's first step does:
  /// `account add` records what the server listed, so `account list` and the feed list show
  /// them before the first sync.
  public func recordFeeds(_ feeds: [RemoteFeed]) throws(AccountError) {
    try database.runNow { copy, _ in try copy.replaceFeeds(feeds) }
  }

  /// When the last sync finished; nil before the first.
  public func lastSync() -> Date? {
    (try? database.runNow { copy, _ in try copy.synced() }) ?? nil
  }

  // MARK: - Changes made here

  /// What `markAllRead` did.
  public struct MarkAllRead: Sendable, Equatable {
    /// Items it marked read here.
    public var marked: Int
    /// The newest synced item's crawl time: the server marks its items up to it read with
    /// the next sync. Nil when nothing of the feed is synced yet: then nothing is queued,
    /// since the server's own items (however many) are not the reader's to judge unseen.
    public var through: Date?
  }

  /// Marks every item of `feed` (every feed when nil) that the last sync fetched read, here
  /// at once and on the server at the next sync (one `mark-all-as-read`).
  @discardableResult
  public func markAllRead(feed: String?, at now: Date = Date()) throws(AccountError)
    -> MarkAllRead
  {
    let name = account.name
    let stream = feed ?? Self.readingList
    return try database.runNow { _, state in
      let until = try state.newestCrawl(name, stream: stream)
      guard until > 0 else { return MarkAllRead(marked: 0, through: nil) }
      let marked = try state.queueMarkAllRead(name, stream: stream, until: until, at: now)
      return MarkAllRead(
        marked: marked, through: Date(timeIntervalSince1970: Double(until) / 1_000_000))
    }
  }

  /// Subscribes the account to `url` (in `folder`) on the server now; the local copy lists
  /// it at once, its items come with the next sync.
  public func subscribe(url: String, folder: String?) async throws(AccountError) -> RemoteFeed {
    let feed = try await backend.subscribe(url: url, folder: folder)
    try await database.run { copy, _ in try copy.addFeed(feed) }
    return feed
  }

  /// Unsubscribes the account from `feed` on the server now, and drops it from the local
  /// copy.
  public func unsubscribe(_ feed: RemoteFeed) async throws(AccountError) {
    try await backend.unsubscribe(feed.id)
    let name = account.name
    let key = FeedKey(account.address(ofFeed: feed.id))
    try await database.run { copy, state in
      try copy.replaceFeeds(try copy.feeds().filter { $0.id != feed.id })
      try state.forgetFeeds(name, streams: [feed.id], [key])
    }
  }

  /// Forgets the account in the state database (its item map, queue and cursors); returns
  /// the number of marks that were still queued.
  @discardableResult
  public func forget() throws(AccountError) -> Int {
    let name = account.name
    let account = self.account
    return try database.runNow { copy, state in
      let queued = try state.queuedCount(name)
      let keys = try copy.feeds().map { FeedKey(account.address(ofFeed: $0.id)) }
      try state.forgetAccount(name, feeds: keys)
      return queued
    }
  }

  /// Marks waiting to be sent.
  public func queuedCount() throws(AccountError) -> Int {
    let name = account.name
    return try database.runNow { _, state in try state.queuedCount(name) }
  }
}

/// An account's local figures.
public struct AccountStatus: Sendable, Equatable {
  public var feeds: Int
  public var items: Int
  /// Marks waiting to be sent.
  public var queued: Int
  /// When the last sync finished.
  public var synced: Date?
}
