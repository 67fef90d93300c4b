import FeedCore
import FeedModel
import Foundation
import TestSupport
import Testing

@testable import ArtistSearch

/// Seeded random feeds of random names, read in random batches: after every batch, random
/// queries (word prefixes in any order, substrings, camel case, typos) must find what the
/// naive matcher finds: the same artists in the same tiers, the same items in the same order,
/// the same names, and close matches exactly when it has them.
@Suite("Artist search against a naive matcher")
struct NameSearchModelTests {
  /// Compares the index with the naive matcher on `query`; the context names the seed.
  static func compare(
    _ index: inout ArtistIndex, _ naive: NaiveArtistSearch, query: String, context: String
  ) {
    let context = "\(context), query \(query.debugDescription)"
    let matches = index.matches(ArtistQuery(query))
    #expect(matches == naive.matches(query), "\(context)")
    let answer = index.answer(matches)
    let expected = naive.search(query)
    #expect(answer.items.array == expected.items, "\(context)")
    #expect(answer.leading == expected.leading, "\(context)")
    #expect(answer.isClose == expected.isClose, "\(context)")
    #expect(index.names(of: matches) == naive.names(query), "\(context)")
  }

  @Test("random names in random batches answer every query as the naive matcher", arguments: 0..<40)
  func randomAgainstNaive(seed: UInt64) {
    var names = RandomNames(seed: seed)
    let pool = names.names(Int.random(in: 1...150, using: &names.random))
    let items = names.items(Int.random(in: 0...400, using: &names.random), names: pool)
    var index = ArtistIndex()
    var added = 0
    repeat {
      let size = min(items.count - added, Int.random(in: 1...120, using: &names.random))
      index.add(Array(items[added..<(added + size)]))
      added += size
      let naive = NaiveArtistSearch(Array(items[..<added]))
      for _ in 0..<12 {
        Self.compare(
          &index, naive, query: names.query(about: pool), context: "seed \(seed), \(added) items")
      }
    } while added < items.count
    // Once loaded, the index is prepared (one run, items by artist in order); the same answers.
    index.adopt(index.prepared())
    #expect(index.nameSearch.runs.count <= 1)
    let naive = NaiveArtistSearch(items)
    for _ in 0..<12 {
      Self.compare(&index, naive, query: names.query(about: pool), context: "seed \(seed), merged")
    }
  }

  @Test("a catalog of feeds answers typos and tiers as the naive matcher over all of them")
  func catalog() {
    var names = RandomNames(seed: 99)
    for round in 0..<12 {
      let pool = names.names(Int.random(in: 1...60, using: &names.random))
      let feeds = (0..<3).map { _ in
        names.items(Int.random(in: 0...150, using: &names.random), names: pool)
      }
      let cache = CatalogCache()
      let addresses = (0..<3).map { FeedAddress.file(URL(fileURLWithPath: "/feed\($0).rss")) }
      for (address, items) in zip(addresses, feeds) { cache.store(items, for: address) }
      let naive = NaiveArtistSearch(feeds: feeds)
      for _ in 0..<12 {
        let query = names.query(about: pool)
        let answer = cache.search(query, in: addresses)
        let expected = naive.search(query)
        let context = "round \(round), query \(query.debugDescription)"
        #expect(answer.items.array == expected.items, "\(context)")
        #expect(answer.leading == expected.leading, "\(context)")
        #expect(answer.isClose == expected.isClose, "\(context)")
      }
    }
  }
}

/// The work of a key, counted by the index (`ArtistMatches.work`: word starts, postings and
/// names looked at), follows the names a query finds, not the names there are.
@Suite("Artist search work")
struct NameSearchWorkTests {
  static let rare = ["QuorvexHeron", "quorvex-pixels", "Quorvex Ink"]

  /// An index of `count` distinct random names, the three rare ones among them.
  static func index(distinct count: Int) -> ArtistIndex {
    var names = RandomNames(seed: 2024)
    var index = ArtistIndex()
    var batch: [FeedItem] = []
    for number in 0..<count {
      let name =
        number % (count / 3) == 17 ? rare[number / (count / 3)] : "\(names.name()) \(number)"
      batch.append(FeedItem(title: "t", guid: "g\(number)", author: name))
      if batch.count == 4_096 || number == count - 1 {
        index.add(batch)
        batch = []
      }
    }
    #expect(index.artistCount == count)
    return index
  }

  @Test("a query matching 3 of 100,000 names looks at a few dozen things, at 10,000 as many")
  func followsMatches() {
    let large = Self.index(distinct: 100_000)
    let small = Self.index(distinct: 10_000)
    for query in ["quorvex", "q", "quo", "QuorvexHeron", "quorvex ink", "ink quorvex", "orvex"] {
      let found = large.matches(ArtistQuery(query))
      #expect(!found.isEmpty && found.all.count <= 3, "\(query)")
      #expect(found.work <= 60, "\(query): \(found.work) for \(found.all.count) names")
      let fewer = small.matches(ArtistQuery(query))
      #expect(found.work <= fewer.work * 2 + 20, "\(query): \(found.work) against \(fewer.work)")
    }
  }

  @Test("a typo costs lookups by the query's length and the names' alphabet, not their number")
  func typos() {
    var large = Self.index(distinct: 100_000)
    large.adopt(large.prepared())
    var small = Self.index(distinct: 10_000)
    small.adopt(small.prepared())
    for query in ["quorvx", "qourvex", "quorvexx", "quorvez ink", "ink quorvx"] {
      let found = large.matches(ArtistQuery(query))
      #expect(found.isClose && !found.isEmpty, "\(query)")
      #expect(found.work <= 2_000, "\(query): \(found.work)")
      let fewer = small.matches(ArtistQuery(query))
      #expect(found.work <= fewer.work * 2 + 100, "\(query): \(found.work) against \(fewer.work)")
    }
  }
}
