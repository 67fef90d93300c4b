import Testing
import TestSupport

@testable import TextLayout

@Suite("Sanitizer")
struct SanitizerTests {
  @Test(
    "line endings become \\n; \\n and \\t are kept",
    arguments: [
      ("a\r\nb", "a\nb"), ("a\rb", "a\nb"), ("a\r\r\nb", "a\n\nb"), ("a\nb\tc", "a\nb\tc"),
      ("a\u{85}b", "a\nb"), ("a\u{2028}b\u{2029}c", "a\nb\nc"), ("x\r", "x\n"),
    ])
  func lineEndings(input: String, expected: String) {
    #expect(Sanitizer.clean(input) == expected)
  }

  @Test(
    "whole escape sequences are removed, not just ESC",
    arguments: [
      ("\u{1B}[31mred\u{1B}[0m", "red"),
      ("\u{1B}[2J\u{1B}[H\u{1B}[?1049hX", "X"),
      ("a\u{1B}]0;evil title\u{07}b", "ab"),
      ("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b", "alinkb"),
      ("a\u{1B}P1;2|data\u{1B}\\b", "ab"),
      ("a\u{1B}_apc\u{9C}b", "ab"),
      ("a\u{1B}_apc\u{9C}b\u{9C}", "ab"),
      ("a\u{1B}(Bb", "ab"),
      ("a\u{1B}7b\u{1B}8c", "abc"),
      ("a\u{1B}", "a"),
      ("a\u{1B}[31", "a"),
    ])
  func escapeSequences(input: String, expected: String) {
    #expect(Sanitizer.clean(input) == expected)
  }

  @Test("an unterminated string sequence ends at the newline, which is kept")
  func unterminatedString() {
    #expect(Sanitizer.clean("a\u{1B}]0;no end\nnext line") == "a\nnext line")
  }

  @Test("a sequence broken by an unexpected character keeps that character")
  func brokenSequence() {
    #expect(Sanitizer.clean("\u{1B}[31中文") == "中文")
    #expect(Sanitizer.clean("\u{1B}\u{1B}[1mX") == "X")
    #expect(Sanitizer.clean("\u{1B}é") == "é")
  }

  /// U+009D alone cut the rest of a title ("before \u{9D} after" showed "before") in the
  /// browser and `render` while `parse --json` kept it: a C1 control opened a string that
  /// swallowed everything to the next newline. It is only a character, dropped like any other.
  @Test(
    "a C1 control is dropped alone: the text after it stays, whatever follows",
    arguments: [0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F] as [UInt32])
  func c1Alone(value: UInt32) throws {
    let c1 = String(try #require(Unicode.Scalar(value)))
    #expect(Sanitizer.clean("before " + c1 + " after") == "before  after")
    #expect(Sanitizer.clean("a" + c1 + "0;title\u{07}b") == "a0;titleb")
    #expect(Sanitizer.clean("a" + c1 + "31mb") == "a31mb")
    #expect(Sanitizer.clean(c1 + "x\nnext") == "x\nnext")
    // An ESC-introduced string still goes whole, and a C1 ST still ends it.
    #expect(Sanitizer.clean("a\u{1B}]0;t" + c1 + "b\u{9C}c") == "ac")
  }

  @Test("other C0 and C1 controls and DEL are removed")
  func controls() {
    var input = "a"
    for value in UInt32(0)..<0x20
    where value != 0x0A && value != 0x09 && value != 0x0D
      && value != 0x1B
    {
      input.unicodeScalars.append(Unicode.Scalar(value) ?? " ")
    }
    input += "\u{7F}b"
    for value in UInt32(0x80)..<0xA0 where value != 0x85 {
      input.unicodeScalars.append(Unicode.Scalar(value) ?? " ")
    }
    input += "c"
    #expect(Sanitizer.clean(input) == "abc")
  }

  @Test(
    "bidi controls and zero-width format characters are removed",
    arguments: [
      "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
      "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{200B}", "\u{2060}",
      "\u{FEFF}", "\u{00AD}", "\u{200C}", "\u{2061}", "\u{180E}",
    ])
  func formatCharacters(character: String) {
    #expect(Sanitizer.clean("ab\(character)cd") == "abcd")
  }

  @Test("ZWJ, variation selectors and emoji tag sequences are kept")
  func emojiSurvive() {
    let emoji = ["👨‍👩‍👧", "❤️", "👍🏽", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🇯🇵", "☺︎", "#️⃣"]
    for text in emoji {
      #expect(Sanitizer.clean("x \(text) y") == "x \(text) y", "\(text.debugDescription)")
    }
  }

  @Test("code points glibc cannot print become U+FFFD; private use is kept")
  func unprintable() {
    #expect(Sanitizer.clean("a\u{378}b") == "a\u{FFFD}b")
    #expect(Sanitizer.clean("a\u{FFFF}b\u{10FFFF}") == "a\u{FFFD}b\u{FFFD}")
    #expect(Sanitizer.clean("a\u{E000}b") == "a\u{E000}b")
  }

  @Test("a combining mark with nothing to combine with gets a dotted circle")
  func orphanMarks() {
    #expect(Sanitizer.clean("\u{301}abc") == "\u{25CC}\u{301}abc")
    #expect(Sanitizer.clean("x\n\u{301}y") == "x\n\u{25CC}\u{301}y")
    #expect(Sanitizer.clean("x\t\u{308}") == "x\t\u{25CC}\u{308}")
    #expect(Sanitizer.clean("e\u{7}\u{301}") == "e\u{301}")
  }

  @Test("a lone ZWJ or variation selector is removed")
  func orphanJoiners() {
    #expect(Sanitizer.clean("\u{200D}abc") == "abc")
    #expect(Sanitizer.clean("x\n\u{FE0F}y") == "x\ny")
  }

  @Test("ordinary text of any script comes back unchanged")
  func ordinaryText() {
    let samples = [
      "plain ASCII, with punctuation!", "日本語のテキスト。", "مرحبا بالعالم", "한국어",
      "Tiếng Việt", "e\u{301}te\u{301}", "नमस्ते", "tab\there\nnewline", "", "\u{00A0}\u{3000}",
    ]
    for sample in samples {
      #expect(Sanitizer.clean(sample) == sample, "\(sample.debugDescription)")
    }
  }

  @Test("random hostile text comes out with nothing that moves the cursor")
  func fuzz() {
    let seed: UInt64 = 0x5A41
    var generator = SplitMixGenerator(seed: seed)
    for round in 0..<3000 {
      let text = Alphabet.string(
        from: Alphabet.hostile, count: Int(generator.next() % 30), using: &generator)
      let clean = Sanitizer.clean(text)
      let context = "seed \(seed) round \(round): \(text.debugDescription)"
      for scalar in clean.unicodeScalars {
        let value = scalar.value
        let isControl =
          value < 0x20 && value != 0x0A && value != 0x09 || (0x7F..<0xA0).contains(value)
        #expect(!isControl, "\(context)")
        #expect(DisplayWidth.isPrintable(scalar) || value == 0x0A || value == 0x09, "\(context)")
        #expect(
          scalar.properties.generalCategory != .format || value == 0x200D
            || (0xE0020...0xE007F).contains(value), "\(context)")
      }
      for character in clean where character != "\n" && character != "\t" {
        #expect(DisplayWidth.of(character) > 0, "\(context)")
      }
      #expect(Sanitizer.clean(clean) == clean, "not idempotent: \(context)")
    }
  }
}
