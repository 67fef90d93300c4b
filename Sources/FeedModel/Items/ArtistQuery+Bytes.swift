/// The exact rule on a name's bytes: what `tier(of:)` decides, without a slice or a closure,
/// so the index can ask it of thousands of candidates a key inside one borrow of its storage.
extension ArtistQuery {
  /// How the name whose words joined are `name`, ending at `ends`, matches, or nil.
  public func tier(joined name: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<UInt16>)
    -> Tier?
  {
    guard !isEmpty else { return nil }
    return joined.withUnsafeBufferPointer { query in
      if Self.startsAtWord(query, in: name, ends: ends) { return .wordStart }
      if wordEnds.count > 1 {
        let distinct = wordEnds.withUnsafeBufferPointer { queryEnds in
          Self.startDistinctWords(query, queryEnds, in: name, ends: ends)
        }
        if distinct { return .wordStart }
      }
      return Self.contains(name, query) ? .inside : nil
    }
  }

  /// Whether `name[at...]` starts with `prefix[from..<from + count]`.
  @inline(__always)
  static func equal(
    _ name: UnsafeBufferPointer<UInt8>, at: Int, _ prefix: UnsafeBufferPointer<UInt8>,
    from: Int, count: Int
  ) -> Bool {
    guard name.count - at >= count else { return false }
    var offset = 0
    while offset < count {
      if name[at + offset] != prefix[from + offset] { return false }
      offset += 1
    }
    return true
  }

  /// The joined query starts where a word of the name starts.
  static func startsAtWord(
    _ query: UnsafeBufferPointer<UInt8>, in name: UnsafeBufferPointer<UInt8>,
    ends: UnsafeBufferPointer<UInt16>
  ) -> Bool {
    var start = 0
    for end in ends {
      if equal(name, at: start, query, from: 0, count: query.count) { return true }
      start = Int(end)
    }
    return false
  }

  /// Query words `position...` (ending at `queryEnds`) each start a different word of the
  /// name not in `used` (a bit per word; words past the 64th are not considered).
  static func startDistinctWords(
    _ query: UnsafeBufferPointer<UInt8>, _ queryEnds: UnsafeBufferPointer<Int>,
    in name: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<UInt16>, position: Int = 0,
    used: UInt64 = 0
  ) -> Bool {
    guard position < queryEnds.count else { return true }
    let from = position == 0 ? 0 : queryEnds[position - 1]
    let count = queryEnds[position] - from
    var start = 0
    for index in 0..<min(ends.count, 64) {
      let end = Int(ends[index])
      defer { start = end }
      let bit = UInt64(1) << UInt64(index)
      guard used & bit == 0, end - start >= count,
        equal(name, at: start, query, from: from, count: count)
      else { continue }
      let rest = startDistinctWords(
        query, queryEnds, in: name, ends: ends, position: position + 1, used: used | bit)
      if rest { return true }
    }
    return false
  }

  /// Whether `needle` occurs in `text`, byte for byte.
  public static func contains(
    _ text: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>
  )
    -> Bool
  {
    guard let first = needle.first else { return true }
    guard text.count >= needle.count else { return false }
    for start in 0...(text.count - needle.count)
    where text[start] == first && equal(text, at: start, needle, from: 0, count: needle.count) {
      return true
    }
    return false
  }
}
