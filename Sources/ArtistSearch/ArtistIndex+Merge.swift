/// Merging the matching artists' items: union, de-duplication and order, each in O(matching
/// items), or with bitmaps over all items (1 bit each) when the matches are a large share.
extension ArtistIndex {
  /// The items by the artists of `tiers` (best tier first): each item once (the first in
  /// document order of those with its `ItemID`), in the best tier of its artists, newest
  /// first within a tier. Returns the positions and how many are in the first tier.
  mutating func positions(ofTiers tiers: [[Int32]]) -> (positions: [Int32], leading: Int) {
    let counts = tiers.map { $0.reduce(0) { $0 + positionsOfArtist[Int($1)].count } }
    let total = counts.reduce(0, +)
    if total * 16 >= count { return broad(tiers) }
    var all: [Int32] = []
    all.reserveCapacity(total)
    for artist in tiers.joined() { all += positionsOfArtist[Int(artist)] }
    all.sort()
    let found = newestFirst(deduplicated(Self.unique(all)))
    guard let first = tiers.first, tiers.count > 1, counts[0] > 0, counts[0] < total else {
      return (found, counts.first ?? 0 > 0 ? found.count : 0)
    }
    var ahead = Set<Int32>(minimumCapacity: counts[0])
    for artist in first { ahead.formUnion(positionsOfArtist[Int(artist)]) }
    let leading = found.filter { ahead.contains($0) }
    return (leading + found.filter { !ahead.contains($0) }, leading.count)
  }

  /// The answer for a large share of the items in bitmaps: the tiers' positions marked, the
  /// later items of each shared `ItemID` unmarked (only items in `duplicates` can be), and
  /// `order` walked once. The same as `positions(ofTiers:)`'s other path.
  mutating func broad(_ tiers: [[Int32]]) -> (positions: [Int32], leading: Int) {
    extendOrder()
    var bits = Bitmap(count: count)
    var ahead = Bitmap(count: tiers.count > 1 ? count : 0)
    for (tier, artists) in tiers.enumerated() {
      for artist in artists {
        for position in positionsOfArtist[Int(artist)] {
          bits.insert(Int(position))
          if tier == 0, tiers.count > 1 { ahead.insert(Int(position)) }
        }
      }
    }
    var seen = Set<Int32>()
    for position in duplicates.sorted() where bits.contains(Int(position)) {
      if !seen.insert(leaders[Int(position)]).inserted { bits.remove(Int(position)) }
    }
    let firstTier = tiers.first?.isEmpty == false
    guard tiers.count > 1, firstTier, tiers.dropFirst().contains(where: { !$0.isEmpty }) else {
      let found = bits.memberCount == count ? order : order.filter { bits.contains(Int($0)) }
      return (found, firstTier ? found.count : 0)
    }
    var (leading, rest): ([Int32], [Int32]) = ([], [])
    for position in order where bits.contains(Int(position)) {
      if ahead.contains(Int(position)) { leading.append(position) } else { rest.append(position) }
    }
    return (leading + rest, leading.count)
  }

  /// `ascending` without repeats.
  static func unique(_ ascending: [Int32]) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(ascending.count)
    for position in ascending where position != result.last { result.append(position) }
    return result
  }

  /// Drops every item whose `ItemID` an earlier item of `ascending` has.
  func deduplicated(_ ascending: [Int32]) -> [Int32] {
    var seen = Set<Int32>()
    return ascending.filter { position in
      let leader = leaders[Int(position)]
      return leader < 0 || seen.insert(leader).inserted
    }
  }

  /// Orders positions newest first, undated after, ties in document order.
  mutating func newestFirst(_ positions: [Int32]) -> [Int32] {
    if positions.count * 16 < count {
      return positions.sorted(by: isBefore)
    }
    extendOrder()
    var bits = Bitmap(count: count)
    for position in positions { bits.insert(Int(position)) }
    return order.filter { bits.contains(Int($0)) }
  }

  /// True when item `a` is listed before item `b`.
  func isBefore(_ a: Int32, _ b: Int32) -> Bool {
    let (x, y) = (dates[Int(a)], dates[Int(b)])
    return x != y ? x > y : a < b
  }

  /// Brings `order` up to every item: sorts the items added since and merges them in.
  mutating func extendOrder() {
    order = extendedOrder()
  }

  /// `order` brought up to every item, without changing the index: the loading task computes
  /// it outside the cache's lock, then hands it over with `adopt(order:)`.
  public func extendedOrder() -> [Int32] {
    let known = order.count
    guard known < count else { return order }
    let added = (Int32(known)..<Int32(count)).sorted(by: isBefore)
    var merged: [Int32] = []
    merged.reserveCapacity(count)
    var (i, j) = (0, 0)
    while i < order.count, j < added.count {
      if isBefore(added[j], order[i]) {
        merged.append(added[j])
        j += 1
      } else {
        merged.append(order[i])
        i += 1
      }
    }
    merged += order[i...]
    merged += added[j...]
    return merged
  }

  /// Takes an order computed by `extendedOrder()` of this index or an earlier state of it
  /// (items are only ever added), if it covers more items than `order` does.
  public mutating func adopt(order newer: [Int32]) {
    guard newer.count > order.count, newer.count <= count else { return }
    order = newer
  }
}

/// A set of positions `0..<count`, one bit each.
struct Bitmap {
  private var words: [UInt64]

  init(count: Int) {
    words = [UInt64](repeating: 0, count: (count + 63) / 64)
  }

  mutating func insert(_ position: Int) {
    words[position >> 6] |= 1 << UInt64(position & 63)
  }

  mutating func remove(_ position: Int) {
    words[position >> 6] &= ~(1 << UInt64(position & 63))
  }

  /// The number of members.
  var memberCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

  func contains(_ position: Int) -> Bool {
    words[position >> 6] & (1 << UInt64(position & 63)) != 0
  }

  /// The members, ascending.
  func members() -> [Int32] {
    var result: [Int32] = []
    for (index, word) in words.enumerated() where word != 0 {
      var rest = word
      while rest != 0 {
        result.append(Int32(index * 64 + rest.trailingZeroBitCount))
        rest &= rest - 1
      }
    }
    return result
  }
}
