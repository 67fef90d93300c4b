import Testing

@testable import TextLayout

/// Text whose cleaning and wrapping must cost linear time: a run of one character, one huge
/// cluster, unterminated escape sequences. 200k scalars each: quadratic work would take
/// minutes, so the suite's time limit turns it into a failure (`Fuzz/FuzzWrap` covers the
/// same class on small inputs with libFuzzer's per-input timeout).
@Suite("Linear time on repetitive text", .timeLimit(.minutes(1)))
struct LinearTimeFuzzRegressionTests {
  static let count = 200_000

  /// A big text, made when its test runs and shown by name only (not 200k characters).
  struct Input: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () -> String
    var testDescription: String { name }
  }

  static let texts: [Input] = [
    Input(name: "one long word") { String(repeating: "a", count: count) },
    Input(name: "spaces") { String(repeating: " ", count: count) + "a" },
    Input(name: "tabs") { String(repeating: "\t", count: count) + "a" },
    Input(name: "newlines") { String(repeating: "\n", count: count) },
    Input(name: "combining marks on one base") {
      "e" + String(repeating: "\u{301}", count: count)
    },
    Input(name: "orphan combining marks") { String(repeating: "\u{301}", count: count) },
    Input(name: "ZWJ chain") { String(repeating: "👨\u{200D}", count: count / 2) + "👨" },
    Input(name: "wide characters") { String(repeating: "中", count: count) },
    Input(name: "unterminated CSI") { "\u{1B}[" + String(repeating: "1;", count: count) },
    Input(name: "unterminated OSC") { "\u{1B}]" + String(repeating: "x", count: count) },
    Input(name: "ESC run") { String(repeating: "\u{1B}", count: count) },
    Input(name: "CR LF run") { String(repeating: "\r\n", count: count) },
    Input(name: "regional indicators") { String(repeating: "\u{1F1EF}", count: count) },
  ]

  @Test("sanitizing", arguments: texts)
  func sanitizing(input: Input) {
    let text = input.make()
    #expect(Sanitizer.clean(text).unicodeScalars.count <= text.unicodeScalars.count * 2)
  }

  @Test("wrapping at widths 1, 80 and 300", arguments: texts)
  func wrapping(input: Input) {
    let clean = Sanitizer.clean(input.make())
    for width in [1, 80, 300] {
      let lines = LineWrapper.wrap(clean, width: width)
      #expect(lines.allSatisfy { $0.width <= width }, "width \(width)")
      #expect(LineWrapper.lineCount(clean, width: width) == lines.count, "width \(width)")
    }
  }

  @Test("truncating to a width", arguments: texts)
  func truncating(input: Input) {
    #expect(DisplayWidth.of(Truncation.truncated(input.make(), toWidth: 40)) <= 40)
  }
}
