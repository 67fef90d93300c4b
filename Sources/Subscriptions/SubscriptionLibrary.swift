import ArtistSearch
import FeedCore
import FeedLoading
import FeedModel
import Foundation
import HTTP
import Locking
import Sync

/// The reader's subscriptions as the browser uses them: each feed's latest list, kept here
/// as opening and refreshing bring them, and the sources its pages read ("All items", one
/// feed, a search across them all).
///
/// Opening reads each feed's cached copy without asking the network, and fetches only the
/// feeds that have none (a file is read, as always); `refresh` asks the network for the
/// feeds given, `limit` at a time, as `artfeed refresh` does. A failed refresh keeps the
/// list the feed had.
///
/// The feeds of sync accounts follow the feeds file's: they open on the account's local copy
/// and are synced behind it; a refresh of any of them syncs its account
/// (`SubscriptionLibrary+Accounts.swift`).
public final class SubscriptionLibrary: SubscriptionListing, Sendable {
  /// The feeds file's subscriptions, then the accounts' feeds.
  public let subscriptions: [Subscription]
  /// The sync accounts whose feeds end `subscriptions`.
  public let accounts: [AccountFeeds]
  /// Subscriptions before this index are the feeds file's.
  let localCount: Int
  let loader: FeedLoader
  /// Reads cached copies only (the same cache as `loader`).
  let cachedLoader: FeedLoader
  /// Requests in flight at once (and `HostGate.shared.limit` on one host).
  public let limit: Int
  /// The DeviantArt-style endpoints a search across every feed asks too (one per endpoint
  /// the subscriptions use).
  public let endpoints: [EndpointSource]
  let lists: Locked<[LoadedList?]>
  private let rowKind: (@Sendable (FeedItem) -> UInt8)?
  /// The newest items each feed keeps (the settings' `max-items`); nil: all.
  public let maxItemsPerFeed: Int?
  /// Each subscription's own title as the cache's records remember it (`FeedRecord`), read
  /// once when the library is made: the feed list shows titles, not addresses, at once.
  public let knownTitles: [String?]

  /// - Parameters:
  ///   - endpoints: asked for `by:NAME` alongside the subscribed feeds' items on a search.
  ///   - rowKind: the list's row kind of an item (see `CatalogSource`).
  ///   - maxItemsPerFeed: the newest items each feed keeps; nil: all.
  ///   - accounts: sync accounts whose feeds follow `subscriptions`.
  public init(
    subscriptions: [Subscription], loader: FeedLoader,
    limit: Int = SubscriptionRefresher.defaultLimit,
    endpoints: [EndpointSource] = [],
    rowKind: (@Sendable (FeedItem) -> UInt8)? = ItemPicture.rowKind,
    maxItemsPerFeed: Int? = nil,
    accounts: [AccountFeeds] = []
  ) {
    self.maxItemsPerFeed = maxItemsPerFeed
    self.subscriptions = subscriptions + accounts.flatMap(\.subscriptions)
    self.localCount = subscriptions.count
    self.accounts = accounts
    let cache = loader.fetcher.cache
    knownTitles = self.subscriptions.map { subscription in
      guard case .web(let url) = subscription.address else { return nil }
      return cache?.record(for: url)?.title.flatMap { $0.isEmpty ? nil : $0 }
    }
    self.loader = loader
    var offline = loader.fetcher.options
    offline.offline = true
    self.cachedLoader = FeedLoader(
      fetcher: FeedFetcher(
        client: loader.fetcher.client, cache: loader.fetcher.cache, options: offline))
    self.limit = max(1, limit)
    self.endpoints = endpoints
    self.rowKind = rowKind
    self.lists = Locked(Array(repeating: nil, count: self.subscriptions.count))
  }

  /// The subscription's latest list, if it has one.
  public func list(ofFeed index: Int) -> LoadedList? {
    lists.withLock { index < $0.count ? $0[index] : nil }
  }

  /// Every feed's latest list merged: "All items".
  public func allItems() -> LoadedList {
    AllItems.merge(lists.withLock { $0.compactMap { $0 } })
  }

  // MARK: - Opening and refreshing

