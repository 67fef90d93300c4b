import Testing

@testable import TextLayout

/// The wrapped lines joined by "\n", for comparison with a multi-line literal.
private func wrapped(_ text: String, width: Int) -> String {
  let lines = LineWrapper.wrap(text, width: width)
  for line in lines {
    #expect(line.width == DisplayWidth.of(line.text), "\(line)")
    #expect(line.width <= width, "\(line)")
  }
  return lines.map(\.text).joined(separator: "\n")
}

@Suite("LineWrapper")
struct LineWrapperTests {
  @Test("ASCII breaks at spaces, greedily")
  func asciiWords() {
    #expect(
      wrapped("The quick brown fox jumps over the lazy dog", width: 10) == """
        The quick
        brown fox
        jumps over
        the lazy
        dog
        """)
  }

  @Test("a line exactly as wide as the width fits; trailing spaces are dropped")
  func exactFitAndTrailingSpaces() {
    #expect(wrapped("abcde fghij   ", width: 5) == "abcde\nfghij")
    #expect(LineWrapper.wrap("abc   ", width: 10) == [WrappedLine(text: "abc", width: 3)])
  }

  @Test("a continuation line drops its leading spaces; an indentation that fits is kept")
  func leadingSpaces() {
    #expect(
      wrapped("  indented text that wraps", width: 12) == """
          indented
        text that
        wraps
        """)
    #expect(wrapped("word     next", width: 6) == "word\nnext")
    #expect(wrapped("          far", width: 6) == "far")
  }

  @Test("CJK breaks between characters, never before closing or after opening punctuation")
  func cjk() {
    #expect(
      wrapped("日本語の文章は空白を使わずに続きます。", width: 10) == """
        日本語の文
        章は空白を
        使わずに続
        きます。
        """)
    #expect(
      wrapped("これは、テスト。", width: 6) == """
        これ
        は、テ
        スト。
        """)
    #expect(
      wrapped("見て「新作」です", width: 6) == """
        見て
        「新
        作」で
        す
        """)
  }

  @Test("a break is allowed between CJK and Latin, and after CJK punctuation")
  func mixedScripts() {
    #expect(
      wrapped("artの中文text", width: 8) == """
        artの中
        文text
        """)
    #expect(wrapped("終わり。Next", width: 8) == "終わり。\nNext")
  }

  @Test("a word wider than the line starts a fresh line and breaks at cluster boundaries")
  func longWord() {
    #expect(
      wrapped("see https://example.com/a/b/c end", width: 10) == """
        see
        https://ex
        ample.com/
        a/b/c end
        """)
    #expect(
      wrapped("e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", width: 2) == """
        e\u{301}e\u{301}
        e\u{301}e\u{301}
        e\u{301}
        """)
  }

  @Test("emoji sequences are measured as ncurses draws them and never split")
  func emoji() {
    #expect(wrapped("👨‍👩‍👧 family", width: 6) == "👨‍👩‍👧\nfamily")
    #expect(wrapped("❤️❤️❤️ ok", width: 3) == "❤️❤️❤️\nok")
    #expect(wrapped("🇯🇵🇺🇸🇫🇷", width: 4) == "🇯🇵🇺🇸\n🇫🇷")
    #expect(wrapped("👍🏽👍🏽", width: 4) == "👍🏽\n👍🏽")
  }

  @Test("explicit newlines and blank lines are kept; empty text gives no lines")
  func newlines() {
    #expect(wrapped("one\n\ntwo", width: 10) == "one\n\ntwo")
    #expect(LineWrapper.wrap("a\n", width: 10).map(\.text) == ["a", ""])
    #expect(LineWrapper.wrap("\n", width: 10).map(\.text) == ["", ""])
    #expect(LineWrapper.wrap("   \nx", width: 10).map(\.text) == ["", "x"])
    #expect(LineWrapper.wrap("", width: 10).isEmpty)
  }

  @Test("tabs expand to the next multiple of 8 columns of the output line")
  func tabs() {
    #expect(wrapped("a\tb", width: 20) == "a       b")
    #expect(wrapped("abcdefgh\tb", width: 20) == "abcdefgh        b")
    #expect(wrapped("\tindent", width: 20) == "        indent")
    #expect(wrapped("abc\tdefghijklmnop", width: 12) == "abc\ndefghijklmno\np")
  }

  @Test("width 0 or less gives no lines")
  func zeroWidth() {
    #expect(LineWrapper.wrap("anything 中文", width: 0).isEmpty)
    #expect(LineWrapper.wrap("anything", width: -3).isEmpty)
    #expect(LineWrapper.lineCount("anything", width: 0) == 0)
  }

  @Test("a cluster wider than the line becomes a 1-cell placeholder")
  func placeholder() {
    #expect(wrapped("中a", width: 1) == "\u{FFFD}\na")
    #expect(wrapped("中文", width: 1) == "\u{FFFD}\n\u{FFFD}")
    #expect(wrapped("中文", width: 2) == "中\n文")
    #expect(wrapped("ab 👨‍👩‍👧", width: 5) == "ab\n\u{FFFD}")
    #expect(wrapped("x👍🏽y", width: 3) == "x\n\u{FFFD}y")
  }

  @Test(
    "lineCount agrees with wrap",
    arguments: [0, 1, 2, 3, 5, 8, 13, 40, 80])
  func lineCountAgrees(width: Int) {
    let text = "Mixed 日本語のテキスト and e\u{301}moji 👨‍👩‍👧\n\nwith\ttabs https://example.com/x"
    #expect(LineWrapper.lineCount(text, width: width) == LineWrapper.wrap(text, width: width).count)
  }
}
