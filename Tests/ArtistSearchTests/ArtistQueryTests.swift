import FeedCore
import FeedModel
import Foundation
import Testing

@testable import ArtistSearch

/// The matching rule by example: the names and queries, through the index.
@Suite("Artist matching a person would expect")
struct ArtistQueryTests {
  static let names = [
    "PixelHeron", "saudade-pixels", "RenéeDraws", "GlitchCat404", "Fisher King", "herons_nest",
    "HTMLParser",
  ]

  /// One item per name, newest first in this order.
  static let items = names.enumerated().map { number, name in
    FeedItem(
      title: name, guid: "\(number)",
      published: Date(timeIntervalSince1970: 1_000_000 - Double(number) * 60), author: name)
  }

  static func found(_ query: String) -> (titles: [String], leading: Int, isClose: Bool) {
    var index = ArtistIndex()
    index.add(items)
    let answer = index.answer(matching: ArtistQuery(query))
    return (answer.items.compactMap(\.title), answer.leading, answer.isClose)
  }

  @Test(
    "names split into folded words",
    arguments: [
      ("PixelHeron", ["pixel", "heron"]), ("saudade-pixels", ["saudade", "pixels"]),
      ("GlitchCat404", ["glitch", "cat", "404"]), ("HTMLParser", ["html", "parser"]),
      ("RenéeDraws", ["renee", "draws"]), ("Rene\u{301}eDraws", ["renee", "draws"]),
      ("moss_and.ink", ["moss", "and", "ink"]), ("Ｐｉｘｅｌ　Ｈｅｒｏｎ", ["pixel", "heron"]),
      ("404cat", ["404", "cat"]), ("  -_. ", []), ("@zoë", ["@zoe"]), ("ZOË", ["zoe"]),
      ("iPhone", ["i", "phone"]), ("猫Cat", ["猫", "cat"]),
    ])
  func words(name: String, words: [String]) {
    #expect(ArtistWords(name).words.map { String(decoding: $0, as: UTF8.self) } == words)
  }

  @Test(
    "spaces, hyphens, camel case and word order do not matter",
    arguments: [
      "pixel heron", "pixelheron", "Pixel-Heron", "heron pixel", "pix her", "xelher",
      "PIXEL_HERON", "her pix", "HeronPixel",
    ])
  func pixelHeron(query: String) {
    #expect(Self.found(query).titles.first == "PixelHeron", "\(query)")
    #expect(!Self.found(query).isClose)
  }

  @Test("the issue's other names: /saudade pix, renee, glitch 404")
  func others() {
    #expect(Self.found("saudade pix").titles == ["saudade-pixels"])
    #expect(Self.found("renee").titles == ["RenéeDraws"])
    #expect(Self.found("Renée draws").titles == ["RenéeDraws"])
    #expect(Self.found("glitch 404").titles == ["GlitchCat404"])
    #expect(Self.found("cat404").titles == ["GlitchCat404"])
    #expect(Self.found("parser html").titles == ["HTMLParser"])
  }

  @Test("word starts rank before matches inside a word; each tier newest first")
  func ranking() {
    let found = Self.found("her")
    #expect(found.titles == ["PixelHeron", "herons_nest", "Fisher King"])
    #expect(found.leading == 2)
    #expect(Self.found("pix").titles == ["PixelHeron", "saudade-pixels"])
    #expect(Self.found("ixel").leading == 0)
  }

  @Test(
    "a query of five or more letters that matches nothing finds names one typo away",
    arguments: [
      ("pixle", "PixelHeron"), ("pixelhreon", "PixelHeron"), ("heorn pixel", "PixelHeron"),
      ("saudadr", "saudade-pixels"), ("glitchcta", "GlitchCat404"), ("reneedrwas", "RenéeDraws"),
      ("fishreking", "Fisher King"), ("pxielheron", "PixelHeron"), ("pixelheronn", "PixelHeron"),
      ("heron x pixel", "PixelHeron"), ("pixel hreon", "PixelHeron"),
    ])
  func typo(query: String, name: String) {
    let found = Self.found(query)
    #expect(found.titles.contains(name), "\(query): \(found.titles)")
    #expect(found.isClose, "\(query) says close matches")
  }

  @Test("four letters tolerate no typo; an exact match is never called close")
  func noTypo() {
    #expect(Self.found("pxel").titles.isEmpty)
    #expect(!Self.found("pxel").isClose)
    #expect(Self.found("hreo").titles.isEmpty)
    #expect(!Self.found("renee").isClose)
    #expect(Self.found("qqqqqq").titles.isEmpty)
  }

  @Test("a query of separators finds nothing")
  func separators() {
    for query in ["", " ", "-", " _ . "] {
      #expect(Self.found(query).titles.isEmpty, "\(query.debugDescription)")
    }
  }

  @Test("one edit of a prefix, tried where the two first differ")
  func withinOneEdit() {
    let cases: [(String, String, Bool)] = [
      ("pixle", "pixelheron", true), ("pxel", "pixel", true), ("pixxel", "pixel", true),
      ("pizel", "pixel", true), ("ipxel", "pixel", true), ("pixel", "pixel", true),
      ("pixelz", "pixel", true), ("pixelzz", "pixel", false), ("xipel", "pixel", false),
      ("aab", "ab", true), ("é", "e", true), ("ée", "eé", true), ("", "", true),
    ]
    for (query, text, expected) in cases {
      let result = ArtistQuery.withinOneEdit(
        Array(query.utf8)[...], ofPrefixOf: Array(text.utf8)[...])
      #expect(result == expected, "\(query) ~ \(text)")
    }
  }
}
