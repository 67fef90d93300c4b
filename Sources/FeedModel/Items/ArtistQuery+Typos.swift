/// One typo: the names a query finds when it matches none exactly.
extension ArtistQuery {
  /// True when one edit of the query (a character inserted, deleted or replaced, or two
  /// neighbours swapped) matches the name in the first tier: the joined query within one
  /// edit of the name's words joined from a word's start ("pixleheron"), or, for a query of
  /// several words, one word within one edit of the start of a name word and the others
  /// starting other words ("heorn pixel"; a one-character word may be deleted whole). Also
  /// true for a first-tier match; the search asks only when there is none.
  public func isClose(to name: NameText) -> Bool {
    name.joined.withUnsafeBufferPointer { joined in
      name.ends.withUnsafeBufferPointer { isClose(joined: joined, ends: $0) }
    }
  }

  /// `isClose(to:)` on a name's storage: `name` its words joined, `ends` its word ends.
  public func isClose(joined name: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<UInt16>)
    -> Bool
  {
    guard !isEmpty else { return false }
    return joined.withUnsafeBufferPointer { query in
      var start = 0
      for end in ends {
        let suffix = UnsafeBufferPointer(rebasing: name[start...])
        if Self.withinOneEdit(query, ofPrefixOf: suffix) { return true }
        start = Int(end)
      }
      guard wordEnds.count > 1 else { return false }
      return wordEnds.withUnsafeBufferPointer { queryEnds in
        queryEnds.indices.contains { edited in
          let from = edited == 0 ? 0 : queryEnds[edited - 1]
          let single = queryEnds[edited] - from == Self.scalarLength(query[from])
          let words = QueryWords(bytes: query, ends: queryEnds, edited: edited)
          return (single && words.fit(in: name, ends: ends, skipping: true))
            || words.fit(in: name, ends: ends, skipping: false)
        }
      }
    }
  }

  /// The query's words for one edited word: each must start a different word of the name,
  /// the edited one within one edit (or, `skipping`, not at all).
  private struct QueryWords {
    let bytes: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<Int>
    let edited: Int

    /// Whether words `position...` fit different words of the name not in `used`.
    func fit(
      in name: UnsafeBufferPointer<UInt8>, ends nameEnds: UnsafeBufferPointer<UInt16>,
      skipping: Bool, position: Int = 0, used: UInt64 = 0
    ) -> Bool {
      guard position < ends.count else { return true }
      if skipping, position == edited {
        return fit(in: name, ends: nameEnds, skipping: true, position: position + 1, used: used)
      }
      let from = position == 0 ? 0 : ends[position - 1]
      let word = UnsafeBufferPointer(rebasing: bytes[from..<ends[position]])
      var start = 0
      for index in 0..<min(nameEnds.count, 64) {
        let end = Int(nameEnds[index])
        defer { start = end }
        let bit = UInt64(1) << UInt64(index)
        guard used & bit == 0 else { continue }
        let nameWord = UnsafeBufferPointer(rebasing: name[start..<end])
        let fits =
          position == edited && !skipping
          ? ArtistQuery.withinOneEdit(word, ofPrefixOf: nameWord)
          : ArtistQuery.equal(nameWord, at: 0, word, from: 0, count: word.count)
        guard fits else { continue }
        let rest = fit(
          in: name, ends: nameEnds, skipping: skipping, position: position + 1, used: used | bit)
        if rest { return true }
      }
      return false
    }
  }

  /// Whether one edit or none makes `query` a prefix of `text` (both UTF-8, edits of whole
  /// characters). It is enough to try each edit where `query` and `text` first differ: an
  /// edit earlier that works makes the same string as one there (a run of equal characters),
  /// or is no edit at all; the index's enumeration of edits rests on the same fact.
  public static func withinOneEdit(_ query: ArraySlice<UInt8>, ofPrefixOf text: ArraySlice<UInt8>)
    -> Bool
  {
    query.withUnsafeBufferPointer { query in
      text.withUnsafeBufferPointer { withinOneEdit(query, ofPrefixOf: $0) }
    }
  }

  /// `withinOneEdit(_:ofPrefixOf:)` on buffers.
  static func withinOneEdit(
    _ query: UnsafeBufferPointer<UInt8>, ofPrefixOf text: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    var k = 0
    while k < query.count, k < text.count, query[k] == text[k] { k += 1 }
    if k == query.count { return true }
    // Back to the start of the character that differs (equal bytes before it agree on where
    // characters start).
    while k > 0, query[k] & 0xC0 == 0x80 { k -= 1 }
    let second = min(k + scalarLength(query[k]), query.count)
    let queryRest = query.count - second
    guard k < text.count else { return queryRest == 0 }
    let textRest = min(k + scalarLength(text[k]), text.count)
    // The character replaced, deleted from the query, or inserted into it.
    if equal(text, at: textRest, query, from: second, count: queryRest)
      || equal(text, at: k, query, from: second, count: queryRest)
      || equal(text, at: textRest, query, from: k, count: query.count - k)
    {
      return true
    }
    guard second < query.count else { return false }
    // Swapped with the next: the next character, then this one, then the rest.
    let third = min(second + scalarLength(query[second]), query.count)
    return equal(text, at: k, query, from: second, count: third - second)
      && equal(text, at: k + third - second, query, from: k, count: second - k)
      && equal(text, at: k + third - k, query, from: third, count: query.count - third)
  }

  /// The number of characters (scalars) in UTF-8 `bytes`.
  static func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int {
    bytes.lazy.filter { $0 & 0xC0 != 0x80 }.count
  }
}
