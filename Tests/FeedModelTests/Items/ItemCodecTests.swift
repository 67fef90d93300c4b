import FeedCore
import Foundation
import Testing

@testable import FeedModel

/// The compact form items are kept in (`ItemCodec`, docs/adr/0200) gives back exactly the
/// parsed items: checked against the parser's own `FeedItem`s on every feed the project has.
@Suite("Item blocks")
struct ItemCodecTests {
  /// The package's folder (Tests/FeedModelTests/Items/ItemCodecTests.swift is three below).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every file that parses as a feed under `folder` (fixtures, real feeds, bundled feeds).
  static func feeds(under folder: URL) -> [(name: String, items: [FeedItem])] {
    guard
      let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    else { return [] }
    var found: [(String, [FeedItem])] = []
    for case let url as URL in walker {
      guard ["rss", "xml", "atom", "json", "rdf"].contains(url.pathExtension),
        !url.lastPathComponent.hasSuffix(".expected.json"),
        let feed = try? FeedParser.parse(contentsOf: url)
      else { continue }
      found.append((url.path, feed.items))
    }
    return found
  }

  @Test("a round trip gives back the parsed items of every fixture, real and bundled feed")
  func everyFeed() {
    let folders = [
      Self.root.appendingPathComponent("Tests"),
      Self.root.appendingPathComponent("Resources/feeds"),
      Self.root.appendingPathComponent("../shared/realfeeds").standardizedFileURL,
    ]
    var files = 0
    var items = 0
    for folder in folders {
      for feed in Self.feeds(under: folder) {
        files += 1
        items += feed.items.count
        let chunks = ItemChunks(feed.items)
        #expect(chunks.count == feed.items.count, "\(feed.name)")
        for (index, item) in feed.items.enumerated() where chunks[index] != item {
          Issue.record("\(feed.name): item \(index) differs after a round trip")
          break
        }
      }
    }
    // The folders hold dozens of feeds and thousands of items: a walk that found none
    // would pass vacuously.
    #expect(files >= 40, "\(files) feeds found")
    #expect(items >= 1_000, "\(items) items found")
    print("item blocks: \(files) feeds, \(items) items round-tripped")
  }

  static let edgeItems: [FeedItem] = {
    var full = FeedItem(
      title: "", link: "https://example.com/é", guid: "ｇｕｉｄ 🎨", published: Date(timeIntervalSinceReferenceDate: -1e9 + 0.125),
      author: "Zoë \u{301}", categories: ["", "a", "中文"], summary: String(repeating: "long 😀 ", count: 200_000),
      mediaTitle: "\u{0}nul", mediaDescription: "", mediaText: nil, mediaKeywords: ["k1", ""],
      credits: [MediaCredit(role: nil, scheme: "", name: ""), MediaCredit(role: "author", name: "Ann")],
      thumbnails: [MediaThumbnail(url: "", width: 0, height: -1, content: Int.max), MediaThumbnail(url: "t")],
      contents: [MediaContent(url: "c", medium: "image", type: "", width: Int.min, height: nil, alt: "alt")],
      rating: "", copyright: "©",
      inlineImages: [
        InlineImage(url: "i", width: 5, height: nil, sources: [.init(url: "s", width: 640), .init(url: "")], link: "l", alt: nil, isDecoration: true),
        InlineImage(url: "j"),
      ],
      pictureLinks: ["p", ""], enclosures: [Enclosure(url: "e", type: nil, length: 123_456_789_012), Enclosure(url: "")])
    full.contents[0].title = "name.jpg"
    return [
      FeedItem(), full, FeedItem(title: "only a title"),
      FeedItem(published: Date(timeIntervalSinceReferenceDate: 0)),
      FeedItem(published: .distantFuture), FeedItem(published: .distantPast),
    ]
  }()

  @Test("empty fields, nil against \"\", non-ASCII, huge fields and every kind of list")
  func edgeCases() {
    let blocks = ItemCodec.compress(Self.edgeItems[...])
    let back = ItemCodec.decompress(blocks, count: Self.edgeItems.count)
    #expect(back == Self.edgeItems)
    #expect(back[1].mediaText == nil && back[1].mediaDescription == "")
    #expect(back[1].thumbnails[0].content == Int.max && back[1].contents[0].width == Int.min)
    #expect(back[1].published == Self.edgeItems[1].published)
    // A 1.4 MB summary of a repeated phrase compresses, and comes back whole.
    #expect(blocks.count < 100_000, "\(blocks.count) bytes")
    #expect(back[1].summary?.utf8.count == Self.edgeItems[1].summary?.utf8.count)
  }

  @Test("threads coding at once each get a stream of their own and the same bytes back")
  func concurrentCoding() async {
    let blocks = stride(from: 0, to: 2_000, by: 50).map { Array(Self.many[$0..<($0 + 50)]) }
    let expected = blocks.map { ItemCodec.compress($0[...]) }
    // More threads than streams kept: some streams are made, used once and let go.
    let results = await withTaskGroup(of: Bool.self) { group in
      for thread in 0..<8 {
        group.addTask {
          var same = true
          for round in 0..<20 {
            let index = (thread * 7 + round) % blocks.count
            let bytes = ItemCodec.compress(blocks[index][...])
            same = same && bytes == expected[index]
            same = same && ItemCodec.decompress(bytes, count: 50) == blocks[index]
          }
          return same
        }
      }
      var all: [Bool] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results.count == 8 && results.allSatisfy { $0 })
  }

  static let many = (0..<10_000).map {
    FeedItem(title: "Item \($0)", guid: "g\($0)", summary: "words of item \($0)")
  }

  @Test("reading neighbours decodes their block once; a pass decodes each block once")
  func decodesCounted() {
    let chunks = ItemChunks(Self.many)
    let blocks = (Self.many.count + ItemChunks.blockSize - 1) / ItemChunks.blockSize
    // A screen's worth of rows from the middle: one or two blocks.
    for row in 5_000..<5_030 { #expect(chunks[row].guid == "g\(row)") }
    #expect(chunks.blockDecodes <= 2, "\(chunks.blockDecodes) blocks decoded for 30 rows")
    let before = chunks.blockDecodes
    #expect(chunks.array == Self.many)
    #expect(chunks.blockDecodes - before == blocks, "a whole pass decodes each block once")
    // Appending keeps the blocks already stored.
    var grown = chunks
    grown.append(contentsOf: [FeedItem(title: "last")])
    #expect(grown.count == Self.many.count + 1 && grown.last?.title == "last")
    #expect(chunks.count == Self.many.count)
  }

  @Test("a selection view decodes only the blocks of the items it shows")
  func selectionDecodes() {
    let chunks = ItemChunks(Self.many)
    // One item in each of many blocks: an answer of scattered items.
    let positions = stride(from: 7, to: Self.many.count, by: 97).map { Int32($0) }
    let answer = ItemChunks(selecting: positions, of: chunks)
    #expect(chunks.blockDecodes == 0, "selecting decodes nothing")
    for row in 0..<10 { #expect(answer[row].guid == "g\(positions[row])") }
    #expect(answer.blockDecodes <= 10, "\(answer.blockDecodes) blocks for 10 shown items")
  }
}
