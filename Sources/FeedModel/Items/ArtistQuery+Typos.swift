/// One typo: the names a query finds when it matches none exactly.
extension ArtistQuery {
  /// True when one edit of the query (a character inserted, deleted or replaced, or two
  /// neighbours swapped) matches the name in the first tier: the joined query within one
  /// edit of the name's words joined from a word's start ("pixleheron"), or, for a query of
  /// several words, one word within one edit of the start of a name word and the others
  /// starting other words ("heorn pixel"; a one-character word may be deleted whole). Also
  /// true for a first-tier match; the search asks only when there is none.
  public func isClose(to name: NameText) -> Bool {
    guard !isEmpty else { return false }
    let editedJoined = name.anyWordStart {
      Self.withinOneEdit(joined[...], ofPrefixOf: name.suffix(from: $0))
    }
    if editedJoined { return true }
    guard words.count > 1 else { return false }
    for edited in words.indices {
      if Self.scalarCount(words[edited][...]) == 1 {
        let others = words.indices.filter { $0 != edited }.map { words[$0] }
        let fitsWithout = Self.assign(others.count, to: name) { position, word in
          Self.hasPrefix(word, others[position][...])
        }
        if fitsWithout { return true }
      }
      let fits = Self.assign(words.count, to: name) { position, word in
        position == edited
          ? Self.withinOneEdit(words[position][...], ofPrefixOf: word)
          : Self.hasPrefix(word, words[position][...])
      }
      if fits { return true }
    }
    return false
  }

  /// Whether one edit or none makes `query` a prefix of `text` (both UTF-8, edits of whole
  /// characters). It is enough to try each edit where `query` and `text` first differ: an
  /// edit earlier that works makes the same string as one there (a run of equal characters),
  /// or is no edit at all; the index's enumeration of edits rests on the same fact.
  public static func withinOneEdit(_ query: ArraySlice<UInt8>, ofPrefixOf text: ArraySlice<UInt8>)
    -> Bool
  {
    let (q, t) = (query.startIndex, text.startIndex)
    var k = 0
    while k < query.count, k < text.count, query[q + k] == text[t + k] { k += 1 }
    if k == query.count { return true }
    // Back to the start of the character that differs (equal bytes before it agree on where
    // characters start).
    while k > 0, query[q + k] & 0xC0 == 0x80 { k -= 1 }
    let second = min(q + k + scalarLength(query[q + k]), query.endIndex)
    let queryRest = query[second...]
    let textHere = text[(t + k)...]
    guard let lead = textHere.first else { return queryRest.isEmpty }
    let textRest = text[min(t + k + scalarLength(lead), text.endIndex)...]
    if hasPrefix(textRest, queryRest) || hasPrefix(textHere, queryRest)
      || hasPrefix(textRest, query[(q + k)...])
    {
      return true
    }
    guard second < query.endIndex else { return false }
    let third = min(second + scalarLength(query[second]), query.endIndex)
    let swapped = query[second..<third] + query[(q + k)..<second] + query[third...]
    return hasPrefix(textHere, swapped[...])
  }

  /// The number of characters (scalars) in UTF-8 `bytes`.
  static func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int {
    bytes.lazy.filter { $0 & 0xC0 != 0x80 }.count
  }
}
