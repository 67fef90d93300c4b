/// Display width in terminal cells, exactly as ncursesw and tmux advance the cursor here.
///
/// The width of a scalar is glibc's `wcwidth` under a UTF-8 locale (generated table, see
/// `Scripts/generate-width-table.py`), with -1 (controls, unassigned code points) counted as 0:
/// the sanitizer keeps those out of anything that is drawn. The width of a grapheme cluster or
/// a string is the SUM over its scalars, because that is what the terminal does: a ZWJ family
/// is 2+0+2+0+2 = 6 cells, `❤️` (U+2764 U+FE0F) is 1, a flag is 1+1 = 2, a skin-tone emoji
/// 2+2 = 4, and `e` + U+0301 is 1. Laying text out with any other rule makes rows spill or
/// leave gaps (see docs/adr/0034-display-width-is-glibc-wcwidth.md).
public enum DisplayWidth {
  /// glibc's `wcwidth(scalar)`, with -1 counted as 0.
  @inlinable
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    width(ofCodePoint: scalar.value)
  }

  /// The sum of the widths of the character's scalars.
  public static func of(_ character: Character) -> Int {
    var total = 0
    for scalar in character.unicodeScalars {
      total &+= width(ofCodePoint: scalar.value)
    }
    return total
  }

  /// The sum of the widths of the text's scalars (newlines and tabs count 0: expand or
  /// split them first).
  public static func of<S: StringProtocol>(_ text: S) -> Int {
    let fast = text.utf8.withContiguousStorageIfAvailable { bytes in
      UTF8Walker.width(of: bytes, table: WidthTable.shared)
    }
    if let fast { return fast }
    var total = 0
    for scalar in text.unicodeScalars {
      total &+= width(ofCodePoint: scalar.value)
    }
    return total
  }

  /// Whether glibc prints the scalar at all (`wcwidth` >= 0). Controls, unassigned code
  /// points and noncharacters are unprintable; the sanitizer removes or replaces them.
  public static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    WidthTable.shared.isPrintable(scalar.value)
  }

  @usableFromInline
  static func width(ofCodePoint codePoint: UInt32) -> Int {
    if codePoint < 0x80 {
      return codePoint >= 0x20 && codePoint < 0x7F ? 1 : 0
    }
    return WidthTable.shared.width(codePoint)
  }
}
