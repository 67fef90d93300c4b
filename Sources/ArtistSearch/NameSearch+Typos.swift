import FeedModel

/// Close matches: the names one typo away, found by looking up the query's edits in the word
/// starts, then confirmed by the rule (`ArtistQuery.isClose(to:)`).
///
/// Edits are tried where they can matter (the rule's `withinOneEdit`): for each prefix `p`
/// of the query that starts some word start, the query without its next character, with it
/// swapped with the one after, and with each character that follows `p` in the table put in
/// its place or before it. The characters that follow `p` are read from the table, a binary
/// search per character, so any alphabet costs what the names hold. A prefix that starts no
/// word start ends the walk: every later edit keeps it.
extension NameSearch {
  /// The artists one typo from the query, when it tolerates one.
  func closeMatches(_ query: ArtistQuery) -> ArtistMatches {
    guard query.toleratesTypo, count > 0 else { return ArtistMatches() }
    var work = 0
    var lists = [artists(of: editedSpans(query.joined, work: &work), work: &work)]
    if query.words.count > 1 {
      for edited in query.words.indices {
        lists.append(candidates(editing: edited, of: query.words, work: &work))
      }
    }
    var matches = confirm(Self.union(lists, count: count), work: &work) { name, ends in
      query.isClose(joined: name, ends: ends) ? .wordStart : nil
    }
    matches.isClose = !matches.isEmpty
    matches.work = work
    return matches
  }

  /// For a query of several words with word `edited` the one mistyped: the names with a word
  /// starting with the rarest other word, or those with a word starting with an edit of
  /// `edited`, whichever are fewer (a one-character word may be deleted whole: then the
  /// others').
  private func candidates(editing edited: Int, of words: [[UInt8]], work: inout Int) -> [Int32] {
    var others = words
    others.remove(at: edited)
    let rarest = rarestWord(others, work: &work) ?? []
    let single = words[edited].count == ArtistQuery.scalarLength(words[edited][0])
    if single || Self.size(rarest) <= 64 { return artists(of: rarest, work: &work) }
    let edits = editedSpans(words[edited], work: &work)
    return artists(of: Self.size(edits) < Self.size(rarest) ? edits : rarest, work: &work)
  }

  /// The word starts that begin with some edit of `text` (or with `text`).
  func editedSpans(_ text: [UInt8], work: inout Int) -> [Span] {
    var found: [Span] = []
    var at = 0
    while true {
      let prefix = Array(text[..<at])
      let here = spans(startingWith: prefix, work: &work)
      if here.isEmpty { break }
      guard at < text.count else {
        found += here
        break
      }
      let next = min(at + ArtistQuery.scalarLength(text[at]), text.count)
      found += spans(startingWith: prefix + text[next...], work: &work)
      if next < text.count {
        let after = min(next + ArtistQuery.scalarLength(text[next]), text.count)
        let swapped = prefix + text[next..<after] + text[at..<next] + text[after...]
        found += spans(startingWith: swapped, work: &work)
      }
      for span in here {
        // A character in place of the next one, or put before it.
        found += replacements(
          in: span, after: prefix, rests: [text[next...], text[at...]], work: &work)
      }
      at = next
    }
    return found
  }

  /// Within `span` (entries starting with `prefix`), for each character `c` that follows
  /// `prefix`, the entries starting with `prefix + c + rest`, for each of `rests`.
  private func replacements(
    in span: Span, after prefix: [UInt8], rests: [ArraySlice<UInt8>], work: inout Int
  ) -> [Span] {
    let entries = runs[span.run]
    var found: [Span] = []
    var low = span.range.lowerBound
    while low < span.range.upperBound {
      let entry = entries[low]
      let at = Int(entry.position) + prefix.count
      let end = Int(starts[Int(entry.artist) + 1])
      guard at < end else {
        // The entry is `prefix` itself (those sort first): nothing follows.
        low += 1
        continue
      }
      let character = bytes[at..<min(at + ArtistQuery.scalarLength(bytes[at]), end)]
      work += 1 + rests.count
      let group = range(
        of: Probe(prefix + character), inRun: span.run, within: low..<span.range.upperBound)
      for rest in rests {
        let edited = range(of: Probe(prefix + character + rest), inRun: span.run, within: group)
        if !edited.isEmpty { found.append(Span(run: span.run, range: edited)) }
      }
      low = max(group.upperBound, low + 1)
    }
    return found
  }
}
