import Testing

@testable import TextLayout

@Suite("Truncation")
struct TruncationTests {
  @Test("text of at most the limit comes back unchanged")
  func short() {
    #expect(Truncation.truncated("hello", limit: 5) == "hello")
    #expect(Truncation.truncated("", limit: 0) == "")
    #expect(
      Truncation.truncated(String(repeating: "a", count: 200)) == String(repeating: "a", count: 200)
    )
  }

  @Test("longer text keeps the first `limit` grapheme clusters and gains \"…\"")
  func long() {
    #expect(Truncation.truncated("hello world", limit: 5) == "hello…")
    #expect(
      Truncation.truncated(String(repeating: "b", count: 201))
        == String(repeating: "b", count: 200) + "…")
  }

  @Test("clusters, not scalars or bytes, are counted")
  func clusters() {
    #expect(Truncation.truncated("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", limit: 2) == "👨‍👩‍👧👨‍👩‍👧…")
    #expect(Truncation.truncated("e\u{301}e\u{301}e\u{301}", limit: 2) == "e\u{301}e\u{301}…")
    #expect(Truncation.truncated("中文字", limit: 1) == "中…")
  }

  @Test("to a width: whole clusters that fit, then …, never wider than the width")
  func toWidth() {
    #expect(Truncation.truncated("hello", toWidth: 5) == "hello")
    #expect(Truncation.truncated("hello world", toWidth: 6) == "hello…")
    #expect(Truncation.truncated("中文字", toWidth: 4) == "中…")
    #expect(Truncation.truncated("中文字", toWidth: 3) == "中…")
    #expect(Truncation.truncated("abc", toWidth: 1) == "…")
    #expect(Truncation.truncated("abc", toWidth: 0) == "")
    for width in 0...12 {
      #expect(DisplayWidth.of(Truncation.truncated("👨‍👩‍👧 family 中文", toWidth: width)) <= width)
    }
  }

  @Test("a limit of 0 or less leaves only the ellipsis for non-empty text")
  func zeroLimit() {
    #expect(Truncation.truncated("abc", limit: 0) == "…")
    #expect(Truncation.truncated("abc", limit: -4) == "…")
  }
}