  /// Each feed as the cache (or its file) has it, fetching only those with no usable copy
  /// (each cache entry is read once);
  /// `progress` is called as each feed is read, from any thread.
  public func open(progress: @escaping @Sendable (Int, FeedRefresh) -> Void) async -> [FeedRefresh]
  {
    let local = await run(Array(0..<localCount), progress: progress) { subscription in
      var read = await self.fetch(subscription, with: self.cachedLoader)
      let isWeb: Bool = if case .web = subscription.address { true } else { false }
      guard case .success(var loaded) = read.result else {
        // No usable cached copy: a web feed is fetched now (unless offline).
        let online = isWeb && !self.loader.fetcher.options.offline
        return online ? await self.fetch(subscription, with: self.loader) : read
      }
      // Read from the cache on purpose: say how old it is, not that the network was off.
      if case .cached(let fetchedAt, _) = loaded.freshness {
        loaded.freshness = .cached(fetchedAt: fetchedAt, reason: "not refreshed yet (R)")
        read.result = .success(loaded)
      }
      return read
    }
    return local + (await openAccounts(progress: progress))
  }

  /// Asks the network for the feeds at `indices` (every feed when empty); `progress` is
  /// called as each finishes. Cancelling the calling task cancels the requests.
  public func refresh(
    _ indices: [Int] = [], progress: @escaping @Sendable (Int, FeedRefresh) -> Void = { _, _ in }
  ) async -> [FeedRefresh] {
    let chosen = indices.isEmpty ? Array(subscriptions.indices) : indices
    let local = await run(chosen.filter { $0 < localCount }, progress: progress) {
      await self.fetch($0, with: self.loader)
    }
    let fromAccounts = chosen.filter { $0 >= localCount && $0 < subscriptions.count }
    return local + (await refreshAccounts(fromAccounts, progress: progress))
  }

  /// Runs `body` on the subscriptions at `indices`, `limit` at a time, keeping each list
  /// that comes back.
  private func run(
    _ indices: [Int], progress: @escaping @Sendable (Int, FeedRefresh) -> Void,
    _ body: @escaping @Sendable (Subscription) async -> FeedRefresh
  ) async -> [FeedRefresh] {
    let all = subscriptions
    let valid = indices.filter { all.indices.contains($0) }
    var results: [FeedRefresh] = []
    await SubscriptionRefresher.run(
      valid, hosts: valid.map { SubscriptionRefresher.host(all[$0]) }, limit: limit,
      perHost: HostGate.shared.limit
    ) { index in
      await body(all[index])
    } finished: { index, fetched in
      let refresh = fetched.withListBuilt()
      if let list = refresh.list { lists.withLock { $0[index] = list } }
      results.append(refresh)
      progress(index, refresh)
    }
    return results
  }

  private func fetch(_ subscription: Subscription, with loader: FeedLoader) async -> FeedRefresh {
    await SubscriptionRefresher(loader: loader, limit: 1).refresh(subscription)
      .keepingNewest(maxItemsPerFeed)
  }

  // MARK: - Sources for the pages

  /// One feed: opens on its latest list; a reload refreshes it; searches its items.
  public func feedSource(_ index: Int) -> any FeedSource {
    LibraryFeedSource(library: self, feed: index)
  }

  /// "All items": every feed merged; a reload refreshes them all; a search looks through
  /// every feed's items, and asks the endpoint too when one is configured.
  public var allItemsSource: any FeedSource { LibraryFeedSource(library: self, feed: nil) }

  /// The items by artists matching `query` in `list`, newest first, and the matching
  /// artists' names as first written (most items first).
  func search(_ query: String, in list: LoadedList) -> (list: LoadedList, names: [String]) {
    let artistQuery = ArtistQuery(query)
    guard !artistQuery.isEmpty else {
      return (LoadedList(title: "Artist: \(query)", items: [], freshness: list.freshness), [])
    }
    var index = ArtistIndex(rowKind: rowKind)
    index.add(list.items)
    let matches = index.matches(artistQuery)
    let found = index.answer(matches)
    var answer = LoadedList(
      title: "Artist: \(query)", chunks: found.items, rowKinds: found.rowKinds,
      freshness: list.freshness)
    answer.closeMatches = found.isClose
    return (answer, index.names(of: matches))
  }

