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
    let known = order.count
    guard known < count else { return }
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
    order = merged
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
