import FeedCore
import FeedModel
import Foundation

/// One feed's items by artist, grown batch by batch as the feed is parsed, so that a search
/// costs O(distinct artists + matching items), not O(items).
///
/// Each distinct spelling of a name is folded once (`ArtistMatch.normalized`); each folded
/// name keeps its items' positions in document order. A query is compared with the folded
/// names only (a feed has far fewer artists than items), and the matching artists' positions
/// are merged, de-duplicated by `ItemID` (the first in document order wins) and ordered
/// newest first, undated after in document order: the same answer as checking every item.
public struct ArtistIndex: Sendable {
  /// The items, as the batches they came in.
  public private(set) var items = ItemChunks()
  /// Names as written, by their bytes: a `String` key of other than ASCII is hashed through
  /// its normal form, which costs far more than its bytes (docs/adr/0151). Names that differ
  /// only in their form meet again in `artistOfFolded`.
  private var artistOfName: [NameBytes: Int32] = [:]
  private var artistOfFolded: [String: Int32] = [:]
  /// Folded names by artist number, and each artist's item positions, ascending.
  private var foldedNames: [String] = []
  /// Each artist's name as first written, by artist number (what a server is asked for).
  private var writtenNames: [String] = []
  private var positionsOfArtist: [[Int32]] = []
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
  public var artistCount: Int { foldedNames.count }

  // MARK: - Growing

  /// Adds the next items of the feed (in document order). O(batch) amortised.
  public mutating func add(_ batch: [FeedItem]) {
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
        if positionsOfArtist[artist].last != position {
          positionsOfArtist[artist].append(position)
        }
      }
    }
  }

  /// The artist number of a name as written, folding each distinct spelling once.
  private mutating func artist(named name: String) -> Int32 {
    if let known = artistOfName[NameBytes(name)] { return known }
    let folded = ArtistMatch.normalized(name)
    let artist: Int32
    if let known = artistOfFolded[folded] {
      artist = known
    } else {
      artist = Int32(foldedNames.count)
      foldedNames.append(folded)
      writtenNames.append(ArtistMatch.trimmed(name))
      positionsOfArtist.append([])
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

  /// Items by artists whose folded name contains the folded query; see `ArtistMatch.search`.
  public mutating func search(_ query: String) -> [FeedItem] {
    positions(matching: ArtistMatch.normalized(query)).map { items[Int($0)] }
  }

  /// The answer to a normalized query as a selection view of `items` (no item copied), with
  /// the items' row kinds when the index keeps them. The same items as `search`.
  public mutating func answer(matching folded: String) -> (items: ItemChunks, rowKinds: [UInt8]?) {
    answer(ofArtists: artists(matching: folded))
  }

  /// The items by any of `artists` as a selection view, with their row kinds if kept.
  mutating func answer(ofArtists artists: [Int]) -> (items: ItemChunks, rowKinds: [UInt8]?) {
    let found = positions(ofArtists: artists)
    let kinds = rowKind == nil ? nil : found.map { rowKinds[Int($0)] }
    return (ItemChunks(selecting: found, of: items), kinds)
  }

  /// The names, as first written, of the artists whose folded name contains `folded`
  /// (already normalized), most items first (then by name): whom to ask a server about.
  public func names(matching folded: String) -> [String] {
    artists(matching: folded)
      .sorted { left, right in
        let (a, b) = (positionsOfArtist[left].count, positionsOfArtist[right].count)
        return a > b || (a == b && writtenNames[left] < writtenNames[right])
      }
      .map { writtenNames[$0] }
  }

  /// The folded names containing `folded` (already normalized), by artist number.
  func artists(matching folded: String) -> [Int] {
    guard !folded.isEmpty else { return [] }
    return foldedNames.indices.filter { foldedNames[$0].contains(folded) }
  }

  /// Positions of the items matching a normalized query, de-duplicated, newest first.
  mutating func positions(matching folded: String) -> [Int32] {
    positions(ofArtists: artists(matching: folded))
  }

  /// Positions of the items by any of `artists`, de-duplicated, newest first.
  mutating func positions(ofArtists artists: [Int]) -> [Int32] {
    let lists = artists.map { positionsOfArtist[$0] }
    if lists.reduce(0, { $0 + $1.count }) * 16 >= count { return broad(lists) }
    return newestFirst(deduplicated(union(of: lists)))
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
