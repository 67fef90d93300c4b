import FeedCore
import Foundation
import Testing

@testable import FeedArt
@testable import FeedCore

/// The byte path of `PictureAddressRules` (printable ASCII) against the `Character` path it
/// stands in for: the same size, key and host for every address of the fixtures and for
/// generated addresses built from the pieces the rules look for.
@Suite("Picture address rules: the byte path answers as the Character path")
struct PictureAddressRulesTests {
  /// Every address the fixtures hold: items' links, pictures, copies and enclosures.
  static func fixtureAddresses() -> [String] {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let folders = [
      here.appendingPathComponent("Fixtures/Sources"),
      here.appendingPathComponent("../../../shared/realfeeds").standardized,
      here.appendingPathComponent("../../Resources/feeds").standardized,
    ]
    var addresses: [String] = []
    for folder in folders {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for name in names.sorted() where !name.hasSuffix(".expected.json") && !name.hasSuffix(".md") {
        guard let feed = try? FeedParser.parse(contentsOf: folder.appendingPathComponent(name))
        else { continue }
        addresses += [feed.link].compactMap { $0 }
        for item in feed.items {
          addresses += [item.link, item.guid].compactMap { $0 }
          addresses += item.thumbnails.map(\.url) + item.contents.map(\.url)
          addresses += item.enclosures.map(\.url) + item.pictureLinks
          for image in item.inlineImages {
            addresses += [image.url] + image.sources.map(\.url) + [image.link].compactMap { $0 }
          }
        }
      }
    }
    return addresses
  }

  /// Addresses made of the pieces the rules read, in random orders (seeded).
  static func generatedAddresses(count: Int, seed: UInt64) -> [String] {
    let pieces = [
      "http://", "https://", "HTTPS://", "//", "/", "?", "#", "&", "=", "-", "_", ".", ",", "x",
      "s", "w", "h", "o", "i0.wp.com/", "i3.wp.com/", "preview.redd.it/",
      "external-preview.redd.it/", "/v1/fill/", "w_150,h_113,q_70", "W_20", "h_", "w=640",
      "h=480", "s=96", "SZ=12", "size=", "width=1234567", "resize=300%2C200", "fit=40%2c50",
      "fit=1,2,3", "-300x200", "-32X32", "_m", "_o", "_3k", "_500", "_1280", "_12", ".jpeg",
      ".JPG", ".png", ".gif", "/s640x960/", "/original/", "/thumb/", "/Preview/",
      "farm1.staticflickr.com", "live.staticflickr.com", "www.flickr.com", "x.tumblr.com",
      "64.media.tumblr.com", "images-wixmp.deviantart.net", "user@", ":8080", "%20", " ",
      "example.com", "pic", "0", "12", "640",
    ]
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
      let length = Int.random(in: 1...9, using: &generator)
      return (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }
  }

  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static func check(_ addresses: [String], _ label: String) {
    var plainCount = 0
    for address in addresses {
      guard let plain = PictureAddressRules.plainBytes(address) else { continue }
      plainCount += 1
      let fast = PictureAddressRules.size(ofPlain: plain)
      let slow = PictureAddressRules.sizeByCharacters(of: address)
      #expect(fast.width == slow.width && fast.height == slow.height, "size of \(address)")
      #expect(
        PictureAddressRules.key(ofPlain: plain) == PictureAddressRules.keyByCharacters(of: address),
        "key of \(address)")
      #expect(
        PictureAddress.hostOfPlain(plain[...]) == PictureAddress.hostByCharacters(of: address),
        "host of \(address)")
    }
    // Most addresses take the byte path: the comparison is not empty.
    #expect(plainCount * 10 >= addresses.count * 9, "\(label): \(plainCount) of \(addresses.count)")
  }

  @Test("every address of the fixture feeds")
  func fixtures() {
    let addresses = Self.fixtureAddresses()
    #expect(addresses.count > 500, "\(addresses.count) addresses")
    Self.check(addresses, "fixtures")
  }

  @Test("generated addresses", arguments: [1, 2, 3] as [UInt64])
  func generated(seed: UInt64) {
    Self.check(Self.generatedAddresses(count: 4000, seed: seed), "seed \(seed)")
  }

  /// Where `split`'s rules (empty parts left out, `maxSplits`) decide the answer; the byte
  /// path reads positions and must give what the splits give.
  @Test("addresses at the edges of split, read in place")
  func splitEdges() {
    Self.check(
      [
        "", "?", "?w=", "?=w=5", "?==5", "?w==5", "?&&w=5&&h=6", "?W=40&H=50", "?s=", "?SZ=20",
        "?fit=1%2C2", "?resize=3,4,5", "https://x/a?w=1#f?h=2", "https://x/a#b?w=3",
        "https://x//s640x960//a.jpg", "https://x/S640X960/a.JPG", "https://x/sx640x960x/a.jpg",
        "https://x/s640x960", "https://x/a-x300x200x.jpg", "https://x/a-300X200.JPEG",
        "https://x/..a.jpg", "https://x/...", "https://x/a.b.c-3x4", "//x/v1/",
        "https://x/V1/fill/W_5,H_6/a.jpg",
        "https://x/v1/fill//w_5/a.jpg", "https://x/v1/fill/q_1,w_x/a.jpg", "/", "//", "a/b/c",
        "https://farm1.staticflickr.com/1/2_abc_B.jpg", "https://x.tumblr.com/a_1280.jpg",
        "https://x.TUMBLR.com/a_12.jpg", "https://x.flickr.com/small/thumb/a_o.jpeg?x=1",
        "https://i0.wp.com/i1.wp.com/x/a-1x2.jpg?w=3", "https://preview.redd.it/a.jpg?width=640",
        "https://external-preview.redd.it/a.png?auto=webp", "HTTP://X/Original/A_3K.JPG",
        "https://x/a?fit=in", "https://x/path/to/page?id=1", "x://y://z/a.jpg",
      ], "split edges")
  }

  @Test("addresses that are not printable ASCII take the Character path")
  func notPlain() {
    #expect(PictureAddressRules.plainBytes("https://x/é.jpg") == nil)
    #expect(PictureAddressRules.plainBytes("https://x/a\r\n.jpg") == nil)
    #expect(PictureAddressRules.plainBytes("#x") == nil)
    #expect(PictureAddressRules.plainBytes("https://x/a-30x20.jpg") != nil)
    let size = PictureAddressRules.size(of: "https://x/é-30x20.jpg")
    #expect(size.width == 30 && size.height == 20)
  }
}
