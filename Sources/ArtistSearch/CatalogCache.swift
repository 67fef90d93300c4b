import FeedCore
import FeedModel
import Foundation
import Locking

/// The catalog's artist indexes, one per feed, grown off the UI loop as feeds are parsed.
///
/// The main feed's index grows batch by batch while it streams in (a search meanwhile sees
/// the items read so far); other catalog feeds are read whole on the first search that
/// needs them. A reload of the main feed starts its index again. Behind a lock (`Locked`), so the
/// loading task adds batches from inside the parse's callback without waiting.
package final class CatalogCache: Sendable {
  private struct Part {
    var index: ArtistIndex
    /// Which load fills it: batches from an older load are dropped.
    var token: Int
    /// The last answer, for the artists it matched over the items there were: typing one
    /// more letter often matches the same artists, and then costs no copy of their items.
    var last: (matches: ArtistMatches, itemCount: Int, answer: ArtistAnswer)?

    /// The items by `matches` (artists of this index).
    mutating func answer(_ matches: ArtistMatches) -> ArtistAnswer {
      if let last, last.matches == matches, last.itemCount == index.count { return last.answer }
      let found = index.answer(matches)
      last = (matches, index.count, found)
      return found
    }
  }

  private let state = Locked<(parts: [FeedAddress: Part], tokens: Int)>(([:], 0))
  /// The row-kind rule every index keeps (see `ArtistIndex.init(rowKind:)`), if any.
  private let rowKind: (@Sendable (FeedItem) -> UInt8)?

  package init(rowKind: (@Sendable (FeedItem) -> UInt8)? = nil) {
    self.rowKind = rowKind
  }

  /// A load of `address` starts: its index starts empty. Returns the load's token.
  package func begin(_ address: FeedAddress) -> Int {
    state.withLock { state in
      state.tokens += 1
      state.parts[address] = Part(index: ArtistIndex(rowKind: rowKind), token: state.tokens)
      return state.tokens
    }
  }

  /// The load `token` of `address` ended: sorts its items newest first (O(n log n)), merges
  /// its names' word starts into one run and lays out its items by artist artist by artist
  /// (`ArtistIndex.prepared()`), in the calling loading task and outside the lock, so that
  /// the first broad search only merges, a lookup searches one run, and a broad answer reads
  /// the items by artist in order.
  package func prepareOrder(for address: FeedAddress, token: Int) {
    let index = state.withLock { state -> ArtistIndex? in
      guard let part = state.parts[address], part.token == token else { return nil }
      return part.index  // shares the index's storage; nothing is copied
    }
    guard let prepared = index?.prepared() else { return }
    state.withLock { state in
      guard state.parts[address]?.token == token else { return }
      state.parts[address]?.index.adopt(prepared)
    }
  }

  /// Adds the next items of the load `token` of `address`; returns them as the index stores
  /// them, with their row kinds when it keeps them (nil when another load took its place),
  /// so a list shares the blocks and looks at no item again.
  @discardableResult
  package func add(_ items: [FeedItem], for address: FeedAddress, token: Int)
    -> (items: ItemChunks, rowKinds: [UInt8]?)?
  {
    state.withLock { state in
      guard state.parts[address]?.token == token,
        let added = state.parts[address]?.index.add(items)
      else { return nil }
      let kinds = state.parts[address].flatMap { part -> [UInt8]? in
        let index = part.index
        return index.rowKinds.count == index.count ? Array(index.rowKinds.suffix(added.count)) : nil
      }
      return (added, kinds)
    }
  }

  /// The catalog feeds that have no index yet (never loaded, nor loading).
  package func missing(_ catalog: [FeedAddress]) -> [FeedAddress] {
    state.withLock { state in catalog.filter { state.parts[$0] == nil } }
  }

  /// Stores a feed read whole, unless a load of it began meanwhile.
  package func store(_ items: [FeedItem], for address: FeedAddress) {
    let token = state.withLock { state -> Int? in
      guard state.parts[address] == nil else { return nil }
      state.tokens += 1
      state.parts[address] = Part(index: ArtistIndex(rowKind: rowKind), token: state.tokens)
      return state.tokens
    }
    if let token { add(items, for: address, token: token) }
  }

  /// Items of the catalog by artists matching `text` (see `ArtistMatch.search`): each
  /// feed's index finds its artists (close ones only when no feed has an exact match), then
  /// the feeds' answers are merged in catalog order. One feed's answer is its selection view
  /// as it is; several (the bundled feeds: small) are copied and merged, and their row kinds
  /// left to the list.
  package func search(_ text: String, in catalog: [FeedAddress]) -> ArtistAnswer {
    let query = ArtistQuery(text)
    guard !query.isEmpty else { return ArtistAnswer() }
    var answers: [(feed: Int, answer: ArtistAnswer)] = []
    state.withLock { state in
      let feeds = catalog.indices.filter { feed in
        state.parts[catalog[feed]] != nil && !catalog[..<feed].contains(catalog[feed])
      }
      var matches = feeds.map { state.parts[catalog[$0]]?.index.exactMatches(query) }
      if matches.allSatisfy({ $0?.isEmpty != false }), query.toleratesTypo {
        matches = feeds.map { state.parts[catalog[$0]]?.index.closeMatches(query) }
      }
      for (feed, found) in zip(feeds, matches) {
        guard let found, !found.isEmpty, var part = state.parts[catalog[feed]] else { continue }
        state.parts[catalog[feed]] = nil  // keeps the index uniquely referenced while it mutates
        answers.append((feed, part.answer(found)))
        state.parts[catalog[feed]] = part
      }
    }
    if answers.count <= 1 { return answers.first?.answer ?? ArtistAnswer() }
    return Self.merged(answers)
  }

  /// Several feeds' answers as one: an item whose `ItemID` an earlier feed's answer has is
  /// dropped, then all are ordered by tier, then newest first, undated after in catalog order.
  private static func merged(_ answers: [(feed: Int, answer: ArtistAnswer)]) -> ArtistAnswer {
    var seen = Set<ItemID>()
    var kept: [(tier: Int, rank: Int, item: FeedItem)] = []
    for (feed, answer) in answers {
      // A feed's answer lists equal dates, and undated items, in document order already.
      for (offset, item) in answer.items.enumerated() where seen.insert(ItemID(item)).inserted {
        kept.append((offset < answer.leading ? 0 : 1, feed << 40 | offset, item))
      }
    }
    kept.sort { a, b in
      if a.tier != b.tier { return a.tier < b.tier }
      switch (a.item.published, b.item.published) {
      case let (x?, y?) where x != y: return x > y
      case (.some, nil): return true
      case (nil, .some): return false
      default: return a.rank < b.rank
      }
    }
    return ArtistAnswer(
      items: ItemChunks(kept.map(\.item)), leading: kept.filter { $0.tier == 0 }.count,
      isClose: answers.contains { $0.answer.isClose })
  }
}
