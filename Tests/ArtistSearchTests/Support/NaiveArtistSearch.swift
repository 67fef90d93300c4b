import ArtistSearch
import FeedCore
import FeedModel
import Foundation

/// The reference model of the artist search: every artist's name asked of the rule
/// (`ArtistQuery`) one by one, and every item looked at, with no index. The index must answer
/// exactly as it does (the house pattern of `NaiveList`).
///
/// An artist is a folded name (`ArtistMatch.normalized`) within one feed, read as words from
/// its first spelling in that feed; a catalog is its feeds' items in catalog order.
struct NaiveArtistSearch {
  struct Artist {
    var written: String
    var words: ArtistWords
    var positions: [Int] = []
  }

  /// One feed's artists, numbered in order of first appearance (as the index numbers them),
  /// and each item's artists.
  struct Feed {
    var items: [FeedItem]
    var artists: [Artist] = []
    var artistsOfItem: [[Int]] = []

    init(_ items: [FeedItem]) {
      self.items = items
      var numbers: [String: Int] = [:]
      for (position, item) in items.enumerated() {
        var mine: [Int] = []
        for name in ArtistMatch.names(of: item) {
          let folded = ArtistMatch.normalized(name)
          let number = numbers[folded] ?? artists.count
          if number == artists.count {
            numbers[folded] = number
            artists.append(Artist(written: ArtistMatch.trimmed(name), words: ArtistWords(name)))
          }
          if artists[number].positions.last != position {
            artists[number].positions.append(position)
          }
          mine.append(number)
        }
        artistsOfItem.append(mine)
      }
    }
  }

  let feeds: [Feed]

  init(feeds: [[FeedItem]]) {
    self.feeds = feeds.map(Feed.init)
  }

  init(_ items: [FeedItem]) {
    self.init(feeds: [items])
  }

  /// Each feed's artists' tiers for the query: exact ones; when no artist of any feed matches
  /// exactly and the query tolerates a typo, the close ones (in the first tier).
  func tiers(_ query: ArtistQuery) -> (tiers: [[ArtistQuery.Tier?]], isClose: Bool) {
    let exact = feeds.map { feed in feed.artists.map { query.tier(of: $0.words.text) } }
    guard exact.allSatisfy({ $0.allSatisfy { $0 == nil } }), query.toleratesTypo else {
      return (exact, false)
    }
    let close = feeds.map { feed in
      feed.artists.map { query.isClose(to: $0.words.text) ? ArtistQuery.Tier.wordStart : nil }
    }
    return (close, close.contains { $0.contains { $0 != nil } })
  }

  /// Feed `feed`'s matching artists, in the index's shape.
  func matches(_ text: String, feed: Int = 0) -> ArtistMatches {
    let (tiers, isClose) = tiers(ArtistQuery(text))
    var matches = ArtistMatches(isClose: isClose)
    for (artist, tier) in tiers[feed].enumerated() {
      switch tier {
      case .wordStart?: matches.wordStart.append(Int32(artist))
      case .inside?: matches.inside.append(Int32(artist))
      case nil: break
      }
    }
    return matches
  }

  /// The items by matching artists: each `ItemID` once (its first matching item in catalog
  /// order), each in the best tier of its artists, first tier first, then newest first,
  /// undated after, in catalog order. `leading` items are in the first tier.
  func search(_ text: String) -> (items: [FeedItem], leading: Int, isClose: Bool) {
    let query = ArtistQuery(text)
    guard !query.isEmpty else { return ([], 0, false) }
    let (tiers, isClose) = tiers(query)
    var seen = Set<ItemID>()
    var found: [(tier: ArtistQuery.Tier, rank: Int, item: FeedItem)] = []
    var rank = 0
    for (feed, artists) in zip(feeds, tiers) {
      for (position, item) in feed.items.enumerated() {
        rank += 1
        guard let tier = feed.artistsOfItem[position].compactMap({ artists[$0] }).min(),
          seen.insert(ItemID(item)).inserted
        else { continue }
        found.append((tier, rank, item))
      }
    }
    found.sort { a, b in
      if a.tier != b.tier { return a.tier < b.tier }
      switch (a.item.published, b.item.published) {
      case let (x?, y?) where x != y: return x > y
      case (.some, nil): return true
      case (nil, .some): return false
      default: return a.rank < b.rank
      }
    }
    return (found.map(\.item), found.filter { $0.tier == .wordStart }.count, isClose)
  }

  /// The first feed's matching artists' names as first written: first tier first, then most
  /// items, then by name.
  func names(_ text: String) -> [String] {
    let (tiers, _) = tiers(ArtistQuery(text))
    let artists = feeds[0].artists
    return artists.indices
      .compactMap { artist in tiers[0][artist].map { (tier: $0, artist: artist) } }
      .sorted { a, b in
        let (x, y) = (artists[a.artist], artists[b.artist])
        if a.tier != b.tier { return a.tier < b.tier }
        if x.positions.count != y.positions.count { return x.positions.count > y.positions.count }
        return x.written < y.written
      }
      .map { artists[$0.artist].written }
  }
}
