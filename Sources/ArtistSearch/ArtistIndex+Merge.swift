/// Merging the matching artists' items: union, de-duplication and order, each in O(matching
/// items), or with bitmaps over all items (1 bit each) when the matches are a large share.
extension ArtistIndex {
  /// While a feed is read (no `ranks` yet), from one item in this many on an answer is
  /// gathered by walking `order` with marks (O(items), sequential) instead of sorting its
  /// positions by date (O(k log k), each comparison two random reads of `dates`): at a
  /// million items the walk costs about what sorting 8,000 positions does.
  static let broadShare = 128
  /// Once it is read, from one item in this many on; below, the positions are sorted by their
  /// tier and place in `order` as plain integers (`ranked`): at a million items that is about
  /// 1 ms faster for 14k items, and as fast at 40k.
  static let walkShare = 32

  /// The items by the artists of `tiers` (best tier first): each item once (the first in
  /// document order of those with its `ItemID`), in the best tier of its artists, newest
  /// first within a tier. Returns the positions and how many are in the first tier.
  mutating func positions(ofTiers tiers: [[Int32]]) -> (positions: [Int32], leading: Int) {
    let isRead = ranks.count == count
    let share = isRead ? Self.walkShare : Self.broadShare
    // Every artist has an item: as many artists as the share of items is broad at once.
    if tiers.reduce(0, { $0 + $1.count }) * share >= count { return broad(tiers) }
    let counts = tiers.map { $0.reduce(0) { $0 + positionsOfArtist.count(of: Int($1)) } }
    let total = counts.reduce(0, +)
    if total * share >= count { return broad(tiers) }
    if isRead { return ranked(tiers, total: total) }
    var all: [Int32] = []
    all.reserveCapacity(total)
    for artist in tiers.joined() { positionsOfArtist.forEach(of: Int(artist)) { all.append($0) } }
    all.sort()
    let found = newestFirst(deduplicated(Self.unique(all)))
    guard let first = tiers.first, tiers.count > 1, counts[0] > 0, counts[0] < total else {
      return (found, counts.first ?? 0 > 0 ? found.count : 0)
    }
    var ahead = Set<Int32>(minimumCapacity: counts[0])
    for artist in first { positionsOfArtist.forEach(of: Int(artist)) { ahead.insert($0) } }
    let leading = found.filter { ahead.contains($0) }
    return (leading + found.filter { !ahead.contains($0) }, leading.count)
  }

  /// The answer for a smaller share of a feed that is read: the tiers' positions marked as
  /// for `broad`, then sorted as integers by tier and place in `order` (`ranks`), O(k log k)
  /// with no date read, and read back through `order`. The same as `broad`.
  private func ranked(_ tiers: [[Int32]], total: Int) -> (positions: [Int32], leading: Int) {
    var marks = TierMarks(count: count)
    var found: [Int32] = []
    found.reserveCapacity(total)
    for (tier, artists) in tiers.enumerated() {
      for artist in artists {
        positionsOfArtist.forEach(of: Int(artist)) { position in
          if marks.tier(of: Int(position)) == nil { found.append(position) }
          marks.mark(Int(position), first: tier == 0)
        }
      }
    }
    unmarkLaterDuplicates(&marks)
    var keys: [UInt64] = []
    keys.reserveCapacity(found.count)
    var leading = 0
    for position in found {
      guard let first = marks.tier(of: Int(position)) else { continue }
      if first { leading += 1 }
      keys.append(UInt64(first ? 0 : 1) << 32 | UInt64(UInt32(ranks[Int(position)])))
    }
    keys.sort()
    return (keys.map { order[Int($0 & 0xFFFF_FFFF)] }, leading)
  }

  /// Unmarks every marked item whose `ItemID` an earlier marked item has (only items in
  /// `duplicates` can be such).
  private func unmarkLaterDuplicates(_ marks: inout TierMarks) {
    var seen = Set<Int32>()
    for position in duplicates.sorted() where marks.tier(of: Int(position)) != nil {
      if !seen.insert(leaders[Int(position)]).inserted { marks.unmark(Int(position)) }
    }
  }

  /// The answer for a large share of the items, from marks: the tiers' positions marked
  /// (with whether a first-tier artist has them), the later items of each shared `ItemID`
  /// unmarked (only items in `duplicates` can be), and `order` walked once, first-tier items
  /// written from the front of the answer and the others after them. The same as
  /// `positions(ofTiers:)`'s other path.
  mutating func broad(_ tiers: [[Int32]]) -> (positions: [Int32], leading: Int) {
    extendOrder()
    var marks = TierMarks(count: count)
    for (tier, artists) in tiers.enumerated() {
      for artist in artists {
        positionsOfArtist.forEach(of: Int(artist)) { marks.mark(Int($0), first: tier == 0) }
      }
    }
    unmarkLaterDuplicates(&marks)
    let (found, leading) = marks.counts
    if found == count, leading == 0 || leading == count { return (order, leading) }
    // Without branches (a quarter to all of a million items are taken, at random): every
    // position is written, to its tier's next place or to a spare place past the answer.
    let positions = [Int32](unsafeUninitializedCapacity: found + 1) { buffer, initialized in
      var (front, back) = (0, leading)
      for position in order {
        let (marked, first) = marks.bits(of: Int(position))
        let second = marked & (first ^ 1)
        buffer[marked & first != 0 ? front : second != 0 ? back : found] = position
        front &+= Int(marked & first)
        back &+= Int(second)
      }
      initialized = found
    }
    return (positions, leading)
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

  func contains(_ position: Int) -> Bool {
    words[position >> 6] & (1 << UInt64(position & 63)) != 0
  }

  /// The members not in `other` (of the same count).
  func subtracting(_ other: Bitmap) -> Bitmap {
    var result = self
    for index in result.words.indices { result.words[index] &= ~other.words[index] }
    return result
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

/// Two bits per position, `0..<count`: marked, and marked by a first-tier artist. The two
/// words of 64 positions sit side by side, so reading both is one cache line.
struct TierMarks {
  private var words: [UInt64]

  init(count: Int) {
    words = [UInt64](repeating: 0, count: 2 * ((count + 63) / 64))
  }

  mutating func mark(_ position: Int, first: Bool) {
    let (word, bit) = (2 * (position >> 6), UInt64(1) << UInt64(position & 63))
    words[word] |= bit
    if first { words[word + 1] |= bit }
  }

  mutating func unmark(_ position: Int) {
    let (word, bit) = (2 * (position >> 6), UInt64(1) << UInt64(position & 63))
    words[word] &= ~bit
    words[word + 1] &= ~bit
  }

  /// Nil when unmarked, else whether a first-tier artist marked it.
  @inline(__always)
  func tier(of position: Int) -> Bool? {
    let (word, bit) = (2 * (position >> 6), UInt64(1) << UInt64(position & 63))
    guard words[word] & bit != 0 else { return nil }
    return words[word + 1] & bit != 0
  }

  /// Whether the position is marked, and whether a first-tier artist marked it, as 0 or 1.
  @inline(__always)
  func bits(of position: Int) -> (marked: UInt64, first: UInt64) {
    let (word, shift) = (2 * (position >> 6), UInt64(position & 63))
    return ((words[word] >> shift) & 1, (words[word + 1] >> shift) & 1)
  }

  /// The marked positions, and those of them a first-tier artist marked.
  var counts: (marked: Int, first: Int) {
    var (marked, first) = (0, 0)
    for index in stride(from: 0, to: words.count, by: 2) {
      marked += words[index].nonzeroBitCount
      first += (words[index] & words[index + 1]).nonzeroBitCount
    }
    return (marked, first)
  }
}
