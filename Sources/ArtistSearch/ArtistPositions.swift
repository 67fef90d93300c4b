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
    link(position, to: artist)
    counts[artist] += 1
  }

  /// Chains `position` after `artist`'s last link.
  private mutating func link(_ position: Int32, to artist: Int) {
    let tail = Int(last[artist])
    let link = Int32(positions.count)
    positions.append(position)
    next.append(-1)
    if tail >= 0 { next[tail] = link } else { second[artist] = link }
    last[artist] = link
  }

  /// The same positions with the links laid out artist by artist: links are made in document
  /// order, so an artist's second item links far from its first; walking many artists in
  /// order then chases them across memory. Made once a feed is read (`ArtistIndex.prepared`).
  func compacted() -> ArtistPositions {
    var result = ArtistPositions()
    result.first = first
    result.counts = counts
    result.second = [Int32](repeating: -1, count: first.count)
    result.last = result.second
    result.positions.reserveCapacity(positions.count)
    result.next.reserveCapacity(next.count)
    for artist in counts.indices where counts[artist] > 1 {
      var link = Int(second[artist])
      while link >= 0 {
        result.link(positions[link], to: artist)
        link = Int(next[link])
      }
    }
    return result
  }

  /// The number of artists, and of positions after their first.
  var size: (artists: Int, links: Int) { (first.count, positions.count) }

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
