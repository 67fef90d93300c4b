/// The artists a query matched, by artist number, best tier first: what the index's names
/// answer before their items are gathered.
public struct ArtistMatches: Sendable, Equatable {
  /// Artists (ascending) matched in the first tier (`ArtistQuery.Tier.wordStart`); for close
  /// matches, every one.
  public var wordStart: [Int32] = []
  /// Artists (ascending) matched only inside a word (`ArtistQuery.Tier.inside`).
  public var inside: [Int32] = []
  /// Nothing matched exactly, and these are one typo away (`ArtistQuery.isClose(to:)`).
  public var isClose = false
  /// Names, word starts and postings the search looked at: its cost, for tests and
  /// benchmarks. Not compared.
  public var work = 0

  public init(wordStart: [Int32] = [], inside: [Int32] = [], isClose: Bool = false) {
    self.wordStart = wordStart
    self.inside = inside
    self.isClose = isClose
  }

  public var isEmpty: Bool { wordStart.isEmpty && inside.isEmpty }

  /// Every matched artist, first tier first.
  public var all: [Int32] { wordStart + inside }

  public static func == (a: ArtistMatches, b: ArtistMatches) -> Bool {
    a.wordStart == b.wordStart && a.inside == b.inside && a.isClose == b.isClose
  }
}
