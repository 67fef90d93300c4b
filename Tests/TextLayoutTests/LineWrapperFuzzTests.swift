import TestSupport
import Testing

@testable import TextLayout

@Suite("LineWrapper fuzz")
struct LineWrapperFuzzTests {
  /// Checks the invariants every wrap must keep; returns the first violation.
  private func violation(of lines: [WrappedLine], width: Int) -> String? {
    for (index, line) in lines.enumerated() {
      if line.width > width { return "line \(index) is \(line.width) wide" }
      if line.width != DisplayWidth.of(line.text) { return "line \(index) width is wrong" }
      if line.text.last == " " { return "line \(index) ends with a space" }
      if line.text.contains("\n") || line.text.contains("\t") {
        return "line \(index) holds a newline or tab"
      }
    }
    return nil
  }

  @Test("sanitized-style text: widths within W, no trailing space, content kept in order")
  func cleanAlphabet() {
    let seed: UInt64 = 0xF00D
    var generator = SplitMixGenerator(seed: seed)
    for round in 0..<4000 {
      let text = Alphabet.string(
        from: Alphabet.clean, count: Int(generator.next() % 30), using: &generator)
      let width = Int(generator.next() % 24)
      let lines = LineWrapper.wrap(text, width: width)
      let context = "seed \(seed) round \(round) width \(width): \(text.debugDescription)"
      #expect(violation(of: lines, width: width) == nil, "\(context)")
      if width == 0 {
        #expect(lines.isEmpty, "\(context)")
      } else {
        let difference = contentDifference(
          input: text, output: lines.map(\.text), width: width)
        #expect(difference == nil, "\(context)")
        #expect(LineWrapper.lineCount(text, width: width) == lines.count, "\(context)")
      }
    }
  }

  @Test("source lines and blank lines survive: one output line at least per source line")
  func newlinesKept() {
    let seed: UInt64 = 0xB1A4
    var generator = SplitMixGenerator(seed: seed)
    for round in 0..<1000 {
      let text = Alphabet.string(
        from: Alphabet.clean, count: 1 + Int(generator.next() % 30), using: &generator)
      let width = 1 + Int(generator.next() % 30)
      let sourceLines = text.split(separator: "\n", omittingEmptySubsequences: false).count
      #expect(
        LineWrapper.wrap(text, width: width).count >= sourceLines,
        "seed \(seed) round \(round): \(text.debugDescription)")
    }
  }

  @Test("any input at all, controls and escapes included, terminates within the invariants")
  func hostileAlphabet() {
    let seed: UInt64 = 0xBAD
    var generator = SplitMixGenerator(seed: seed)
    for round in 0..<4000 {
      let text = Alphabet.string(
        from: Alphabet.hostile, count: Int(generator.next() % 40), using: &generator)
      let width = Int(generator.next() % 12)
      let lines = LineWrapper.wrap(text, width: width)
      #expect(
        violation(of: lines, width: width) == nil,
        "seed \(seed) round \(round) width \(width): \(text.debugDescription)")
    }
  }

  @Test("random scalars from the whole code space")
  func randomScalars() {
    let seed: UInt64 = 0x5CA1A
    var generator = SplitMixGenerator(seed: seed)
    for round in 0..<2000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int(generator.next() % 30) {
        let value = UInt32(generator.next() % 0x11_0000)
        scalars.append(Unicode.Scalar(value) ?? " ")
      }
      let text = String(scalars)
      let width = Int(generator.next() % 10)
      let lines = LineWrapper.wrap(text, width: width)
      #expect(
        violation(of: lines, width: width) == nil,
        "seed \(seed) round \(round) width \(width): \(text.debugDescription)")
    }
  }
}
