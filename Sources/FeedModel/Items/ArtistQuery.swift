import FeedCore

/// What a reader typed into the artist search, and the rule that decides which names it
/// finds: the one place the search's matching is defined (the artist index and the tests'
/// naive matcher both ask it).
///
/// Query and name are read as words (`ArtistWords`), so case, diacritics, width, spaces,
/// hyphens, underscores, dots and camel case do not matter. A name matches when
/// - every word of the query starts a different word of the name, in any order ("heron
///   pixel", "pix her" find PixelHeron), or
/// - the query's words joined are in the name's words joined ("pixelheron", "xelher",
///   "Pixel-Heron" find PixelHeron).
///
/// Names matched by the first rule, or by the second where a word of the name starts, rank
/// first (`Tier.wordStart`); names matched only inside a word after (`Tier.inside`). When
/// nothing matches, a query of five or more characters finds the names one typo away
/// (`isClose(to:)`).
public struct ArtistQuery: Sendable, Equatable {
  /// How well a name matches.
  public enum Tier: Int, Sendable, Comparable {
    /// Every query word starts a word of the name, or the joined query starts at a word.
    case wordStart
    /// The joined query is inside a word of the name.
    case inside

    public static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }
  }

  /// The query as typed.
  public let text: String
  /// The query's folded words.
  public let words: [[UInt8]]
  /// The words joined.
  public let joined: [UInt8]
  /// The end of each word in `joined`.
  let wordEnds: [Int]

  /// The fewest characters (of the joined words) a query needs to tolerate a typo.
  public static let typoMinimum = 5

  public init(_ text: String) {
    self.text = text
    let read = ArtistWords(text)
    words = read.words
    joined = read.joined
    wordEnds = read.ends.map(Int.init)
  }

  /// No words: a query of spaces or separators finds nothing.
  public var isEmpty: Bool { joined.isEmpty }

  /// Five or more characters: one typo is tolerated when nothing matches exactly.
  public var toleratesTypo: Bool {
    Self.scalarCount(joined[...]) >= Self.typoMinimum
  }

  /// True when one of the item's names (`ArtistMatch.names(of:)`) matches.
  public func matches(_ item: FeedItem) -> Bool {
    !isEmpty && ArtistMatch.names(of: item).contains { tier(of: ArtistWords($0).text) != nil }
  }

  // MARK: - Exact matches

  /// How the name matches, or nil when it does not.
  public func tier(of name: NameText) -> Tier? {
    name.joined.withUnsafeBufferPointer { joined in
      name.ends.withUnsafeBufferPointer { tier(joined: joined, ends: $0) }
    }
  }

  // MARK: - Bytes

  /// The length in bytes of the UTF-8 scalar whose lead byte is `byte`.
  public static func scalarLength(_ byte: UInt8) -> Int {
    switch byte {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
  }
}
