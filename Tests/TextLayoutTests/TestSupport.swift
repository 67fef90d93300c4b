import TestSupport
@testable import TextLayout

/// Pieces that exercise every path of width, segmentation and wrapping.
enum Alphabet {
  /// Sanitized-looking text pieces: ASCII words and punctuation, spaces, tabs, newlines, CJK
  /// (with kinsoku punctuation), Hangul, Arabic, emoji sequences, combining marks, a URL.
  static let clean: [String] = [
    "a", "b", "word", "Z", "longerword", "x1", " ", " ", " ", "  ", "\t", "\n", "\n\n",
    "中", "文", "日本", "。", "、", "「", "」", "（", "）", "ー", "っ", "한", "글", "ا", "ب",
    "👨‍👩‍👧", "👨‍👩‍👧‍👦", "❤️", "🇯🇵", "👍🏽", "🎨", "e\u{301}", "\u{301}", "a\u{308}\u{323}",
    "ｶ", "Ｆ", "(", ")", ",", ".", "-", "/", "https://example.com/a/very/long/path?q=1",
    "नमस्ते", "क्षि", "ไทย", "\u{00A0}", "\u{3000}",
  ]

  /// Anything at all: controls, escapes, CR, lone surrogates' neighbours, unassigned code
  /// points, private use, format characters.
  static let hostile: [String] =
    clean + [
      "\r", "\r\n", "\u{1B}", "\u{1B}[31m", "\u{1B}]0;title\u{07}", "\u{7F}", "\u{85}",
      "\u{9B}", "\u{200B}", "\u{202E}", "\u{2066}", "\u{FEFF}", "\u{AD}", "\u{200D}",
      "\u{FE0F}", "\u{E0067}", "\u{378}", "\u{E000}", "\u{10FFFF}", "\u{0}", "\u{1F1FA}",
      "\u{1100}", "\u{1161}", "\u{11A8}", "\u{0600}",
    ]

  static func string(
    from pieces: [String], count: Int, using generator: inout SplitMixGenerator
  ) -> String {
    var text = ""
    for _ in 0..<count {
      text += pieces[Int(generator.next() % UInt64(pieces.count))]
    }
    return text
  }
}
