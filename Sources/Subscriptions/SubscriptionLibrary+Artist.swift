import FeedCore
import FeedLoading
import FeedModel
import Foundation

/// One artist's work across the library: every feed's and synced account's latest list and,
/// when asked, each DeviantArt-style endpoint's `by:` answer; each item once, newest first,
/// with the source it came from.
public struct ArtistWork: Sendable {
  /// Where items came from.
  public struct Source: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
      /// A feed of the feeds file.
      case feed
      /// A feed of a sync account (its local copy).
      case account
      /// A DeviantArt-style endpoint's `by:NAME` answer.
      case endpoint
    }

    /// The feed's title (the feeds file's `~` title, else its own), or the endpoint's host.
    public var title: String
    /// The feed's source as the feeds file has it, the account feed's address, or the
    /// endpoint's `by:` address.
    public var address: String
    public var kind: Kind
    /// How many of the work's items are from it.
    public var items = 0
  }

  /// One item and the index of its source in `sources`.
  public struct Entry: Sendable {
    public var item: FeedItem
    public var source: Int
  }

  /// `ArtistIdentity.key` of the name asked for.
  public var key: String
  /// Dated items newest first, then undated ones; each item (`ItemID`) once, from the
  /// source where it sorts first.
  public var entries: [Entry]
  /// The sources that gave at least one item, in the library's order, then the endpoints.
  public var sources: [Source]
  /// What could not be asked (an endpoint that failed, a cached answer), one line each.
  public var warnings: [String] = []
}

extension SubscriptionLibrary {
  /// The work of the artist whose `ArtistIdentity.key` is `key` in the lists the library
  /// holds (after `open`): items whose artist (`FeedItem.author`, filled by `ItemArtist`
  /// when the list was loaded) has that key.
  public func work(ofArtist key: String) -> ArtistWork {
    var found: [(FeedItem, ArtistWork.Source)] = []
    guard !key.isEmpty else { return ArtistWork(key: key, entries: [], sources: []) }
    for (index, subscription) in subscriptions.enumerated() {
      guard let list = list(ofFeed: index) else { continue }
      let items = list.items.filter { ArtistIdentity.isArtist($0.author, key: key) }
      guard !items.isEmpty else { continue }
      let source = ArtistWork.Source(
        title: title(of: index, list: list), address: subscription.source,
        kind: index < localCount ? .feed : .account)
      found += items.map { ($0, source) }
    }
    return ArtistWork(key: key, found: found)
  }

  /// `work(ofArtist:)` for `name`, with what each DeviantArt-style endpoint among the
  /// subscriptions answers for `by:NAME` (the name as given, then the other spellings
  /// found in the lists), endpoints asked `limit` at a time. Only items whose artist has
  /// the name's key are kept. An endpoint that fails is a warning.
  public func work(ofArtist name: String, askingEndpoints: Bool) async -> ArtistWork {
    let key = ArtistIdentity.key(name)
    var work = self.work(ofArtist: key)
    guard askingEndpoints, !endpoints.isEmpty, !key.isEmpty else { return work }
    let known = work.entries.compactMap(\.item.author)
    let names = EndpointSource.names(typed: name, known: known)
    var answers = [Result<EndpointSource.Answers, LoadError>?](
      repeating: nil, count: endpoints.count)
    await withTaskGroup(of: (Int, Result<EndpointSource.Answers, LoadError>).self) { group in
      for (index, endpoint) in endpoints.enumerated() {
        if index >= limit, let (done, result) = await group.next() { answers[done] = result }
        group.addTask { (index, await endpoint.askResult(names)) }
      }
      for await (done, result) in group { answers[done] = result }
    }
    var found = work.entries.map { ($0.item, work.sources[$0.source]) }
    for (endpoint, answer) in zip(endpoints, answers) {
      switch answer {
      case .success(let answers)?:
        work.warnings += answers.failures.map(\.description) + answers.cachedCopies
        let source = ArtistWork.Source(
          title: endpoint.endpoint.host ?? endpoint.endpoint.absoluteString,
          address: endpoint.url(query: "by:" + name).absoluteString, kind: .endpoint)
        found += answers.items.filter { ArtistIdentity.isArtist($0.author, key: key) }
          .map { ($0, source) }
      case .failure(let error)?:
        work.warnings.append(error.description)
      case nil:
        work.warnings.append("\(endpoint.endpoint.absoluteString): not asked")
      }
    }
    let warnings = work.warnings
    work = ArtistWork(key: key, found: found)
    work.warnings = warnings
    return work
  }

  /// A feed's title as the feed list shows it: its `~` title, its own, the one the cache
  /// remembers, else its source.
  private func title(of index: Int, list: LoadedList) -> String {
    let subscription = subscriptions[index]
    if let title = subscription.title, !title.isEmpty { return title }
    if !list.title.isEmpty { return list.title }
    if index < knownTitles.count, let known = knownTitles[index] { return known }
    return subscription.source
  }
}

extension ArtistWork {
  /// The work of `found` (items and where each came from, in the library's order): newest
  /// first, each item once, the sources that gave one counted, in the order of `found`.
  init(key: String, found: [(item: FeedItem, source: Source)]) {
    let order = found.indices.sorted { left, right in
      switch (found[left].item.published, found[right].item.published) {
      case (let l?, let r?) where l != r: return l > r
      case (.some, nil): return true
      case (nil, .some): return false
      default: return left < right
      }
    }
    // Every distinct source in the order met, then those that gave a kept item.
    var all: [Source] = []
    var place: [Int] = []
    for (_, source) in found {
      if let known = all.firstIndex(where: {
        $0.address == source.address && $0.kind == source.kind
      }) {
        place.append(known)
      } else {
        all.append(source)
        place.append(all.count - 1)
      }
    }
    var seen = Set<ItemID>()
    let kept = order.filter { seen.insert(ItemID(found[$0].item)).inserted }
    for index in kept { all[place[index]].items += 1 }
    var renumbered = [Int](repeating: -1, count: all.count)
    var sources: [Source] = []
    for (index, source) in all.enumerated() where source.items > 0 {
      renumbered[index] = sources.count
      sources.append(source)
    }
    let entries = kept.map { Entry(item: found[$0].item, source: renumbered[place[$0]]) }
    self.init(key: key, entries: entries, sources: sources)
  }
}
