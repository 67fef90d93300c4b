import FeedCore
import FeedModel
import Foundation
import TestSupport

/// Random artist names and queries for the model tests: words made of a few syllables (so
/// that prefixes and substrings are shared), written in camel case, with hyphens,
/// underscores, dots or spaces, with accents (composed and not), digits and now and then full
/// width; and queries made from them: word prefixes in any order, substrings, camel case, and
/// one typo.
struct RandomNames {
  var random: SplitMixGenerator

  static let syllables = [
    "pi", "xel", "her", "on", "sau", "da", "de", "pix", "ren", "ée", "e\u{301}e", "dra", "ws",
    "glit", "ch", "cat", "an", "na", "zo", "ë", "ñ", "å", "ø", "ka", "ri", "ink", "el", "ß",
  ]
  static let digits = ["404", "7", "2", "88", "1999"]
  static let styles = ["camel", "hyphen", "underscore", "dot", "space", "joined", "upper", "wide"]

  init(seed: UInt64) {
    random = SplitMixGenerator(seed: seed)
  }

  mutating func pick<T>(_ values: [T]) -> T {
    values[Int.random(in: 0..<values.count, using: &random)]
  }

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

  /// One word: one to three syllables, or digits now and then.
  mutating func word() -> String {
    if chance(10) { return pick(Self.digits) }
    return (0..<Int.random(in: 1...3, using: &random)).map { _ in pick(Self.syllables) }.joined()
  }

  /// A name of one to three words in one of the styles.
  mutating func name() -> String {
    let words = (0..<Int.random(in: 1...3, using: &random)).map { _ in word() }
    return written(words, style: pick(Self.styles))
  }

  /// `words` written in `style`.
  func written(_ words: [String], style: String) -> String {
    let capitalized = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }
    switch style {
    case "camel": return capitalized.joined()
    case "hyphen": return words.joined(separator: "-")
    case "underscore": return words.joined(separator: "_")
    case "dot": return words.joined(separator: ".")
    case "space": return capitalized.joined(separator: " ")
    case "upper": return words.joined(separator: " ").uppercased()
    case "wide": return Self.fullWidth(capitalized.joined(separator: "\u{3000}"))
    default: return words.joined()
    }
  }

  /// ASCII letters and digits in full width.
  static func fullWidth(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          else { return scalar }
          return Unicode.Scalar(scalar.value + 0xFEE0) ?? scalar
        }))
  }

  /// A query about `names`: a word prefix, words in another order, a substring of the
  /// words joined, a camel-case spelling, a typo of one of these, or letters at random.
  mutating func query(about names: [String]) -> String {
    guard !names.isEmpty else { return word() }
    let words = ArtistWords(pick(names)).words.map { String(decoding: $0, as: UTF8.self) }
    guard !words.isEmpty else { return word() }
    let prefixes = words.map { word in
      String(word.prefix(Int.random(in: 1...max(1, word.count), using: &random)))
    }
    let query: String
    switch Int.random(in: 0..<8, using: &random) {
    case 0: query = pick(prefixes)
    case 1: query = prefixes.shuffled(using: &random).joined(separator: " ")
    case 2:
      let joined = Array(words.joined())
      let start = Int.random(in: 0..<joined.count, using: &random)
      let end = Int.random(in: (start + 1)...joined.count, using: &random)
      query = String(joined[start..<end])
    case 3: query = written(prefixes.shuffled(using: &random), style: pick(Self.styles))
    case 4: query = String(word().prefix(Int.random(in: 1...3, using: &random)))
    default: query = typo(in: words.joined(separator: chance(50) ? " " : ""))
    }
    return chance(5) ? pick([" ", "-", " _ ", ""]) : query
  }

  /// `text` with one character inserted, deleted, replaced, or swapped with the next.
  mutating func typo(in text: String) -> String {
    var characters = Array(text)
    guard !characters.isEmpty else { return text }
    let at = Int.random(in: 0..<characters.count, using: &random)
    let letter = pick(Array("abcdehinoprxzé4"))
    switch Int.random(in: 0..<4, using: &random) {
    case 0: characters.insert(letter, at: at)
    case 1: characters.remove(at: at)
    case 2: characters[at] = letter
    default:
      if at + 1 < characters.count { characters.swapAt(at, at + 1) }
    }
    return String(characters)
  }

  /// Items by `names` (some with a second name as a credit), with repeated guids and equal
  /// or absent dates.
  mutating func items(_ count: Int, names: [String]) -> [FeedItem] {
    (0..<count).map { index in
      let author = chance(90) ? pick(names) : nil
      let credits = chance(20) ? [MediaCredit(role: "author", name: pick(names))] : []
      let day = Int.random(in: 0..<12, using: &random)
      return FeedItem(
        title: "t\(index)", link: chance(50) ? "l\(index % 50)" : nil,
        guid: chance(30) ? "g\(index % 30)" : nil,
        published: day < 3 ? nil : Date(timeIntervalSince1970: Double(day) * 86_400),
        author: author, credits: credits)
    }
  }

  /// `count` names, and now and then another spelling of one already made (its case
  /// changed, its accents decomposed).
  mutating func names(_ count: Int) -> [String] {
    var names: [String] = []
    for _ in 0..<count {
      if let earlier = names.isEmpty || !chance(15) ? nil : pick(names) {
        names.append(
          chance(50)
            ? earlier.lowercased() : earlier.decomposedStringWithCanonicalMapping.uppercased())
      } else {
        names.append(name())
      }
    }
    return names
  }
}
