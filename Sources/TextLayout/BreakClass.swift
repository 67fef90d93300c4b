/// How a grapheme cluster takes part in line breaking: a small subset of UAX #14.
///
/// - Spaces and tabs are break opportunities (handled by the wrapper itself, not here).
/// - A `wide` cluster (2 or more cells: CJK ideographs, kana, Hangul, fullwidth forms, wide
///   emoji; roughly UAX #14's class ID) allows a break before and after it, so CJK text, which
///   has no spaces, breaks between characters, and a line may break after CJK punctuation.
/// - `noBreakBefore` clusters never start a line (closing brackets, `、。，！？` and their ASCII
///   counterparts, small kana, the prolonged sound mark, ellipses: UAX #14's CL, CP, EX, IS,
///   NS and IN, as in Japanese kinsoku).
/// - `noBreakAfter` clusters never end a line (opening brackets: OP).
///
/// Everything else (letters, digits, other punctuation, narrow symbols) has no break
/// opportunity between neighbours, so an ASCII word or a URL only breaks at spaces or, when
/// it is wider than the line, at cluster boundaries. Hyphens and slashes are deliberately not
/// break opportunities in this subset.
struct BreakClass: OptionSet, Sendable {
  let rawValue: UInt8

  static let wide = BreakClass(rawValue: 1)
  static let noBreakBefore = BreakClass(rawValue: 2)
  static let noBreakAfter = BreakClass(rawValue: 4)

  /// Whether a line may break between two adjacent (non-space) clusters.
  @inline(__always)
  static func allowsBreak(between before: BreakClass, and after: BreakClass) -> Bool {
    before.rawValue & noBreakAfter.rawValue == 0 && after.rawValue & noBreakBefore.rawValue == 0
      && (before.rawValue | after.rawValue) & wide.rawValue != 0
  }

  /// The class of an ASCII character.
  @inline(__always)
  static func ascii(_ byte: UInt8) -> BreakClass {
    switch byte {
    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
      return .noBreakAfter
    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","),
      UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "!"),
      UInt8(ascii: "?"):
      return .noBreakBefore
    default:
      return []
    }
  }

  /// The class of a cluster that starts with the non-ASCII scalar `first` and is `width`
  /// cells wide.
  @inline(__always)
  static func cluster(first: UInt32, width: Int) -> BreakClass {
    let base: BreakClass = width >= 2 ? .wide : []
    guard Self.mayBePunctuation(first) else { return base }
    return base.union(punctuation(first))
  }

  /// A cheap pre-test that keeps ideographs, Hangul and most other scalars away from the
  /// punctuation table.
  @inline(__always)
  private static func mayBePunctuation(_ value: UInt32) -> Bool {
    (value >= 0x2025 && value <= 0x2049) || (value >= 0x3001 && value <= 0x31FF)
      || (value >= 0xFF01 && value <= 0xFF9F)
  }

  private static func punctuation(_ value: UInt32) -> BreakClass {
    switch value {
    case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
      0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
      return .noBreakAfter
    case 0x2025, 0x2026, 0x203C, 0x2047...0x2049, 0x3001, 0x3002, 0x3005, 0x3009, 0x300B,
      0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301C, 0x301E, 0x301F,
      0x303B, 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087,
      0x308E, 0x3095, 0x3096, 0x309D, 0x309E, 0x30A0, 0x30A1, 0x30A3, 0x30A5, 0x30A7,
      0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x30FB...0x30FE,
      0x31F0...0x31FF, 0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D,
      0xFF5D, 0xFF60, 0xFF61, 0xFF63...0xFF65, 0xFF67...0xFF70, 0xFF9E, 0xFF9F:
      return .noBreakBefore
    default:
      return []
    }
  }
}
