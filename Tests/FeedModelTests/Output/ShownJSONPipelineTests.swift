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

  /// The document `parse --json` prints, written by `write`, which returns the rules the
  /// artists were guessed by: the guesses are kept when they are all the final rule's.
  static func document(
    _ feed: Feed, base: URL?, write: (FeedJSONStream) -> [ItemArtist.Rule]
  ) -> (bytes: [UInt8], guessesHeld: Bool) {
    let stream = FeedJSONStream(memoryLimit: 4096)
    let guesses = write(stream)
    let rule = ItemArtist.Rule(FeedHead(feed, address: base?.absoluteString))
    let hold = guesses.allSatisfy { $0 == rule }
    var bytes: [UInt8] = []
    let failure = stream.finish(
      head: feed, guessesHold: hold, artist: { rule.artist(author: $0, title: $1) }
    ) { bytes.append(contentsOf: $0) }
    #expect(failure == nil)
    return (bytes, hold)
  }

  @Test("every fixture, real and bundled feed, at three addresses")
  func sameBytes() throws {
    let feeds = Self.feeds()
    #expect(feeds.count >= 20, "\(feeds.count) feeds")
    var itemCount = 0
    var heldCount = 0
    for url in feeds {
      guard let whole = try? FeedParser.parse(contentsOf: url) else { continue }
      itemCount += whole.items.count
      for base in [url, URL(string: "https://bsky.app/profile/someone.bsky.social"), nil] {
        // Serial, guessing by an empty head (so the final rule decides each artist), and
        // by the whole feed's (so the guesses hold and are printed as written).
        let serial = Self.document(whole, base: base) { stream in
          let empty = FeedHead(address: base?.absoluteString)
          ShownJSONPipeline.write(whole.items, base: base, head: empty, into: stream)
          return [ItemArtist.Rule(empty)]
        }
        let holding = Self.document(whole, base: base) { stream in
          let head = FeedHead(whole, address: base?.absoluteString)
          ShownJSONPipeline.write(whole.items, base: base, head: head, into: stream)
          return [ItemArtist.Rule(head)]
        }
        #expect(holding.guessesHeld)
        var head: Feed?
        let piped = Self.document(whole, base: base) { stream in
          let pipeline = ShownJSONPipeline(stream: stream, base: base, depth: 1)
          head = try? FeedParser.parse(contentsOf: url, batches: BatchSizes(first: 1, limit: 2)) {
            pipeline.add(
              $0.items,
              head: FeedHead(
                title: $0.title, link: $0.link, author: $0.author,
                address: base?.absoluteString))
          }
          pipeline.finish()
          return pipeline.guessRules
        }
        #expect(head != nil)
        let name = "\(url.lastPathComponent) at \(base?.absoluteString ?? "none")"
        #expect(holding.bytes == serial.bytes, "\(name)")
        #expect(piped.bytes == serial.bytes, "\(name)")
        if piped.guessesHeld { heldCount += 1 }
      }
    }
    #expect(itemCount > 500, "\(itemCount) items")
    // Most feeds give their head first: the pipeline's guesses usually hold.
    #expect(heldCount * 2 > feeds.count * 3, "\(heldCount) of \(feeds.count * 3) held")
  }
}
