import FeedCore
import FeedModel
import Foundation

/// The filter `F` applies: terms that must all hold, each one possibly negated.
///
///     unread  starred  artist:NAME  tag:T  title:WORDS  since:7d  rating:adult
///
/// `-` before a term negates it; values with spaces go in double quotes
/// (`artist:"ann lee"`); a bare word must appear in the title, a tag or a keyword. Case
/// and accents are ignored. Parsing is strict: anything it does not know is one line of
/// error, never a silent no-op.
public struct FilterQuery: Sendable, Equatable {
  /// One condition.
  public enum Condition: Sendable, Equatable {
    case unread
    case starred
    /// An artist's name matches this, as the artist search matches (`ArtistQuery`; no typo).
    case artist(ArtistQuery)
    /// A category or keyword equals this (folded).
    case tag(String)
    /// Every word is in the title (folded).
    case title([String])
    /// Published within this many seconds before now (undated items never are).
    case since(TimeInterval)
    /// `media:rating` equals this (folded): `adult`, `nonadult`.
    case rating(String)
    /// A word in the title, a tag or a keyword.
    case word(String)
  }

  /// A condition and whether it is negated.
  public struct Term: Sendable, Equatable {
    public var condition: Condition
    public var negated: Bool
  }

  public var terms: [Term]
  /// The query as typed (trimmed), for the title bar.
  public var text: String

  /// True when a term needs the reader's marks (so the runtime reads them for every item).
  public var needsMarks: Bool {
    terms.contains { term in
      switch term.condition {
      case .unread, .starred: true
      default: false
      }
    }
  }

  /// Why a query could not be read, in one line for the status line.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// Reads a query.
  public init(parsing text: String) throws(ParseError) {
    self.text = text.trimmingCharacters(in: .whitespaces)
    terms = []
    for word in try Self.words(self.text) {
      terms.append(try Self.term(word))
    }
    guard !terms.isEmpty else {
      throw ParseError(description: "Filter: type terms such as unread, artist:NAME, since:7d")
    }
  }

  /// The words of a query: spaces part them, except inside double quotes.
  static func words(_ text: String) throws(ParseError) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    for character in text {
      if character == "\"" {
        quoted.toggle()
      } else if character.isWhitespace && !quoted {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    guard !quoted else { throw ParseError(description: "Filter: a quote is not closed") }
    if !current.isEmpty { words.append(current) }
    return words
  }

  static let keys = "unread, starred, artist:, tag:, title:, since:, rating:"

  private static func term(_ word: String) throws(ParseError) -> Term {
    var word = Substring(word)
    let negated = word.hasPrefix("-") && word.count > 1
    if negated { word = word.dropFirst() }
    let condition: Condition
    if let colon = word.firstIndex(of: ":") {
      let key = word[..<colon].lowercased()
      let value = String(word[word.index(after: colon)...])
      let folded = ArtistMatch.normalized(value)
      guard !folded.isEmpty else {
        throw ParseError(description: "Filter: \(key): needs a value, as in \(key):\(example(key))")
      }
      switch key {
      case "artist": condition = .artist(ArtistQuery(value))
      case "tag": condition = .tag(folded)
      case "title": condition = .title(folded.split(separator: " ").map(String.init))
      case "rating": condition = .rating(folded)
      case "since": condition = .since(try age(value))
      default:
        throw ParseError(description: "Filter: unknown term \(key): (known: \(keys))")
      }
    } else {
      switch word.lowercased() {
      case "unread": condition = .unread
      case "starred": condition = .starred
      default: condition = .word(ArtistMatch.normalized(String(word)))
      }
    }
    return Term(condition: condition, negated: negated)
  }

  private static func example(_ key: String) -> String {
    switch key {
    case "since": "7d"
    case "rating": "adult"
    case "tag": "landscape"
    default: "NAME"
    }
  }

  /// `7d`, `12h`, `2w`, `30m`: seconds.
  private static func age(_ value: String) throws(ParseError) -> TimeInterval {
    let units: [Character: TimeInterval] = ["m": 60, "h": 3600, "d": 86_400, "w": 604_800]
    guard let unit = value.last.flatMap({ units[Character($0.lowercased())] }),
      let number = Double(value.dropLast()), number >= 0, number.isFinite
    else {
      throw ParseError(
        description: "Filter: since: takes a number and m, h, d or w (since:7d), not “\(value)”")
    }
    return number * unit
  }

  // MARK: - Matching

  /// True when `item` (with `marks`, if the query needs them) meets every term at `now`.
  public func matches(_ item: FeedItem, marks: ItemMarks?, now: Date) -> Bool {
    terms.allSatisfy { term in
      Self.holds(term.condition, item, marks: marks ?? .unknown, now: now) != term.negated
    }
  }

  private static func holds(_ condition: Condition, _ item: FeedItem, marks: ItemMarks, now: Date)
    -> Bool
  {
    switch condition {
    case .unread: return !marks.read
    case .starred: return marks.starred
    case .artist(let query): return query.matches(item)
    case .tag(let tag): return tags(of: item).contains(tag)
    case .title(let words):
      let title = ArtistMatch.normalized(ItemPresentation.title(of: item))
      return words.allSatisfy { title.contains($0) }
    case .since(let seconds):
      guard let published = item.published else { return false }
      return published >= now.addingTimeInterval(-seconds)
    case .rating(let rating):
      return ArtistMatch.normalized(item.rating ?? "") == rating
    case .word(let word):
      let title = ArtistMatch.normalized(ItemPresentation.title(of: item))
      return title.contains(word) || tags(of: item).contains { $0.contains(word) }
    }
  }

  /// Categories and keywords, folded (keywords are one comma-separated line).
  private static func tags(of item: FeedItem) -> [String] {
    (item.categories + item.mediaKeywords.flatMap { $0.split(separator: ",").map(String.init) })
      .map(ArtistMatch.normalized)
  }
}
