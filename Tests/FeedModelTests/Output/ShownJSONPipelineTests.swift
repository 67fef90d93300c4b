import FeedArt
import FeedCore
import Foundation
import Testing

@testable import FeedModel

/// `parse --json`'s two-thread pipeline against the same steps run one after the other: the
/// same bytes for every feed of the fixtures, the shared real-world feeds and the bundled
/// feeds, with batches of one and two items so that the parser and the writer overlap.
@Suite("ShownJSONPipeline: the bytes of the serial writer")
struct ShownJSONPipelineTests {
  static func feeds() -> [URL] {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let folders = [
      here.appendingPathComponent("../../FeedArtTests/Fixtures/Sources").standardized,
      here.appendingPathComponent("../../../../shared/realfeeds").standardized,
      here.appendingPathComponent("../../../Resources/feeds").standardized,
    ]
    var found: [URL] = []
    for folder in folders {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for name in names.sorted()
      where [".rss", ".xml", ".atom", ".json"].contains(where: name.hasSuffix)
        && !name.hasSuffix(".expected.json")
      {
        found.append(folder.appendingPathComponent(name))
      }
    }
    return found
  }

  /// The document `parse --json` prints, written by `write`.
  static func document(
    _ feed: Feed, base: URL?, write: (FeedJSONStream) -> Void
  ) -> [UInt8] {
    let stream = FeedJSONStream(memoryLimit: 4096)
    write(stream)
    let rule = ItemArtist.Rule(FeedHead(feed, address: base?.absoluteString))
    var bytes: [UInt8] = []
    let failure = stream.finish(head: feed, artist: { rule.artist(author: $0, title: $1) }) {
      bytes.append(contentsOf: $0)
    }
    #expect(failure == nil)
    return bytes
  }

  @Test("every fixture, real and bundled feed, at three addresses")
  func sameBytes() throws {
    let feeds = Self.feeds()
    #expect(feeds.count >= 20, "\(feeds.count) feeds")
    var itemCount = 0
    for url in feeds {
      guard let whole = try? FeedParser.parse(contentsOf: url) else { continue }
      itemCount += whole.items.count
      for base in [url, URL(string: "https://bsky.app/profile/someone.bsky.social"), nil] {
        let serial = Self.document(whole, base: base) { stream in
          ShownJSONPipeline.write(whole.items, base: base, into: stream)
        }
        var head: Feed?
        let piped = Self.document(whole, base: base) { stream in
          let pipeline = ShownJSONPipeline(stream: stream, base: base, depth: 1)
          head = try? FeedParser.parse(contentsOf: url, batches: BatchSizes(first: 1, limit: 2)) {
            pipeline.add($0.items)
          }
          pipeline.finish()
        }
        #expect(head != nil)
        #expect(piped == serial, "\(url.lastPathComponent) at \(base?.absoluteString ?? "none")")
      }
    }
    #expect(itemCount > 500, "\(itemCount) items")
  }
}
