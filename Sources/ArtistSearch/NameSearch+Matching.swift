import FeedModel

/// Exact matches: candidates from the word starts and the trigram postings, each confirmed by
/// the rule (`ArtistQuery.tier(of:)`).
extension NameSearch {
  /// The artists the query matches exactly, by tier.
  func exactMatches(_ query: ArtistQuery) -> ArtistMatches {
    var work = 0
    var matches =
      query.isEmpty || count == 0
      ? ArtistMatches()
      : query.words.count == 1 && query.joined.count <= 3
        ? short(query.joined, work: &work) : confirmed(query, work: &work)
    matches.work = work
    return matches
  }

  /// One word of up to three bytes: the grams and word starts answer exactly, no name read.
  /// The names containing it are the postings of the grams starting with it; those whose
  /// word (or words joined from one) starts with it are the first tier.
  private func short(_ text: [UInt8], work: inout Int) -> ArtistMatches {
    let all = containing(short: text, work: &work)
    guard !all.isEmpty else { return ArtistMatches() }
    let first = artists(of: spans(startingWith: text, work: &work), work: &work)
    return ArtistMatches(wordStart: first, inside: Self.subtracting(first, from: all))
  }

  /// Any other query: the names holding its rarest trigram (or, joined shorter, its short
  /// grams), and for several words the names with a word starting with its rarest word;
  /// the rule confirms each and gives its tier.
  private func confirmed(_ query: ArtistQuery, work: inout Int) -> ArtistMatches {
    var lists: [[Int32]] = []
    if query.joined.count >= 3 {
      lists.append(rarestGram(of: query.joined, work: &work) ?? [])
    } else {
      lists.append(containing(short: query.joined, work: &work))
    }
    if query.words.count > 1, let rarest = rarestWord(query.words, work: &work) {
      lists.append(artists(of: rarest, work: &work))
    }
    return confirm(Self.union(lists, count: count), work: &work) { query.tier(of: $0) }
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

  /// The candidates (ascending) the rule matches, by the tier `tier` gives.
  func confirm(
    _ candidates: [Int32], work: inout Int, tier: (NameText) -> ArtistQuery.Tier?
  ) -> ArtistMatches {
    work += candidates.count
    var matches = ArtistMatches()
    for artist in candidates {
      switch tier(text(of: artist)) {
      case .wordStart?: matches.wordStart.append(artist)
      case .inside?: matches.inside.append(artist)
      case nil: break
      }
    }
    return matches
  }
}
