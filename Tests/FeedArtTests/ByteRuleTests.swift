import Foundation
import Testing

@testable import FeedArt

/// The rules FeedArt reads byte by byte against what they stand for: the marker search
/// against a lower-cased `contains`, clean names against `cleaned`, addresses in credits
/// against `contains("://")`.
@Suite("FeedArt's byte rules: the answers of the plain rules")
struct ByteRuleTests {
  @Test("a no-art marker is found exactly where a lower-cased search finds one", arguments: [1, 2])
  func markers(seed: UInt64) {
    var addresses = PictureAddressRulesTests.generatedAddresses(count: 4_000, seed: seed)
    // Markers in any case, cut short, and at the very start and end.
    for marker in PictureAddressRules.notArtMarkers {
      let text = String(decoding: marker, as: UTF8.self)
      addresses += [
        text, text.uppercased(), "x" + text, text + "x", String(text.dropLast()),
        String(text.dropFirst()), "https://a.example" + text + "b.png",
      ]
    }
    addresses += PictureAddressRulesTests.fixtureAddresses()
    var found = 0
    for address in addresses {
      let lowered = Array(address.utf8).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
      let expected = PictureAddressRules.notArtMarkers.contains { marker in
        lowered.count >= marker.count
          && (0...(lowered.count - marker.count)).contains {
            lowered[$0..<($0 + marker.count)].elementsEqual(marker)
          }
      }
      var copy = address
      let answer = copy.withUTF8 { PictureAddressRules.hasNotArtMarker($0) }
      #expect(answer == expected, "\(address)")
      if expected { found += 1 }
    }
    #expect(found > 100, "\(found) of \(addresses.count) with a marker")
  }

  @Test("a name read as clean is what cleaned gives back")
  func cleanNames() {
    var generator = PictureAddressRulesTests.SeededGenerator(seed: 7)
    let pieces = [
      "Ann", "heron", " ", "  ", "\t", "\n", "@", ":", "(", ")", "<", ">", "/u/", "u/", "/user/",
      "é", "\u{00A0}", "\u{3000}", "://", "x.com", "-", "_", "1", "Ölund", "夜明け", "\u{301}",
      "\u{0085}", "\u{1680}", "\u{2009}", "\u{200B}", "\u{2028}", "\u{202F}", "\u{205F}", "🇯🇵",
      "Ɂ", "ɐ", "\u{FEFF}", "\r\n",
    ]
    var clean = 0
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...5, using: &generator)
      let name = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
      if ItemArtist.isCleanName(name) {
        clean += 1
        #expect(ItemArtist.cleaned(name) == name, "\(name.debugDescription)")
      }
    }
    #expect(clean > 1_000, "\(clean) clean names")
    #expect(ItemArtist.isCleanName("Ann Heron"))
    #expect(!ItemArtist.isCleanName("Ann  Heron"))
    #expect(!ItemArtist.isCleanName(" Ann"))
    #expect(!ItemArtist.isCleanName("u/ann"))
    #expect(!ItemArtist.isCleanName(""))
    #expect(ItemArtist.isCleanName("夜明け"))
    #expect(ItemArtist.isCleanName("Zoë Ölund"))
    #expect(!ItemArtist.isCleanName("Zoë\u{3000}Ölund"))
    #expect(!ItemArtist.isCleanName("a \u{301}b"))
  }

  @Test("a credit holds an address exactly when it contains ://")
  func creditAddresses() {
    let names = [
      "", ":", "://", ":/", "::/", ":://", "a:/b://", "https://a", "x :// y", ":/:/", "a::///",
      "ann", "https:/a", "//a", ":///",
    ]
    for name in names {
      #expect(ItemArt.holdsAddress(name) == name.contains("://"), "\(name)")
    }
  }
}
