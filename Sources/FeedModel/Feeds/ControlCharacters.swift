/// Characters that never belong in a feed's address or in a feeds-file field: C0 controls
/// (tab and line breaks included), DEL, C1 controls, and the bidi embeddings, overrides,
/// isolates and marks that reorder what a terminal shows.
///
/// A line break in an OPML `xmlUrl` or an `add` argument wrote extra subscription lines; a
/// CR hid one URL behind another in `artfeed feeds`; ESC and C1 reach terminals. So a source
/// holding any of these is refused on every way in (`FeedAddress(argument:)`, which `add`,
/// `import` and the feeds file's reader all go through), and the refusal names it escaped.
public enum ControlCharacters {
  /// True for a scalar that must not appear in a source, tag or title.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F...0x9F: true
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
  }

  /// The first control in `text`, if any.
  public static func first(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first(where: isControl)
  }

  /// `text` with each control written as `\u{1B}` (and `\n`, `\r`, `\t`), for messages
  /// that must name the text without letting it act.
  public static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where isControl(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The reason a text holding `scalar` is refused: "holds a control character (U+000A)".
  public static func reason(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return
      "holds a control character (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
  }
}