  /// Every feed's items by the artist, merged with what each endpoint answers for the name
  /// as typed and the full names found (`EndpointSource.names`), the endpoints asked
  /// `limit` at a time; each item once, newest first. An endpoint that fails is a warning.
  func searchEverywhere(_ query: String) async throws(LoadError) -> LoadedList {
    let name = query.trimmingCharacters(in: .whitespacesAndNewlines)
    let (found, known) = search(name, in: allItems())
    guard !endpoints.isEmpty else { return found }
    let names = EndpointSource.names(typed: name, known: known)
    var answers = [Result<EndpointSource.Answers, LoadError>?](
      repeating: nil, count: endpoints.count)
    await withTaskGroup(of: (Int, Result<EndpointSource.Answers, LoadError>).self) { group in
      for (index, endpoint) in endpoints.enumerated() {
        if index >= limit, let (done, result) = await group.next() { answers[done] = result }
        // `askResult`, not a `do throws(LoadError)` here: Swift 6.3.1's optimizer gets such a
        // child closure wrong (`EndpointSource.ask`).
        group.addTask { (index, await endpoint.askResult(names)) }
      }
      for await (done, result) in group { answers[done] = result }
    }
    var online = EndpointSource.Answers()
    for answer in answers {
      switch answer {
      case .success(let one)?:
        online.items += one.items
        online.failures += one.failures
        online.cachedCopies += one.cachedCopies
      case .failure(let error)?:
        if error.kind == .cancelled { throw error }
        online.failures.append(error)
      case nil:
        throw LoadError(.cancelled, "cancelled")
      }
    }
    var merged = try EndpointSource.merged(
      local: Array(found.chunks), online: online, title: found.title)
    merged.nextPage = nil  // several endpoints: no one next page
    // The answer is as current as the lists it was found in, unless an endpoint answered.
    if online.items.isEmpty { merged.freshness = found.freshness }
    merged.closeMatches = found.closeMatches
    return merged
  }

  /// The DeviantArt-style endpoints among the subscriptions (addresses with `?q=boost:...`
  /// or `?q=by:...`), each once, without its `q` and `offset`: what a search across
  /// subscriptions asks.
  public static func endpoints(in subscriptions: [Subscription], loader: FeedLoader)
    -> [EndpointSource]
  {
    var bases: [URL] = []
    for subscription in subscriptions {
      guard case .web(let url) = subscription.address,
        var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
        let query = components.queryItems,
        let q = query.first(where: { $0.name == "q" })?.value,
        q.hasPrefix("boost:") || q.hasPrefix("by:")
      else { continue }
      let kept = query.filter { $0.name != "q" && $0.name != "offset" }
      components.queryItems = kept.isEmpty ? nil : kept
      guard let base = components.url, !bases.contains(base) else { continue }
      bases.append(base)
    }
    return bases.map { EndpointSource(endpoint: $0, loader: loader) }
  }
}

/// A page's source in a `SubscriptionLibrary`: one feed, or all of them (`feed == nil`).
struct LibraryFeedSource: FeedSource {
  let library: SubscriptionLibrary
  let feed: Int?

  var searchesOnline: Bool { feed == nil && !library.endpoints.isEmpty }

  func loadMain() async throws(LoadError) -> LoadedList {
    guard let feed else {
      _ = await library.refresh()
      return library.allItems()
    }
    guard let refreshed = await library.refresh([feed]).first else {
      throw LoadError(.cancelled, "cancelled")
    }
    switch refreshed.result {
    case .failure(let error):
      // The feed's list stays as it was; the page says why it did not change.
      guard let kept = library.list(ofFeed: feed) else { throw error }
      var list = kept
      list.warnings = [error.description]
      return list
    case .success:
      return library.list(ofFeed: feed) ?? LoadedList(title: "", items: [], freshness: .local)
    }
  }

  func search(artist query: String) async throws(LoadError) -> LoadedList {
    guard let feed else { return try await library.searchEverywhere(query) }
    let list = library.list(ofFeed: feed) ?? LoadedList(title: "", items: [], freshness: .local)
    return library.search(query, in: list).list
  }

  /// Every feed's items by the artist, before the endpoints answer.
  func searchLocally(artist query: String) async -> LoadedList? {
    guard feed == nil else { return nil }
    let name = query.trimmingCharacters(in: .whitespacesAndNewlines)
    return library.search(name, in: library.allItems()).list
  }

  func page(at url: URL) async throws(LoadError) -> LoadedList {
    try await library.loader.load(.web(url)).list()
  }
}
