/// Each artist's item positions, ascending, in flat arrays: the first position inline by
/// artist, the others as links chained from it.
///
/// An array per artist costs a heap object each (about 50 bytes, and a retain whenever it is
/// read). Here an artist costs 16 bytes and each further item 8; reading the artists of a
/// broad answer in ascending order reads `first` in order, and touches the links only for
/// artists with more than one item (none at all on a feed of an artist per item).
struct ArtistPositions: Sendable {
  /// Per artist: its first item's position, its second item's link (-1: none), its last
  /// link (-1: none after the first), and how many items it has.
  private var first: [Int32] = []
  private var second: [Int32] = []
  private var last: [Int32] = []
  private var counts: [Int32] = []
  /// Per link: the item position, and the next link of the same artist (-1 after its last).
  private var positions: [Int32] = []
  private var next: [Int32] = []

  /// Adds an artist with no items yet (the next artist number).
  mutating func addArtist() {
    first.append(-1)
    second.append(-1)
    last.append(-1)
    counts.append(0)
  }

  /// Adds `position` to `artist`'s items, unless it is already its last.
  mutating func append(_ position: Int32, to artist: Int) {
    let tail = Int(last[artist])
    guard counts[artist] > 0 else {
      first[artist] = position
      counts[artist] = 1
      return
    }
    if (tail >= 0 ? positions[tail] : first[artist]) == position { return }
    let link = Int32(positions.count)
    positions.append(position)
    next.append(-1)
    if tail >= 0 { next[tail] = link } else { second[artist] = link }
    last[artist] = link
    counts[artist] += 1
  }

  /// How many items `artist` has.
  func count(of artist: Int) -> Int { Int(counts[artist]) }

  /// Calls `body` with each of `artist`'s item positions, ascending.
  @inline(__always)
  func forEach(of artist: Int, _ body: (Int32) -> Void) {
    body(first[artist])
    var link = Int(second[artist])
    while link >= 0 {
      body(positions[link])
      link = Int(next[link])
    }
  }
}
