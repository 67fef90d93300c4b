import ArtistSearch
import FeedCore
import FeedModel
import Foundation
import Locking

/// A DeviantArt-style Media RSS endpoint: `?q=boost:popular` to open on, `?q=by:NAME` for
/// an artist, and `offset=N` (or the feed's own `atom:link rel="next"`) for the next page.
///
/// `by:NAME` finds only an artist's exact name, so an artist search works in two steps: the
/// items this endpoint already answered with (the popular list, its pages, earlier searches),
/// matched by the search's rule (`ArtistQuery`) at once (`searchLocally`); then, once typing
/// pauses, the endpoint asked for the name as typed and for the full names of the artists it
/// matched, best first (`search`), each item once.
public final class EndpointSource: FeedSource {
  /// The endpoint, e.g. `https://backend.deviantart.com/rss.xml`; its own query is kept.
  public let endpoint: URL
  let loader: FeedLoader
  /// The items this endpoint has answered with, by artist, each once, and at most
  /// `maxSeenItems`: repeated searches add nothing, and a few huge answers cannot hold memory
  /// for good.
  private let seen = Locked(Seen())
  /// The most items remembered for local matches; past it, memory starts again from the
  /// latest answer.
  package let maxSeenItems: Int
  package static let defaultMaxSeenItems = 20_000

  /// The remembered items and their identities.
  private struct Seen {
    var index = ArtistIndex(rowKind: ItemPicture.rowKind)
    var ids = Set<ItemID>()
  }
  /// The most artists' full names asked for on one pause, besides the name as typed.
  public static let namesPerSearch = 3
  /// Requests to the endpoint at once during one search.
  public static let requestsAtOnce = 2

  public convenience init(endpoint: URL, loader: FeedLoader) {
    self.init(endpoint: endpoint, loader: loader, maxSeenItems: Self.defaultMaxSeenItems)
  }

  package init(endpoint: URL, loader: FeedLoader, maxSeenItems: Int) {
    self.endpoint = endpoint
    self.loader = loader
    self.maxSeenItems = max(1, maxSeenItems)
  }

  public var searchesOnline: Bool { true }

  public func loadMain() async throws(LoadError) -> LoadedList {
    let list = try await fetch(url(query: "boost:popular"), fallbackTitle: "Popular")
    remember(list.items)
    return list
  }

  /// The items already seen whose artist's name contains the query: no request.
  public func searchLocally(artist query: String) async -> LoadedList? {
    let name = query.trimmingCharacters(in: .whitespacesAndNewlines)
    let found = seen.withLock { $0.index.answer(matching: ArtistQuery(name)) }
    var list = LoadedList(
      title: "Artist: \(name)", chunks: found.items, rowKinds: found.rowKinds, freshness: .live)
    list.closeMatches = found.isClose
    return list
  }

  /// The items seen so far, merged with what the endpoint answers for the name as typed and
  /// for the full names of the matching artists seen (`namesPerSearch`, most items first).
  /// Requests that fail are warnings when anything was found, else the error.
  public func search(artist query: String) async throws(LoadError) -> LoadedList {
    let name = query.trimmingCharacters(in: .whitespacesAndNewlines)
    let (local, known) = seen.withLock { seen in
      let matches = seen.index.matches(ArtistQuery(name))
      return (seen.index.answer(matches), seen.index.names(of: matches))
    }
    let online = try await ask(Self.names(typed: name, known: known))
    remember(online.items)
    var list = try Self.merged(
      local: Array(local.items), online: online, title: "Artist: \(name)")
    list.closeMatches = local.isClose
    return list
  }

  public func page(at url: URL) async throws(LoadError) -> LoadedList {
    let list = try await fetch(url, fallbackTitle: nil)
    remember(list.items)
    return list
  }

  /// The endpoint with `q` (and `offset`) set, everything else of its query kept.
  public func url(query: String, offset: Int? = nil) -> URL {
    Self.url(endpoint, setting: ["q": query, "offset": offset.map(String.init)])
  }

  // MARK: - Asking by name

  /// What the endpoint answered for some names: the items in the order of the names, the
  /// first name's next page, and why the requests that failed did.
  public struct Answers: Sendable {
    public var items: [FeedItem] = []
    public var nextPage: URL?
    public var failures: [LoadError] = []
    /// Answers that were cached copies (the network failed), as warnings.
    public var cachedCopies: [String] = []

    package init() {}
  }

  /// The name as typed, then up to `namesPerSearch` full names that differ from it (case
  /// and accents ignored).
  package static func names(typed: String, known: [String]) -> [String] {
    var names = typed.isEmpty ? [] : [typed]
    var folded = Set(names.map(ArtistMatch.normalized))
    for name in known where names.count <= namesPerSearch {
      if folded.insert(ArtistMatch.normalized(name)).inserted { names.append(name) }
    }
    return names
  }

