import FeedCore
import Foundation
import Testing

@testable import ArtistSearch
@testable import FeedModel

/// The index answers exactly as checking every item does (`NaiveArtistSearch`).
@Suite("Artist index")
struct ArtistIndexTests {
  /// The model: every item looked at, every artist asked of the rule (`NaiveArtistSearch`).
  static func bruteForce(_ items: [FeedItem], query: String) -> [FeedItem] {
    NaiveArtistSearch(items).search(query).items
  }

  static let names = [
    "Ann", "anna", "Zoë", "zoe", "ZOË", "Bo", "hannah", "Ånn", "https://a.example/ann",
  ]

  /// Random items: few names (in several spellings), duplicate guids, equal and absent dates.
  static func randomItems(_ count: Int, _ random: inout SystemRandomNumberGenerator) -> [FeedItem] {
    (0..<count).map { index in
      let author =
        Int.random(in: 0..<10, using: &random) < 8 ? names.randomElement(using: &random) : nil
      let credits = (0..<Int.random(in: 0...2, using: &random)).compactMap { _ in
        names.randomElement(using: &random).map { MediaCredit(role: "author", name: $0) }
      }
      let day = Int.random(in: 0..<12, using: &random)
      return FeedItem(
        title: "t\(index % 40)", link: Bool.random(using: &random) ? "l\(index % 50)" : nil,
        guid: Int.random(in: 0..<3, using: &random) == 0 ? "g\(index % 30)" : nil,
        published: day < 3 ? nil : Date(timeIntervalSince1970: Double(day) * 86_400),
        author: author, credits: credits)
    }
  }

  static let queries = [
    "a", "an", "ann", "ANN", "zo", "zoë", "o", "h", "http", " ", "x", "nna", "å",
  ]

  @Test("random feeds in random batches: every query answers as the brute-force search")
  func equivalence() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<40 {
      let items = Self.randomItems(Int.random(in: 0..<600, using: &random), &random)
      var index = ArtistIndex()
      var added = 0
      while added < items.count {
        let size = min(items.count - added, Int.random(in: 1...150, using: &random))
        index.add(Array(items[added..<(added + size)]))
        added += size
        for query in Self.queries.shuffled(using: &random).prefix(3) {
          let expected = Self.bruteForce(Array(items[..<added]), query: query)
          #expect(index.search(query) == expected, "query \(query) after \(added) items")
        }
      }
    }
  }

  @Test("a catalog of several feeds answers as one brute-force search over all of them")
  func catalog() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<20 {
      let feeds = (0..<3).map { _ in
        Self.randomItems(Int.random(in: 0..<200, using: &random), &random)
      }
      let cache = CatalogCache()
      let addresses = (0..<3).map { FeedAddress.file(URL(fileURLWithPath: "/feed\($0).rss")) }
      for (address, items) in zip(addresses, feeds).shuffled(using: &random) {
        cache.store(items, for: address)
      }
      for query in Self.queries {
        let expected = NaiveArtistSearch(feeds: feeds).search(query).items
        #expect(cache.search(query, in: addresses).items.array == expected, "query \(query)")
      }
    }
  }

  /// A made-up row kind: what the view path must gather per item.
  static let rowKind: @Sendable (FeedItem) -> UInt8 = { UInt8(($0.title ?? "").utf8.count % 3) }

  @Test("one feed answers with a selection view and its row kinds, as the brute-force search")
  func selectionView() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<30 {
      let items = Self.randomItems(Int.random(in: 0..<600, using: &random), &random)
      let cache = CatalogCache(rowKind: Self.rowKind)
      let address = FeedAddress.file(URL(fileURLWithPath: "/main.rss"))
      let token = cache.begin(address)
      var added = 0
      while added < items.count {
        let size = min(items.count - added, Int.random(in: 1...150, using: &random))
        cache.add(Array(items[added..<(added + size)]), for: address, token: token)
        added += size
        // The order prepared part way through, as the loading task does at the end.
        if Bool.random(using: &random) { cache.prepareOrder(for: address, token: token) }
        for query in Self.queries.shuffled(using: &random).prefix(3) {
          let expected = Self.bruteForce(Array(items[..<added]), query: query)
          let answer = cache.search(query, in: [address])
          #expect(answer.items.array == expected, "query \(query) after \(added) items")
          #expect(answer.items == ItemChunks(expected))
          // No match answers with no kinds; any match, with each found item's kind.
          #expect(
            answer.rowKinds == (expected.isEmpty ? nil : expected.map(Self.rowKind)),
            "query \(query)")
        }
      }
    }
  }

  @Test("a selection reads through its positions, grows by appending, and nests")
  func selections() {
    var chunks = ItemChunks()
    let items = (0..<100).map { FeedItem(title: "\($0)") }
    for range in [0..<30, 30..<64, 64..<100] { chunks.append(contentsOf: Array(items[range])) }
    let positions: [Int32] = [99, 0, 31, 64, 63, 5]
    var selection = ItemChunks(selecting: positions, of: chunks)
    #expect(selection.array == positions.map { items[Int($0)] })
    let inner = ItemChunks(selecting: [5, 1, 0], of: selection)
    #expect(inner.array == [items[5], items[0], items[99]])
    let more = (100..<104).map { FeedItem(title: "\($0)") }
    selection.append(contentsOf: more)
    #expect(selection.array == positions.map { items[Int($0)] } + more)
    #expect(chunks.count == 100)
    #expect(ItemChunks(selecting: [], of: chunks).isEmpty)
  }

  @Test("the item chunks read back as the items appended")
  func chunks() {
    var chunks = ItemChunks()
    let items = (0..<100).map { FeedItem(title: "\($0)") }
    for range in [0..<1, 1..<1, 1..<40, 40..<41, 41..<100] {
      chunks.append(contentsOf: Array(items[range]))
    }
    #expect(chunks.count == 100)
    #expect(chunks.map(\.title) == items.map(\.title))
    #expect(chunks.array == items)
  }
}

