import FeedModel

/// The artists' names, searchable in time that follows the names a query matches, not the
/// number of names.
///
/// Each artist's name is read once as words (`ArtistWords` of its first spelling) and kept in
/// three forms:
/// - the words joined, end to end in `bytes` (`starts` per artist), with each name's word
///   ends (`wordEnds`): what the rule (`ArtistQuery`) reads to confirm a candidate;
/// - every suffix of a joined name that starts at a word, sorted (`runs`, see
///   `NameSearch+WordStarts`): a binary search finds the names with a word, or the words
///   joined from one, starting with given bytes;
/// - for every byte position of a joined name the three bytes from there (padded with 0xFF),
///   each with the artists that have it, ascending (`grams`): the query's rarest trigram
///   narrows the names that can contain it.
///
/// A query's candidates come from these, and the rule decides on each; the candidates are
/// about the matches, so a key costs about what it finds (`ArtistMatches.work` counts).
struct NameSearch: Sendable {
  /// The joined words of every name, end to end.
  private(set) var bytes: [UInt8] = []
  /// Artist `a`'s joined words are `bytes[starts[a]..<starts[a + 1]]`.
  private(set) var starts: [UInt32] = [0]
  /// Each name's word ends (offsets in its joined words); artist `a`'s are
  /// `wordEnds[wordEndStarts[a]..<wordEndStarts[a + 1]]`.
  private(set) var wordEnds: [UInt16] = []
  private(set) var wordEndStarts: [UInt32] = [0]
  /// The word starts, as sorted runs (`NameSearch+WordStarts`).
  var runs: [[WordStart]] = []
  /// Word starts of names added since the last run was made.
  private var pending: [WordStart] = []
  /// Trigram postings: the artists whose joined words have the gram, ascending.
  private var grams: [UInt32: [Int32]] = [:]
  /// The grams known, by their first two bytes (for queries of one or two bytes).
  private var gramsByLead: [UInt16: [UInt32]] = [:]

  /// The number of names.
  var count: Int { starts.count - 1 }

  /// Adds the next artist's name (artist number `count`).
  mutating func add(_ words: ArtistWords) {
    let artist = Int32(count)
    let base = bytes.count
    bytes += words.joined
    starts.append(UInt32(bytes.count))
    wordEnds += words.ends
    wordEndStarts.append(UInt32(wordEnds.count))
    var start = 0
    for end in words.ends {
      pending.append(
        WordStart(
          key: Self.key(bytes, from: base + start, to: bytes.count), position: UInt32(base + start),
          artist: artist))
      start = Int(end)
    }
    addGrams(of: words.joined, artist: artist)
  }

  /// Sorts the word starts of the names added since the last call into the runs.
  mutating func endBatch() {
    guard !pending.isEmpty else { return }
    let (bytes, starts) = (self.bytes, self.starts)
    pending.sort { Self.precedes($0, $1, bytes: bytes, starts: starts) }
    runs.append(pending)
    pending = []
    // Runs at most halve in size from first to last: O(log names) of them, each word start
    // merged O(log names) times.
    while runs.count >= 2, runs[runs.count - 2].count <= runs[runs.count - 1].count {
      let last = runs.removeLast()
      let before = runs.removeLast()
      runs.append(Self.merged(before, last, bytes: bytes, starts: starts))
    }
  }

  // MARK: - Grams

  /// The gram of three bytes (0xFF, never in UTF-8, past the end).
  static func gram(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> UInt32 {
    UInt32(first) << 16 | UInt32(second) << 8 | UInt32(third)
  }

  private mutating func addGrams(of joined: [UInt8], artist: Int32) {
    var keys: [UInt32] = []
    keys.reserveCapacity(joined.count)
    for index in joined.indices {
      let second = index + 1 < joined.count ? joined[index + 1] : 0xFF
      let third = index + 2 < joined.count ? joined[index + 2] : 0xFF
      keys.append(Self.gram(joined[index], second, third))
    }
    keys.sort()
    var last: UInt32?
    for key in keys where key != last {
      last = key
      let known = grams.count
      grams[key, default: []].append(artist)
      if grams.count != known { gramsByLead[UInt16(key >> 8), default: []].append(key) }
    }
  }

  /// The artists whose joined words contain `text` may be among these: for three bytes or
  /// more, the postings of its rarest trigram (nil when a trigram is nowhere: no name has
  /// it); for one or two, nil (see `containing(short:)`).
  func rarestGram(of text: [UInt8], work: inout Int) -> [Int32]? {
    guard text.count >= 3 else { return nil }
    var rarest: [Int32]?
    for index in 0...(text.count - 3) {
      work += 1
      guard let postings = grams[Self.gram(text[index], text[index + 1], text[index + 2])] else {
        return []
      }
      if postings.count < rarest?.count ?? .max { rarest = postings }
    }
    return rarest
  }

  /// The artists whose joined words contain `text` of one to three bytes, exactly: the union
  /// of the postings of the grams that start with it.
  func containing(short text: [UInt8], work: inout Int) -> [Int32] {
    Self.union(postings(startingWith: text, work: &work), count: count)
  }

  /// The postings of the grams that start with `text` of one to three bytes.
  func postings(startingWith text: [UInt8], work: inout Int) -> [[Int32]] {
    if text.count == 3 {
      work += 1
      return grams[Self.gram(text[0], text[1], text[2])].map { [$0] } ?? []
    }
    var keys: [UInt32] = []
    if text.count == 2 {
      keys = gramsByLead[UInt16(text[0]) << 8 | UInt16(text[1])] ?? []
    } else if let first = text.first {
      for second in UInt16(0)...0xFF {
        keys += gramsByLead[UInt16(first) << 8 | second] ?? []
      }
    }
    var lists: [[Int32]] = []
    for key in keys {
      if let postings = grams[key] { lists.append(postings) }
    }
    work += keys.count + lists.reduce(0) { $0 + $1.count }
    return lists
  }

  // MARK: - Sets of artists

  /// From one artist in this many on, a set of artists is made with a bitmap of them all
  /// (zeroed and read a word of 64 at a time) instead of sorting.
  static let bitmapShare = 64

  /// The artists in any of `lists`, ascending, each once: sorted when few, else through a
  /// bitmap of the artists.
  static func union(_ lists: [[Int32]], count: Int) -> [Int32] {
    if lists.count == 1 { return lists[0] }
    let total = lists.reduce(0) { $0 + $1.count }
    if total * bitmapShare < count {
      var all = Array(lists.joined())
      all.sort()
      return unique(all)
    }
    var bits = Bitmap(count: count)
    for list in lists {
      for artist in list { bits.insert(Int(artist)) }
    }
    return bits.members()
  }

  /// `sorted` without repeats.
  static func unique(_ sorted: [Int32]) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(sorted.count)
    for artist in sorted where artist != result.last { result.append(artist) }
    return result
  }

  /// The artists of `sorted` that are not in `removed` (both ascending).
  static func subtracting(_ removed: [Int32], from sorted: [Int32]) -> [Int32] {
    guard !removed.isEmpty else { return sorted }
    var result: [Int32] = []
    result.reserveCapacity(sorted.count)
    var next = 0
    for artist in sorted {
      while next < removed.count, removed[next] < artist { next += 1 }
      if next == removed.count || removed[next] != artist { result.append(artist) }
    }
    return result
  }
}
