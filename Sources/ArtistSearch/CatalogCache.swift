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
  /// One feed's answer: a selection view of its index's items, and their row kinds if kept.
  package typealias Answer = (items: ItemChunks, rowKinds: [UInt8]?)

  private struct Part {
    var index: ArtistIndex
    /// Which load fills it: batches from an older load are dropped.
    var token: Int
    /// The last answer, for the artists it matched over the items there were: typing one
    /// more letter often matches the same artists, and then costs no copy of their items.
    var last: (artists: [Int], itemCount: Int, answer: Answer)?

    /// The items by artists whose folded name contains `folded`.
    mutating func search(_ folded: String) -> Answer {
      let artists = index.artists(matching: folded)
      if let last, last.artists == artists, last.itemCount == index.count { return last.answer }
      let found = index.answer(ofArtists: artists)
      last = (artists, index.count, found)
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

  /// The load `token` of `address` ended: sorts its items newest first (O(n log n), in the
  /// calling loading task and outside the lock), so that the first broad search only merges.
  package func prepareOrder(for address: FeedAddress, token: Int) {
    let index = state.withLock { state -> ArtistIndex? in
      guard let part = state.parts[address], part.token == token else { return nil }
      return part.index  // shares the index's storage; nothing is copied
    }
    guard let order = index?.extendedOrder() else { return }
    state.withLock { state in
      guard state.parts[address]?.token == token else { return }
      state.parts[address]?.index.adopt(order: order)
    }
  }

  /// Adds the next items of the load `token` of `address`.
  package func add(_ items: [FeedItem], for address: FeedAddress, token: Int) {
    state.withLock { state in
      guard state.parts[address]?.token == token else { return }
      state.parts[address]?.index.add(items)
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

  /// Items of the catalog by artists matching `query` (see `ArtistMatch.search`): each
  /// feed's index answers, then the feeds' answers are merged in catalog order. One feed's
  /// answer is its selection view as it is; several (the bundled feeds: small) are copied
  /// and merged, and their row kinds left to the list.
  package func search(_ query: String, in catalog: [FeedAddress]) -> Answer {
    let folded = ArtistMatch.normalized(query)
    guard !folded.isEmpty else { return (ItemChunks(), nil) }
    var answers: [(feed: Int, answer: Answer)] = []
    state.withLock { state in
      for (feed, address) in catalog.enumerated() {
        guard var part = state.parts[address], !catalog[..<feed].contains(address) else { continue }
        state.parts[address] = nil  // keeps the index uniquely referenced while it mutates
        let found = part.search(folded)
        state.parts[address] = part
        if !found.items.isEmpty { answers.append((feed, found)) }
      }
    }
    if answers.count <= 1 { return answers.first?.answer ?? (ItemChunks(), nil) }
    return (ItemChunks(Self.merged(answers.map { ($0.feed, $0.answer.items.array) })), nil)
  }

  /// Several feeds' answers as one: an item whose `ItemID` an earlier feed's answer has is
  /// dropped, then all are ordered newest first, undated after in catalog order.
  private static func merged(_ answers: [(feed: Int, items: [FeedItem])]) -> [FeedItem] {
    var seen = Set<ItemID>()
    var kept: [(rank: Int, item: FeedItem)] = []
    for answer in answers {
      let fresh = answer.items.filter { seen.insert(ItemID($0)).inserted }
      // A feed's answer lists equal dates, and undated items, in document order already.
      for (offset, item) in fresh.enumerated() { kept.append((answer.feed << 40 | offset, item)) }
    }
    kept.sort { a, b in
      switch (a.item.published, b.item.published) {
      case let (x?, y?) where x != y: return x > y
      case (.some, nil): return true
      case (nil, .some): return false
      default: return a.rank < b.rank
      }
    }
    return kept.map(\.item)
  }
}
