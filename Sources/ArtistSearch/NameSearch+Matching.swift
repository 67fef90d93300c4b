import FeedModel

/// Exact matches: candidates from the word starts and the trigram postings. Several words are
/// confirmed by the rule (`ArtistQuery.tier(joined:ends:)`); one word needs less: for one word
/// the rule's first tier is exactly the names with a word start range for it, and the second
/// the other names containing it, which the postings give (or narrow to a substring test).
extension NameSearch {
  /// The artists the query matches exactly, by tier.
  func exactMatches(_ query: ArtistQuery) -> ArtistMatches {
    var work = 0
    var matches: ArtistMatches
    if query.isEmpty || count == 0 {
      matches = ArtistMatches()
    } else if query.words.count > 1 {
      matches = confirmed(query, work: &work)
    } else if query.joined.count <= 3 {
      matches = short(query.joined, work: &work)
    } else {
      matches = oneWord(query.joined, work: &work)
    }
    matches.work = work
    return matches
  }

  /// One word of four bytes or more: the names whose word (or words joined from one) starts
  /// with it are the first tier, from the word starts; the others holding it are among the
  /// postings of its rarest trigram, each read for the word.
  private func oneWord(_ text: [UInt8], work: inout Int) -> ArtistMatches {
    let candidates = rarestGram(of: text, work: &work) ?? []
    guard !candidates.isEmpty else { return ArtistMatches() }
    work += candidates.count
    let all = bytes.withUnsafeBufferPointer { bytes in
      text.withUnsafeBufferPointer { text in
        candidates.filter { artist in
          let index = Int(artist)
          let name = bytes[Int(starts[index])..<Int(starts[index + 1])]
          return ArtistQuery.contains(UnsafeBufferPointer(rebasing: name), text)
        }
      }
    }
    let first = artists(of: spans(startingWith: text, work: &work), work: &work)
    return ArtistMatches(wordStart: first, inside: Self.subtracting(first, from: all))
  }

  /// One word of up to three bytes: the grams and word starts answer exactly, no name read.
  /// The names containing it are the postings of the grams starting with it; those whose
  /// word (or words joined from one) starts with it are the first tier.
  private func short(_ text: [UInt8], work: inout Int) -> ArtistMatches {
    let lists = postings(startingWith: text, work: &work)
    let total = lists.reduce(0) { $0 + $1.count }
    guard total > 0 else { return ArtistMatches() }
    let starts = spans(startingWith: text, work: &work)
    guard total * Self.bitmapShare >= count else {
      let first = artists(of: starts, work: &work)
      return ArtistMatches(
        wordStart: first, inside: Self.subtracting(first, from: Self.union(lists, count: count)))
    }
    // A large share: both sets as bitmaps, the second tier their difference word by word.
    var (all, first) = (Bitmap(count: count), Bitmap(count: count))
    for list in lists {
      for artist in list { all.insert(Int(artist)) }
    }
    for span in starts {
      work += span.range.count
      for entry in runs[span.run][span.range] { first.insert(Int(entry.artist)) }
    }
    return ArtistMatches(wordStart: first.members(), inside: all.subtracting(first).members())
  }

  /// Several words: the names holding the joined words' rarest trigram (or, joined shorter,
  /// their short grams), and the names with a word starting with the rarest word; the rule
  /// confirms each and gives its tier.
  private func confirmed(_ query: ArtistQuery, work: inout Int) -> ArtistMatches {
    var lists: [[Int32]] = []
    if query.joined.count >= 3 {
      lists.append(rarestGram(of: query.joined, work: &work) ?? [])
    } else {
      lists.append(containing(short: query.joined, work: &work))
    }
    if let rarest = rarestWord(query.words, work: &work) {
      lists.append(artists(of: rarest, work: &work))
    }
    return confirm(Self.union(lists, count: count), work: &work) {
      query.tier(joined: $0, ends: $1)
    }
  }

  /// The word starts of the query word that begins fewest of them.
  func rarestWord(_ words: [[UInt8]], work: inout Int) -> [Span]? {
    var rarest: [Span]?
    for word in words {
      let spans = spans(startingWith: word, work: &work)
      if Self.size(spans) < rarest.map(Self.size) ?? .max { rarest = spans }
    }
    return rarest
  }

  /// The candidates (ascending) the rule matches, by the tier `tier` gives for a name's words
  /// joined and word ends: read in place, one borrow of the names' storage for all of them.
  func confirm(
    _ candidates: [Int32], work: inout Int,
    tier: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt16>) -> ArtistQuery.Tier?
  ) -> ArtistMatches {
    work += candidates.count
    var matches = ArtistMatches()
    bytes.withUnsafeBufferPointer { bytes in
      wordEnds.withUnsafeBufferPointer { wordEnds in
        for artist in candidates {
          let index = Int(artist)
          let name = bytes[Int(starts[index])..<Int(starts[index + 1])]
          let ends = wordEnds[Int(wordEndStarts[index])..<Int(wordEndStarts[index + 1])]
          switch tier(UnsafeBufferPointer(rebasing: name), UnsafeBufferPointer(rebasing: ends)) {
          case .wordStart?: matches.wordStart.append(artist)
          case .inside?: matches.inside.append(artist)
          case nil: break
          }
        }
      }
    }
    return matches
  }
}
