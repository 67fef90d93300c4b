import Testing

@testable import TextLayout

/// Text whose cleaning and wrapping must cost linear time: a run of one character, one huge
/// cluster, unterminated escape sequences. 200k scalars each: quadratic work would take
/// minutes, so the suite's time limit turns it into a failure (`Fuzz/FuzzWrap` covers the
/// same class on small inputs with libFuzzer's per-input timeout).
@Suite("Linear time on repetitive text", .timeLimit(.minutes(1)))
struct LinearTimeFuzzRegressionTests {
  static let count = 200_000

  static let texts: [(String, String)] = [
    ("one long word", String(repeating: "a", count: count)),
    ("spaces", String(repeating: " ", count: count) + "a"),
    ("tabs", String(repeating: "\t", count: count) + "a"),
    ("newlines", String(repeating: "\n", count: count)),
    ("combining marks on one base", "e" + String(repeating: "\u{301}", count: count)),
    ("orphan combining marks", String(repeating: "\u{301}", count: count)),
    ("ZWJ chain", String(repeating: "👨\u{200D}", count: count / 2) + "👨"),
    ("wide characters", String(repeating: "中", count: count)),
    ("unterminated CSI", "\u{1B}[" + String(repeating: "1;", count: count)),
    ("unterminated OSC", "\u{1B}]" + String(repeating: "x", count: count)),
    ("ESC run", String(repeating: "\u{1B}", count: count)),
    ("CR LF run", String(repeating: "\r\n", count: count)),
    ("regional indicators", String(repeating: "\u{1F1EF}", count: count)),
  ]

  @Test("sanitizing", arguments: texts)
  func sanitizing(name: String, text: String) {
    let clean = Sanitizer.clean(text)
    #expect(clean.unicodeScalars.count <= text.unicodeScalars.count * 2, "\(name)")
  }

  @Test("wrapping at widths 1, 80 and 300", arguments: texts)
  func wrapping(name: String, text: String) {
    let clean = Sanitizer.clean(text)
    for width in [1, 80, 300] {
      let lines = LineWrapper.wrap(clean, width: width)
      #expect(lines.allSatisfy { $0.width <= width }, "\(name) at \(width)")
      #expect(LineWrapper.lineCount(clean, width: width) == lines.count, "\(name) at \(width)")
    }
  }

  @Test("truncating to a width", arguments: texts)
  func truncating(name: String, text: String) {
    #expect(DisplayWidth.of(Truncation.truncated(text, toWidth: 40)) <= 40, "\(name)")
  }
}