  /// Asks `by:NAME` for each name, `requestsAtOnce` at a time. Cancelling the calling task
  /// cancels the requests (and throws).
  public func ask(_ names: [String]) async throws(LoadError) -> Answers {
    var results = [Result<LoadedList, LoadError>?](repeating: nil, count: names.count)
    await withTaskGroup(of: (Int, Result<LoadedList, LoadError>).self) { group in
      for (index, name) in names.enumerated() {
        if index >= Self.requestsAtOnce, let (done, result) = await group.next() {
          results[done] = result
        }
        let url = self.url(query: "by:" + name)
        // Not a `do throws(LoadError)` returning the tuple here: Swift 6.3.1's optimizer
        // gets that closure wrong (the release build answered an index out of range).
        group.addTask { (index, await self.fetchResult(url)) }
      }
      for await (done, result) in group { results[done] = result }
    }
    if Task.isCancelled { throw LoadError(.cancelled, "cancelled") }
    var answers = Answers()
    for (index, result) in results.enumerated() {
      switch result {
      case .success(let list)?:
        answers.items += list.items
        if index == 0 { answers.nextPage = list.nextPage }
        if case .cached(_, let reason) = list.freshness {
          answers.cachedCopies.append("by:\(names[index]) is a cached copy: \(reason)")
        }
      case .failure(let error)?:
        if error.kind == .cancelled { throw error }
        answers.failures.append(error)
      case nil:
        throw LoadError(.cancelled, "cancelled")
      }
    }
    return answers
  }

  /// `local` and `online` items as one answer, each item once, newest first. The failures
  /// are warnings, unless nothing was found: then the first is the error.
  package static func merged(local: [FeedItem], online: Answers, title: String) throws(LoadError)
    -> LoadedList
  {
    let items = AllItems.newestFirstOnce(local + online.items)
    if items.isEmpty, let failure = online.failures.first { throw failure }
    var list = LoadedList(
      title: title, items: items,
      warnings: online.failures.map(\.description) + online.cachedCopies,
      freshness: .live)
    list.nextPage = online.items.isEmpty ? nil : online.nextPage
    return list
  }

  // MARK: - Fetching

  private func remember(_ items: [FeedItem]) {
    guard !items.isEmpty else { return }
    seen.withLock { seen in
      var fresh = items.filter { seen.ids.insert(ItemID($0)).inserted }
      guard !fresh.isEmpty else { return }
      if seen.ids.count > maxSeenItems {
        // Over the bound: start again from the latest answer (its newest part, within it).
        seen = Seen()
        fresh = items.suffix(maxSeenItems).filter { seen.ids.insert(ItemID($0)).inserted }
      }
      seen.index.add(fresh)
    }
  }

  /// How many items are remembered for local matches.
  package var seenCount: Int { seen.withLock { $0.index.count } }

  /// `ask` as a value, for a task group's child (see `ask` on why not a `do` in the child).
  public func askResult(_ names: [String]) async -> Result<Answers, LoadError> {
    do throws(LoadError) {
      return .success(try await ask(names))
    } catch {
      return .failure(error)
    }
  }

  /// `fetch` as a value, for a task group's child.
  private func fetchResult(_ url: URL) async -> Result<LoadedList, LoadError> {
    do throws(LoadError) {
      return .success(try await fetch(url, fallbackTitle: nil))
    } catch {
      return .failure(error)
    }
  }

  private func fetch(_ url: URL, fallbackTitle: String?) async throws(LoadError) -> LoadedList {
    let loaded = try await loader.load(.web(url), isEndpoint: true)
    var list = loaded.list(title: fallbackTitle)
    if !list.items.isEmpty, list.nextPage == nil {
      list.nextPage = offsetPage(after: url, count: list.items.count)
    }
    return list
  }

  /// The page after one that started at `offset=N` and held `count` items.
  func offsetPage(after url: URL, count: Int) -> URL {
    let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
    let offset = items.last { $0.name == "offset" }?.value.flatMap { Int($0) } ?? 0
    return Self.url(url, setting: ["offset": String(offset + count)])
  }

  /// `url` with query parameters set (nil removes one); the others keep their order.
  static func url(_ url: URL, setting values: [String: String?]) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return url
    }
    var items = (components.queryItems ?? []).filter { values[$0.name] == nil }
    for name in values.keys.sorted() {
      if let value = values[name] ?? nil { items.append(URLQueryItem(name: name, value: value)) }
    }
    components.queryItems = items
    // `+` means a space to most servers; DeviantArt's `boost:popular` has none, but a name may.
    components.percentEncodedQuery = components.percentEncodedQuery?
      .replacingOccurrences(of: "+", with: "%2B")
    return components.url ?? url
  }
}
