/// A suffix of a name's joined words that starts where a word starts: "pixelheron" and
/// "heron" for PixelHeron. Sorted by its bytes, the suffixes starting with some bytes are one
/// range of a run.
struct WordStart: Sendable {
  /// The suffix's first eight bytes, big-endian, zero-padded (names hold no zero byte): most
  /// comparisons end here, without reading `bytes`.
  var key: UInt64
  /// Where the suffix starts in `NameSearch.bytes`; it ends where its artist's name ends.
  var position: UInt32
  var artist: Int32
}

/// Some entries of one run: those starting with the bytes looked up.
struct Span {
  var run: Int
  var range: Range<Int>
}

/// The word starts, kept as sorted runs: each batch of names makes a run, and a run merges
/// with the one before while it is as large, so there are O(log names) runs and adding a name
/// costs O(log names) moves. A lookup searches each run.
extension NameSearch {
  /// Bytes to look up, with their first eight as a key and a mask of how many there are.
  struct Probe {
    let bytes: [UInt8]
    let key: UInt64
    let mask: UInt64

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
      key = NameSearch.key(bytes, from: 0, to: bytes.count)
      mask = ~(UInt64.max >> UInt64(8 * min(bytes.count, 8)))
    }
  }

  /// The first eight bytes of `bytes[from..<end]`, big-endian, zero-padded.
  static func key(_ bytes: [UInt8], from start: Int, to end: Int) -> UInt64 {
    var key: UInt64 = 0
    for index in start..<(start + 8) {
      key = key << 8 | (index < end ? UInt64(bytes[index]) : 0)
    }
    return key
  }

  /// Whether word start `a` sorts before `b`: by their bytes, a prefix first, then by artist.
  static func precedes(_ a: WordStart, _ b: WordStart, bytes: [UInt8], starts: [UInt32]) -> Bool {
    if a.key != b.key { return a.key < b.key }
    var (i, j) = (Int(a.position) + 8, Int(b.position) + 8)
    let (endA, endB) = (Int(starts[Int(a.artist) + 1]), Int(starts[Int(b.artist) + 1]))
    while i < endA, j < endB {
      if bytes[i] != bytes[j] { return bytes[i] < bytes[j] }
      i += 1
      j += 1
    }
    let (restA, restB) = (max(0, endA - i), max(0, endB - j))
    if restA != restB { return restA < restB }
    return a.artist < b.artist
  }

  /// Two sorted runs as one.
  static func merged(_ a: [WordStart], _ b: [WordStart], bytes: [UInt8], starts: [UInt32])
    -> [WordStart]
  {
    var result: [WordStart] = []
    result.reserveCapacity(a.count + b.count)
    var (i, j) = (0, 0)
    while i < a.count, j < b.count {
      if precedes(b[j], a[i], bytes: bytes, starts: starts) {
        result.append(b[j])
        j += 1
      } else {
        result.append(a[i])
        i += 1
      }
    }
    result += a[i...]
    result += b[j...]
    return result
  }

  /// The runs merged into one, without changing the search: the loading task computes it
  /// outside the catalog's lock once a feed is read, then hands it over (`adopt(runs:)`).
  func consolidatedRuns() -> [[WordStart]] {
    var runs = self.runs
    while runs.count > 1 {
      let last = runs.removeLast()
      let before = runs.removeLast()
      runs.append(Self.merged(before, last, bytes: bytes, starts: starts))
    }
    return runs
  }

  /// Takes runs from `consolidatedRuns()` if they hold every word start there is.
  mutating func adopt(runs newer: [[WordStart]]) {
    let total = { (runs: [[WordStart]]) in runs.reduce(0) { $0 + $1.count } }
    guard newer.count < runs.count, total(newer) == total(runs) else { return }
    runs = newer
  }

  // MARK: - Looking up

  /// Where entry `entry` sorts against the entries starting with `probe`: < 0 before them,
  /// 0 among them, > 0 after.
  func order(_ entry: WordStart, _ probe: Probe) -> Int {
    let key = entry.key & probe.mask
    if key != probe.key { return key < probe.key ? -1 : 1 }
    guard probe.bytes.count > 8 else { return 0 }
    let end = Int(starts[Int(entry.artist) + 1])
    var at = Int(entry.position) + 8
    for byte in probe.bytes[8...] {
      // A suffix that ends first is a prefix of the probe: before it.
      guard at < end else { return -1 }
      if bytes[at] != byte { return bytes[at] < byte ? -1 : 1 }
      at += 1
    }
    return 0
  }

  /// The entries of run `run` within `within` that start with `probe`.
  func range(of probe: Probe, inRun run: Int, within: Range<Int>) -> Range<Int> {
    let entries = runs[run]
    var (low, high) = (within.lowerBound, within.upperBound)
    while low < high {
      let middle = (low + high) / 2
      if order(entries[middle], probe) < 0 { low = middle + 1 } else { high = middle }
    }
    let lower = low
    high = within.upperBound
    while low < high {
      let middle = (low + high) / 2
      if order(entries[middle], probe) <= 0 { low = middle + 1 } else { high = middle }
    }
    return lower..<low
  }

  /// The word starts beginning with `bytes`, in every run.
  func spans(startingWith bytes: [UInt8], work: inout Int) -> [Span] {
    let probe = Probe(bytes)
    var spans: [Span] = []
    for run in runs.indices {
      work += 1
      let range = range(of: probe, inRun: run, within: runs[run].indices)
      if !range.isEmpty { spans.append(Span(run: run, range: range)) }
    }
    return spans
  }

  /// The artists of `spans`, ascending, each once: sorted when few, else through a bitmap.
  func artists(of spans: [Span], work: inout Int) -> [Int32] {
    let total = Self.size(spans)
    work += total
    if total * Self.bitmapShare >= count {
      var bits = Bitmap(count: count)
      for span in spans {
        for entry in runs[span.run][span.range] { bits.insert(Int(entry.artist)) }
      }
      return bits.members()
    }
    var all: [Int32] = []
    all.reserveCapacity(total)
    for span in spans { all += runs[span.run][span.range].lazy.map(\.artist) }
    all.sort()
    return Self.unique(all)
  }

  /// The number of entries in `spans`.
  static func size(_ spans: [Span]) -> Int { spans.reduce(0) { $0 + $1.range.count } }
}
