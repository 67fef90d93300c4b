import Testing

@testable import FeedCore

/// The byte paths of `media:keywords` and of the ASCII trim, against the `Character` rules
/// they replace, on texts built from pieces that meet at every kind of edge.
@Suite("Keywords and trims read as bytes")
struct ByteTrimTests {
  static let pieces = [
    "", " ", "\t", "\r\n", "\n", "\u{0B}", "\u{0C}", ",", " , ", "a", "art", "é", "e\u{301}",
    "\u{301}", "\u{600}", "\u{A0}", "中", "\u{200D}", "x,y", ",,", "\u{1F600}",
  ]

  /// Every text of up to three pieces.
  static var texts: [String] {
    var texts: [String] = []
    for first in pieces {
      for second in pieces {
        for third in pieces { texts.append(first + second + third) }
      }
    }
    return texts
  }

  /// What the `Character` rules said.
  static func characterTrim(_ text: Substring) -> String {
    let isSpace: (Character) -> Bool = { $0.isASCII && $0.isWhitespace }
    guard let first = text.firstIndex(where: { !isSpace($0) }),
      let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
  }

  @Test("the trim is the Character rule's on every text, as a String and as a Substring")
  func trim() {
    for text in Self.texts {
      let reference = Self.characterTrim(Substring(text))
      #expect(text.trimmingASCIIWhitespace() == reference, "\(text.debugDescription)")
      // A slice of a longer text (its ends are not the storage's); "x" may take a leading
      // mark with it, so the slice's own reference is asked for.
      let inner = ("x" + text + "y").dropFirst().dropLast()
      #expect(
        inner.trimmingASCIIWhitespace() == Self.characterTrim(inner), "\(text.debugDescription)")
    }
  }

  @Test("keywords are the Character split's on every text")
  func keywords() {
    for text in Self.texts {
      let reference = text.split(separator: ",").compactMap { part -> String? in
        let keyword = Self.characterTrim(part)
        return keyword.isEmpty ? nil : keyword
      }
      #expect(ItemBuilder.keywords(text) == reference, "\(text.debugDescription)")
    }
  }
}
