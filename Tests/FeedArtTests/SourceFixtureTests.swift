import FeedCore
import Foundation
import Testing

@testable import FeedArt

/// Feeds in the shapes of the sources artists post on (Fixtures/Sources, README there), each
/// with what a reader must see of every item: the row's picture, the full pictures, the
/// artist and the title.
@Suite("Real art sources: the right picture, artist and title on every item")
struct SourceFixtureTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Sources")

  struct Expected: Decodable {
    struct Item: Decodable {
      var title: String
      var titleDerived: Bool
      var artist: String?
      var rowPicture: String?
      var pictures: [String]
      var alts: [String?]?
    }
    var source: String
    var feedURL: String
    var items: [Item]
  }

  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".expected.json") }
      .map { String($0.dropLast(".expected.json".count)) }.sorted()
  }

  @Test("at least ten sources are covered")
  func coverage() {
    #expect(Self.names.count >= 10, "\(Self.names)")
  }

  @Test("every item of every source", arguments: names)
  func source(_ name: String) throws {
    let expected = try JSONDecoder().decode(
      Expected.self,
      from: Data(contentsOf: Self.folder.appendingPathComponent(name + ".expected.json")))
    let feed = try FeedParser.parse(contentsOf: Self.folder.appendingPathComponent(name))
    #expect(feed.items.count == expected.items.count, "\(name): item count")
    let head = FeedHead(feed, address: expected.feedURL)
    for (index, (item, want)) in zip(feed.items, expected.items).enumerated() {
      let shown = ItemShown(item, in: head)
      let place = "\(name) item \(index)"
      #expect(shown.title == want.title, "\(place): title")
      #expect(shown.titleDerived == want.titleDerived, "\(place): title derived")
      #expect(shown.artist == want.artist, "\(place): artist")
      #expect(shown.rowPicture == want.rowPicture, "\(place): row picture")
      #expect(shown.pictures == want.pictures, "\(place): full pictures")
      if let alts = want.alts { #expect(shown.alts == alts, "\(place): alts") }
    }
  }

  @Test("parse --json's streamed writer gives the whole model's bytes", arguments: names)
  func streamedJSON(_ name: String) throws {
    let feed = try FeedParser.parse(contentsOf: Self.folder.appendingPathComponent(name))
    for address in [nil, "https://bsky.app/profile/someone.bsky.social", "https://yande.re/post"] {
      let head = FeedHead(feed, address: address)
      var whole: [UInt8] = []
      feed.writeJSON(shown: { ItemShown($0, in: head) }) { whole.append(contentsOf: $0) }
      let stream = FeedJSONStream(memoryLimit: 512)
      for item in feed.items { stream.append(item, shown: ItemShown(item, artist: nil)) }
      let rule = ItemArtist.Rule(head)
      var streamed: [UInt8] = []
      let failure = stream.finish(head: feed, artist: { rule.artist(author: $0, title: $1) }) {
        streamed.append(contentsOf: $0)
      }
      #expect(failure == nil)
      #expect(streamed == whole, "\(name) at \(address ?? "no address")")
    }
  }
}
