import TestSupport
import Testing

@testable import TextLayout

/// Text whose cleaning and wrapping must cost linear time: a run of one character, one huge
/// cluster, unterminated escape sequences. 200k scalars each: quadratic work would take
/// minutes, so the suite's time limit turns it into a failure (`Fuzz/FuzzWrap` covers the
/// same class on small inputs with libFuzzer's per-input timeout).
@Suite("Linear time on repetitive text", .timeLimit(.minutes(1)))
struct LinearTimeFuzzRegressionTests {
  static let count = 200_000

  static let texts: [NamedInput] = [
    NamedInput(name: "one long word") { String(repeating: "a", count: count) },
    NamedInput(name: "spaces") { String(repeating: " ", count: count) + "a" },
    NamedInput(name: "tabs") { String(repeating: "\t", count: count) + "a" },
    NamedInput(name: "newlines") { String(repeating: "\n", count: count) },
    NamedInput(name: "combining marks on one base") {
      "e" + String(repeating: "\u{301}", count: count)
    },
    NamedInput(name: "orphan combining marks") { String(repeating: "\u{301}", count: count) },
    NamedInput(name: "ZWJ chain") { String(repeating: "👨\u{200D}", count: count / 2) + "👨" },
    NamedInput(name: "wide characters") { String(repeating: "中", count: count) },
    NamedInput(name: "unterminated CSI") { "\u{1B}[" + String(repeating: "1;", count: count) },
    NamedInput(name: "unterminated OSC") { "\u{1B}]" + String(repeating: "x", count: count) },
    NamedInput(name: "ESC run") { String(repeating: "\u{1B}", count: count) },
    NamedInput(name: "CR LF run") { String(repeating: "\r\n", count: count) },
    NamedInput(name: "regional indicators") { String(repeating: "\u{1F1EF}", count: count) },
  ]

  @Test("sanitizing", arguments: texts)
  func sanitizing(input: NamedInput) {
    let text = input.make()
    #expect(Sanitizer.clean(text).unicodeScalars.count <= text.unicodeScalars.count * 2)
  }

  @Test("wrapping at widths 1, 80 and 300", arguments: texts)
  func wrapping(input: NamedInput) {
    let clean = Sanitizer.clean(input.make())
    for width in [1, 80, 300] {
      let lines = LineWrapper.wrap(clean, width: width)
      #expect(lines.allSatisfy { $0.width <= width }, "width \(width)")
      #expect(LineWrapper.lineCount(clean, width: width) == lines.count, "width \(width)")
    }
  }

  @Test("truncating to a width", arguments: texts)
  func truncating(input: NamedInput) {
    #expect(DisplayWidth.of(Truncation.truncated(input.make(), toWidth: 40)) <= 40)
  }
}

/// Parameterized cases show the input's name, not its 200k characters.
extension NamedInput: CustomTestStringConvertible {
  public var testDescription: String { name }
}
