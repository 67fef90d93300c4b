import FeedCore
import FeedLoading
import FeedModel
import Foundation
import Subscriptions

/// The artist's page (`a`): everything by one artist, from every source the browser reads:
/// every subscription's and synced account's latest list (their cached copies), and, where
/// a subscription is a DeviantArt-style endpoint, its `by:` answer; newest first, each item
/// once. Names from different sources are one artist when `ArtistIdentity` says so
/// ("Raven Quill" on Mastodon, "raven-quill" on DeviantArt). The title names the sources it
/// drew from.
struct ArtistWorkSource: FeedSource {
  /// Where the search goes: every feed merged (and the endpoints), or the browser's own
  /// source without subscriptions.
  let base: any FeedSource
  let library: SubscriptionLibrary?
  let name: String

  var searchesOnline: Bool { false }

  func loadMain() async throws(LoadError) -> LoadedList {
    let key = ArtistIdentity.key(name)
    // The search asks the endpoints too; every feed's list is also read whole, so a name
    // written another way is found whatever the search's matching.
    let found = try await base.search(artist: name)
    var seen = Set<ItemID>()
    var items = (library?.allItems().items ?? []).filter {
      ArtistIdentity.isArtist($0.author, key: key) && seen.insert(ItemID($0)).inserted
    }
    items += found.items.filter {
      ArtistIdentity.isArtist($0.author, key: key) && seen.insert(ItemID($0)).inserted
    }
    items.sort { ($0.published ?? .distantPast) > ($1.published ?? .distantPast) }
    var list = LoadedList(
      title: Self.title(name, sources: sources(of: items)), items: items,
      warnings: found.warnings, freshness: found.freshness)
    list.nextPage = nil
    return list
  }

  /// The feeds the items came from, by title, in the feed list's order; "the endpoint" for
  /// items no feed holds (an endpoint's `by:` answer).
  func sources(of items: [FeedItem]) -> [String] {
    guard let library, !items.isEmpty else { return [] }
    var left = Set(items.map(ItemID.init))
    var titles: [String] = []
    for feed in library.subscriptions.indices {
      guard let list = library.list(ofFeed: feed) else { continue }
      let held = list.items.filter { left.contains(ItemID($0)) }
      guard !held.isEmpty else { continue }
      titles.append(list.title)
      for item in held { left.remove(ItemID(item)) }
    }
    if !left.isEmpty { titles.append("the endpoint") }
    return titles
  }

  static func title(_ name: String, sources: [String]) -> String {
    guard !sources.isEmpty else { return "Artist: \(name)" }
    let shown = sources.prefix(3).joined(separator: ", ")
    let more = sources.count > 3 ? " and \(sources.count - 3) more" : ""
    return "Artist: \(name) (from \(shown)\(more))"
  }

  func search(artist query: String) async throws(LoadError) -> LoadedList {
    let all = try await loadMain()
    return LoadedList(
      title: "Artist: \(query)", items: ArtistMatch.search(all.items, query: query),
      freshness: all.freshness)
  }

  func page(at url: URL) async throws(LoadError) -> LoadedList {
    throw LoadError(.unavailable, "an artist's page has no next page")
  }
}