@Suite("Artist names read as bytes")
struct ArtistNameBytesTests {
  static let names = [
    "", " ", "Zoë Quill", "  zoe  ", "\tann\n", "https://avatars.example/z.png", "a:/b", "a//b",
    ":://", "x:/:/", "ftp://", "://", "name\u{00A0}", "\u{3000}名前", "名前", "é\u{301}",
    " \u{301}", "a\u{85}", "~tilde~", "\u{7F}del", "a\u{0001}", "zoe-quill",
  ]

  @Test("isLink agrees with Foundation's contains(\"://\") on every name")
  func links() {
    for name in Self.names {
      #expect(ArtistMatch.isLink(name) == name.contains("://"), "\(name.debugDescription)")
    }
  }

  @Test("trimmed agrees with Foundation's trimming on every name, and keeps a plain one whole")
  func trimming() {
    // Every scalar of the first planes at either end of a name, and beside a combining mark.
    var names = Self.names
    for value in UInt32(0)...0x3100 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(Character(scalar))
      names += [text + "ann" + text, text, "ann" + text + "\u{301}", text + "\u{301}zoë"]
    }
    for name in names {
      #expect(
        ArtistMatch.trimmed(name) == name.trimmingCharacters(in: .whitespacesAndNewlines),
        "\(name.debugDescription)")
    }
  }
}

@Suite("Artist names as keys")
struct NameBytesTests {
  @Test("equal and hashed as bytes: canonically equal spellings are two keys, alike ones one")
  func bytes() {
    let composed = NameBytes("Zo\u{EB}")
    let decomposed = NameBytes("Zoe\u{308}")
    #expect(composed != decomposed)
    #expect(composed == NameBytes("Zo" + "\u{EB}"))
    #expect(composed.hashValue == NameBytes("Zo\u{EB}").hashValue)
    var index = ArtistIndex()
    index.add([
      FeedItem(title: "a", guid: "1", author: "Zo\u{EB}"),
      FeedItem(title: "b", guid: "2", author: "Zoe\u{308}"),
    ])
    // Both spellings fold to one artist: a search finds both items.
    #expect(index.search("zoe").count == 2)
  }
}
