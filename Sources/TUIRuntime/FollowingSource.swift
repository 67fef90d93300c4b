import FeedCore
import FeedLoading
import FeedModel
import Foundation
import ReadingState
import Subscriptions

/// The "Following" page: the work of every artist the reader follows (`f`), from every
/// subscription's and synced account's latest list, newest first, each item once. An item
/// is an artist's when its artist has the followed one's `ArtistIdentity` key.
struct FollowingSource: FeedSource {
  let library: SubscriptionLibrary
  let state: ReaderState?

  var searchesOnline: Bool { false }

  func loadMain() async throws(LoadError) -> LoadedList {
    let keys = Set(state?.follows().map(\.key) ?? [])
    let all = library.allItems()
    let items = keys.isEmpty ? [] : Self.followed(all.items, keys)
    return LoadedList(title: "Following", items: items, freshness: all.freshness)
  }

  /// The followed items of `items`, each distinct name's key made once.
  static func followed(_ items: [FeedItem], _ keys: Set<String>) -> [FeedItem] {
    var known: [String: Bool] = [:]
    return items.filter { item in
      guard let author = item.author else { return false }
      if let answer = known[author] { return answer }
      let answer = keys.contains(ArtistIdentity.key(author))
      known[author] = answer
      return answer
    }
  }

  /// The "Following" line's figures: unread and all items of followed artists, and how many
  /// artists are followed.
  static func counts(library: SubscriptionLibrary, state: ReaderState) -> (FeedCounts, Int) {
    let follows = state.follows()
    guard !follows.isEmpty else { return (FeedCounts(), 0) }
    let keys = Set(follows.map(\.key))
    let items = followed(library.allItems().items, keys)
    let marks = state.peek(items.map(ItemKey.init))
    var counts = FeedCounts()
    counts.total = items.count
    counts.unread = marks.filter { !$0.read }.count
    return (counts, follows.count)
  }

  func search(artist query: String) async throws(LoadError) -> LoadedList {
    let all = try await loadMain()
    return LoadedList(
      title: "Artist: \(query)", items: ArtistMatch.search(all.items, query: query),
      freshness: all.freshness)
  }

  func page(at url: URL) async throws(LoadError) -> LoadedList {
    throw LoadError(.unavailable, "the followed artists' page has no next page")
  }
}
