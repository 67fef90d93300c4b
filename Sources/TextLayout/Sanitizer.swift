/// Makes untrusted feed text safe to lay out and draw: nothing in the result can move the
/// cursor, change terminal state, reorder text or draw where the layout did not count.
///
/// What `clean` does, in order, scalar by scalar:
/// - "\r\n" and a lone "\r" become "\n"; NEL (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH
///   SEPARATOR (U+2029) become "\n". "\n" and "\t" are kept.
/// - Whole escape sequences are removed, not just the ESC: CSI (`ESC [`, up to its final
///   byte), OSC/DCS/SOS/PM/APC strings (`ESC ] P X ^ _`, up to BEL, ST, CAN or SUB) and
///   two-byte or nF escapes (`ESC (B`, `ESC 7`...). An unterminated string ends at the next
///   newline (the newline is kept), so a stray opener cannot hide the rest of an item. A
///   sequence broken by an unexpected character ends there and the character is kept.
/// - All other C0 controls, DEL and every C1 control (U+0080-009F, the 8-bit CSI U+009B and
///   OSC U+009D included) are removed one by one: a C1 control never starts a sequence, so
///   the text after it stays ("before U+009D after" is "before  after").
/// - Format characters (general category Cf) are removed: bidi embeddings, overrides and
///   isolates (U+202A-202E, U+2066-2069), marks (U+200E, U+200F, U+061C), zero-width space
///   U+200B, word joiner U+2060, BOM U+FEFF, soft hyphen U+00AD, ZWNJ U+200C... except ZWJ
///   U+200D and the tag characters U+E0020-E007F, which emoji sequences need. Variation
///   selectors are marks, not Cf, and are kept.
/// - Code points glibc will not print (unassigned in its Unicode version, noncharacters) become
///   U+FFFD, so the terminal and the layout agree on one cell. Private-use characters are kept:
///   glibc gives them 1 cell and icon fonts use them.
/// - A cluster that is left with no width (a combining mark at the start of a line, a lone
///   variation selector or ZWJ, a lone Hangul vowel or final jamo) would draw onto whatever
///   cell precedes it. If it starts with a combining mark, it gets U+25CC DOTTED CIRCLE as its
///   base (Unicode's convention); otherwise it is removed.
public enum Sanitizer {
  /// Replaces code points the terminal cannot print.
  public static let replacement: Unicode.Scalar = "\u{FFFD}"
  /// Base given to a combining mark that has nothing to combine with.
  public static let orphanBase: Unicode.Scalar = "\u{25CC}"

  /// The text with controls, escape sequences, format characters and unprintable code points
  /// removed or replaced (see the type's documentation).
  public static func clean(_ text: String) -> String {
    if isPlainASCII(text) { return text }
    var filter = ControlFilter()
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      filter.feed(scalar, into: &scalars)
    }
    return baseOrphans(String(scalars))
  }

  /// True when the text is printable ASCII, newlines and tabs only: nothing to clean.
  private static func isPlainASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy { byte in
      (byte >= 0x20 && byte < 0x7F) || byte == 0x0A || byte == 0x09
    }
  }

  /// Gives zero-width clusters that start with a mark a dotted-circle base (a mark always
  /// joins the cluster before it); drops the others.
  private static func baseOrphans(_ text: String) -> String {
    guard text.contains(where: isOrphan) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for character in text {
      if !isOrphan(character) {
        result.append(character)
      } else if let first = character.unicodeScalars.first, isMark(first) {
        result.unicodeScalars.append(orphanBase)
        result.unicodeScalars.append(contentsOf: character.unicodeScalars)
      }
    }
    return result
  }

  /// Widths first, then the newline and tab by scalar: `Character`'s `!=` takes String's
  /// comparison path, and makes its generic metadata the first time (docs/adr/0152). A
  /// cluster equal to "\n" or "\t" is that one scalar.
  private static func isOrphan(_ character: Character) -> Bool {
    guard DisplayWidth.of(character) == 0 else { return false }
    let scalars = character.unicodeScalars
    guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex
    else { return true }
    return first != "\n" && first != "\t"
  }

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark:
      return !(0xFE00...0xFE0F).contains(scalar.value)
        && !(0xE0100...0xE01EF).contains(scalar.value)
    default:
      return false
    }
  }
}
