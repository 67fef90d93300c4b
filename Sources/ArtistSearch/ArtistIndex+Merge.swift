/// Merging the matching artists' items: union, de-duplication and order, each in O(matching
/// items), or with a bitmap over all items (1 bit each) when the matches are a large share.
extension ArtistIndex {
  /// The positions in any of `lists` (each ascending), ascending, each once.
  func union(of lists: [[Int32]]) -> [Int32] {
    if lists.count <= 1 { return lists.first ?? [] }
    let total = lists.reduce(0) { $0 + $1.count }
    if total * 32 < count {
      return Array(Set(lists.joined())).sorted()
    }
    var bits = Bitmap(count: count)
    for list in lists {
      for position in list { bits.insert(Int(position)) }
    }
    return bits.members()
  }

  /// The answer for a large share of the items in one bitmap: the lists' positions marked,
  /// the later items of each shared `ItemID` unmarked (only items in `duplicates` can be),
  /// and `order` walked once. The same as `newestFirst(deduplicated(union(of: lists)))`.
  mutating func broad(_ lists: [[Int32]]) -> [Int32] {
    extendOrder()
    var bits = Bitmap(count: count)
    for list in lists {
      for position in list { bits.insert(Int(position)) }
    }
    var seen = Set<Int32>()
    for position in duplicates.sorted() where bits.contains(Int(position)) {
      if !seen.insert(leaders[Int(position)]).inserted { bits.remove(Int(position)) }
    }
    if bits.memberCount == count { return order }
    return order.filter { bits.contains(Int($0)) }
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
