import FeedCore
import FeedModel
import Foundation

/// One feed's items by artist, grown batch by batch as the feed is parsed, so that a search
/// costs about what it finds, not O(items) nor O(artists).
///
/// Each distinct spelling of a name is folded once (`ArtistMatch.normalized`): a folded name
/// is an artist, with its items' positions in document order. Each artist's name (its first
/// spelling) is read as words into `nameSearch`, which finds the artists a query matches
/// (`ArtistQuery`) from sorted word starts and trigram postings. The matching artists'
/// positions are merged, de-duplicated by `ItemID` (the first in document order wins) and
/// ordered by tier (artists matched at a word start first), then newest first, undated after
/// in document order: the same answer as checking every item.
public struct ArtistIndex: Sendable {
  /// The items, as the batches they came in.
  public private(set) var items = ItemChunks()
  /// Names as written, by their bytes: a `String` key of other than ASCII is hashed through
  /// its normal form, which costs far more than its bytes (docs/adr/0151). Names that differ
  /// only in their form meet again in `artistOfFolded`.
  private var artistOfName: [NameBytes: Int32] = [:]
  private var artistOfFolded: [String: Int32] = [:]
  /// The artists' names as words, searchable (artist numbers are theirs).
  private(set) var nameSearch = NameSearch()
  /// Each artist's name as first written, by artist number (what a server is asked for).
  private var writtenNames: [String] = []
  /// Each artist's item positions, ascending.
  var positionsOfArtist = ArtistPositions()
  /// Per item: its date as seconds since the reference date, `-infinity` when undated, so
  /// that "newer first, undated last, ties in document order" is one comparison.
  var dates: [Double] = []
  /// Per item: -1 while no other item has its `ItemID`, else the first item that has it.
  var leaders: [Int32] = []
  /// Positions whose `leaders` entry is set (items sharing an `ItemID`), in no order.
  var duplicates: [Int32] = []
  private var firstOfHash: [Int: Int32] = [:]
  /// Items whose `ItemID` hashed like an earlier, different one (never seen in practice).
  private var collided: [ItemID: Int32] = [:]
  /// Positions of items `0..<order.count`, newest first: built on the first search that
  /// matches a large share of the items, extended by merging when items arrived since.
  var order: [Int32] = []
  /// Per item: its place in `order`, once the feed is read (`prepared()`); a search uses it
  /// only while it covers every item.
  var ranks: [Int32] = []
  /// The rule for `rowKinds`, if the index keeps them.
  private let rowKind: (@Sendable (FeedItem) -> UInt8)?
  /// Per item: `rowKind` of it, computed as items are added (empty without a rule), so an
  /// answer gathers its rows' kinds instead of looking at every item again.
  public private(set) var rowKinds: [UInt8] = []

  /// An empty index; with `rowKind`, it keeps each item's row kind too.
  public init(rowKind: (@Sendable (FeedItem) -> UInt8)? = nil) {
    self.rowKind = rowKind
  }

  public var count: Int { items.count }
  /// The number of distinct folded artist names.
  public var artistCount: Int { writtenNames.count }

  // MARK: - Growing

  /// Adds the next items of the feed (in document order). O(batch) amortised. Returns them
  /// as the index stores them (sharing its blocks), for a list to append without encoding
  /// them again.
  @discardableResult
  public mutating func add(_ batch: [FeedItem]) -> ItemChunks {
    precondition(items.count + batch.count < Int(Int32.max), "fewer than 2^31 items")
    let base = items.count
    items.append(contentsOf: batch)
    dates.reserveCapacity(base + batch.count)
    leaders.reserveCapacity(base + batch.count)
    if let rowKind { rowKinds.append(contentsOf: batch.lazy.map(rowKind)) }
    for (offset, item) in batch.enumerated() {
      let position = Int32(base + offset)
      dates.append(item.published?.timeIntervalSinceReferenceDate ?? -.infinity)
      leaders.append(-1)
      noteIdentity(of: item, at: position)
      for name in ArtistMatch.names(of: item) {
        let artist = Int(artist(named: name))
        positionsOfArtist.append(position, to: artist)
      }
    }
    nameSearch.endBatch()
    return items.suffix(fromBlockStart: base)
  }

  /// The artist number of a name as written, folding each distinct spelling once.
  private mutating func artist(named name: String) -> Int32 {
    if let known = artistOfName[NameBytes(name)] { return known }
    let folded = ArtistMatch.normalized(name)
    let artist: Int32
    if let known = artistOfFolded[folded] {
      artist = known
    } else {
      artist = Int32(writtenNames.count)
      nameSearch.add(ArtistWords(name))
      writtenNames.append(ArtistMatch.trimmed(name))
      positionsOfArtist.addArtist()
      artistOfFolded[folded] = artist
    }
    artistOfName[NameBytes(name)] = artist
    return artist
  }

