import Foundation

/// An artist's name (or a query) as the artist search reads it: its words, each folded for
/// case, diacritics and width, and those words joined with nothing between them (UTF-8).
///
/// A name is split at separators (white space, dashes and hyphens, underscores and other
/// connector punctuation, dots, control characters) and, inside a run of other characters,
/// at camel-case boundaries and where digits start or end: "PixelHeron" is pixel, heron;
/// "saudade-pixels" is saudade, pixels; "GlitchCat404" is glitch, cat, 404; "HTMLParser" is
/// html, parser. A combining mark stays with the character before it. Other punctuation and
/// symbols are part of a word (`@zoë` is one word, `@zoe`).
public struct ArtistWords: Sendable, Equatable {
  /// The most bytes kept in `joined`: a word past it is left out (no reader types a name that
  /// long), so offsets fit in `UInt16`.
  public static let maxBytes = 1024
  /// The folded words, joined.
  public private(set) var joined: [UInt8] = []
  /// The end of each word in `joined`, ascending; the last is `joined.count`.
  public private(set) var ends: [UInt16] = []

  public init(_ name: String) {
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      let bytes = Array(name.utf8)
      let kinds = bytes.map { Self.kind(ofASCII: $0) }
      for range in Self.wordRanges(kinds) {
        append(bytes[range].map { $0 &+ (Self.isUpperASCII($0) ? 32 : 0) })
      }
    } else {
      let scalars = Array(name.unicodeScalars)
      let kinds = scalars.map(Self.kind(of:))
      for range in Self.wordRanges(kinds) {
        let text = String(String.UnicodeScalarView(scalars[range]))
        append(Array(ArtistMatch.folded(text).utf8))
      }
    }
  }

  /// The words as the matching rule reads them.
  public var text: NameText { NameText(joined: joined[...], ends: ends[...]) }

  /// The folded words, each as its bytes.
  public var words: [[UInt8]] {
    var start = 0
    return ends.map { end in
      defer { start = Int(end) }
      return Array(joined[start..<Int(end)])
    }
  }

  private mutating func append(_ word: [UInt8]) {
    guard !word.isEmpty, joined.count + word.count <= Self.maxBytes else { return }
    joined += word
    ends.append(UInt16(joined.count))
  }

  // MARK: - Splitting

  /// What a character is to the splitting rule.
  enum Kind: Equatable {
    case separator, upper, lower, digit, other, mark
  }

  static func isUpperASCII(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

  static func kind(ofASCII byte: UInt8) -> Kind {
    switch byte {
    case 0x41...0x5A: .upper
    case 0x61...0x7A: .lower
    case 0x30...0x39: .digit
    case 0x00...0x20, 0x7F, UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): .separator
    default: .other
    }
  }

  static func kind(of scalar: Unicode.Scalar) -> Kind {
    if scalar.isASCII { return kind(ofASCII: UInt8(scalar.value)) }
    let properties = scalar.properties
    if properties.isWhitespace { return .separator }
    switch properties.generalCategory {
    case .dashPunctuation, .connectorPunctuation, .spaceSeparator, .lineSeparator,
      .paragraphSeparator, .control:
      return .separator
    case .uppercaseLetter, .titlecaseLetter: return .upper
    case .lowercaseLetter: return .lower
    case .decimalNumber: return .digit
    case .nonspacingMark, .spacingMark, .enclosingMark, .format: return .mark
    default:
      // The fullwidth and halfwidth full stops fold to a dot.
      return scalar == "\u{FF0E}" || scalar == "\u{FF61}" ? .separator : .other
    }
  }

  /// The words' ranges in a name whose characters are of `kinds`.
  static func wordRanges(_ kinds: [Kind]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start: Int?
    // The kind of the word's last character that is not a mark (separator: none yet).
    var previous = Kind.separator
    for (index, kind) in kinds.enumerated() {
      switch kind {
      case .separator:
        if let first = start { ranges.append(first..<index) }
        start = nil
        previous = .separator
      case .mark:
        if start == nil { start = index }
      default:
        let next = previous == .upper && kind == .upper ? nextKind(kinds, after: index) : nil
        if let first = start, startsWord(kind, after: previous, next: next) {
          ranges.append(first..<index)
          start = index
        } else if start == nil {
          start = index
        }
        previous = kind
      }
    }
    if let first = start { ranges.append(first..<kinds.count) }
    return ranges
  }

  /// Whether a character of `kind` after one of `previous` starts a new word: a capital after
  /// a small letter or a caseless one ("pixelHeron"), the last capital of a run before a
  /// small letter ("HTMLParser"), and where digits start or end ("cat404", "404cat").
  static func startsWord(_ kind: Kind, after previous: Kind, next: Kind?) -> Bool {
    switch (previous, kind) {
    case (.separator, _), (.digit, .digit): false
    case (.digit, _), (_, .digit): true
    case (.lower, .upper), (.other, .upper): true
    case (.upper, .upper): next == .lower
    default: false
    }
  }

  /// The kind of the first character after `index` that is not a mark.
  private static func nextKind(_ kinds: [Kind], after index: Int) -> Kind? {
    kinds[(index + 1)...].first { $0 != .mark }
  }
}

/// A name's words as the matching rule reads them: the folded words joined, and the end of
/// each word as an offset from `joined.startIndex`. Slices, so the index hands out views of
/// its flat storage without copying.
public struct NameText {
  public let joined: ArraySlice<UInt8>
  public let ends: ArraySlice<UInt16>

  public init(joined: ArraySlice<UInt8>, ends: ArraySlice<UInt16>) {
    self.joined = joined
    self.ends = ends
  }
}