  /// Links an item to the first earlier item with the same `ItemID`, if any.
  private mutating func noteIdentity(of item: FeedItem, at position: Int32) {
    let id = ItemID(item)
    let hash = id.hashValue
    guard let first = firstOfHash[hash] else {
      firstOfHash[hash] = position
      return
    }
    var leader = first
    if ItemID(items[Int(first)]) != id {
      guard let earlier = collided[id] else {
        collided[id] = position
        return
      }
      leader = earlier
    }
    if leaders[Int(leader)] < 0 { duplicates.append(leader) }
    leaders[Int(leader)] = leader
    leaders[Int(position)] = leader
    duplicates.append(position)
  }

  // MARK: - Searching

  /// Items by artists matching `text`; see `ArtistMatch.search`.
  public mutating func search(_ text: String) -> [FeedItem] {
    answer(matching: ArtistQuery(text)).items.array
  }

  /// The answer to a query as a selection view of `items` (no item copied), with the items'
  /// row kinds when the index keeps them.
  public mutating func answer(matching query: ArtistQuery) -> ArtistAnswer {
    answer(matches(query))
  }

  /// The artists matching the query exactly, else, for a query that tolerates a typo and
  /// matches nothing, those one typo away.
  public func matches(_ query: ArtistQuery) -> ArtistMatches {
    let exact = exactMatches(query)
    guard exact.isEmpty, query.toleratesTypo else { return exact }
    var close = closeMatches(query)
    close.work += exact.work
    return close
  }

  /// The artists matching the query exactly, by tier.
  public func exactMatches(_ query: ArtistQuery) -> ArtistMatches {
    nameSearch.exactMatches(query)
  }

  /// The artists one typo from the query (none unless it tolerates one).
  public func closeMatches(_ query: ArtistQuery) -> ArtistMatches {
    nameSearch.closeMatches(query)
  }

  /// The items by `matches` as a selection view, with their row kinds if kept.
  public mutating func answer(_ matches: ArtistMatches) -> ArtistAnswer {
    let found = positions(ofTiers: [matches.wordStart, matches.inside])
    let kinds = rowKind == nil ? nil : found.positions.map { rowKinds[Int($0)] }
    return ArtistAnswer(
      items: ItemChunks(selecting: found.positions, of: items), rowKinds: kinds,
      leading: found.leading, isClose: matches.isClose)
  }

  /// The names, as first written, of `matches`: first tier first, then most items, then by
  /// name (whom to ask a server about).
  public func names(of matches: ArtistMatches) -> [String] {
    let byItems = { (artists: [Int32]) in
      artists.map(Int.init)
        .sorted { left, right in
          let (a, b) = (
            self.positionsOfArtist.count(of: left), self.positionsOfArtist.count(of: right)
          )
          return a > b || (a == b && self.writtenNames[left] < self.writtenNames[right])
        }
        .map { self.writtenNames[$0] }
    }
    return byItems(matches.wordStart) + byItems(matches.inside)
  }

  // MARK: - Once a feed is read

  /// What the loading task prepares once a feed is read, outside the catalog's lock: the
  /// order brought up to every item and each item's place in it, the word starts merged into
  /// one run, and the items by artist laid out artist by artist.
  struct Preparation {
    var order: [Int32]
    /// Each item's place in `order`.
    var ranks: [Int32]
    var runs: [[WordStart]]
    var positions: ArtistPositions
  }

  /// The preparation for the index as it is, without changing it.
  func prepared() -> Preparation {
    let order = extendedOrder()
    var ranks = [Int32](repeating: 0, count: order.count)
    for (rank, position) in order.enumerated() { ranks[Int(position)] = Int32(rank) }
    return Preparation(
      order: order, ranks: ranks, runs: nameSearch.consolidatedRuns(),
      positions: positionsOfArtist.compacted())
  }

  /// Takes what `prepared()` made of this index, or of an earlier state of it: each part only
  /// if it still covers everything (nothing was added since).
  mutating func adopt(_ prepared: Preparation) {
    adopt(order: prepared.order)
    if order.count == count, prepared.ranks.count == count { ranks = prepared.ranks }
    nameSearch.adopt(runs: prepared.runs)
    if prepared.positions.size == positionsOfArtist.size { positionsOfArtist = prepared.positions }
  }
}

/// A search's answer: the items by the matching artists as a selection view, first-tier
/// artists' items first, newest first within a tier.
public struct ArtistAnswer: Sendable {
  public var items: ItemChunks
  /// The items' row kinds, when the index keeps them.
  public var rowKinds: [UInt8]?
  /// The first `leading` items are by artists matched at a word start.
  public var leading: Int
  /// The items are close matches: nothing matched exactly.
  public var isClose: Bool

  public init(
    items: ItemChunks = ItemChunks(), rowKinds: [UInt8]? = nil, leading: Int = 0,
    isClose: Bool = false
  ) {
    self.items = items
    self.rowKinds = rowKinds
    self.leading = leading
    self.isClose = isClose
  }
}

/// A string compared and hashed as its UTF-8 bytes.
struct NameBytes: Hashable, Sendable {
  let text: String

  init(_ text: String) { self.text = text }

  static func == (left: NameBytes, right: NameBytes) -> Bool {
    left.text.utf8.elementsEqual(right.text.utf8)
  }

  func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
