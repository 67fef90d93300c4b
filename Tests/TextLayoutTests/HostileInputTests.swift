import Foundation
import TestSupport
import Testing

@testable import TextLayout

/// The sanitizer and the wrapper against the hostile corpus: every payload goes whole, and
/// the inputs that could make a scanner quadratic (unterminated strings, endless clusters,
/// one unbroken word) stay linear. Time bounds are generous (a loaded 2-core machine, a
/// debug build); measured figures are in Benchmarks/README.md ("Hostile input bounds").
@Suite("Hostile input: sanitizer and wrapper")
struct HostileInputTests {
  @Test(
    "every payload leaves no control, C1 or bidi character, and no ESC sequence's body",
    arguments: HostileCorpus.payloads)
  func payloadGoesWhole(_ payload: HostileCorpus.Payload) {
    for text in ["a" + payload.raw + "b", payload.raw + payload.raw, "x\n" + payload.raw + "\n"] {
      let clean = Sanitizer.clean(text)
      #expect(HostileCorpus.forbiddenScalars(in: clean) == [], "\(clean.debugDescription)")
      for marker in HostileCorpus.markers where !payload.bodyStaysAsText {
        #expect(!clean.contains(marker), "\(marker) survived in \(clean.debugDescription)")
      }
    }
  }

  @Test("payloads cut by NUL, invalid bytes (as U+FFFD) and newlines still leave no control")
  func cutPayloads() {
    var generator = SplitMixGenerator(seed: 0x4057_11E)
    let cuts = ["\u{0}", "\u{FFFD}", "\n", "\u{1B}", "\u{9C}", "\u{07}", "\u{18}"]
    for round in 0..<2_000 {
      var text = ""
      for _ in 0..<4 {
        let payload = HostileCorpus.payloads.randomElement(using: &generator)?.raw ?? ""
        let scalars = Array(payload.unicodeScalars)
        let cut = Int.random(in: 0...scalars.count, using: &generator)
        text.unicodeScalars.append(contentsOf: scalars[..<cut])
        text += cuts.randomElement(using: &generator) ?? ""
        text.unicodeScalars.append(contentsOf: scalars[cut...])
      }
      let clean = Sanitizer.clean(text)
      #expect(
        HostileCorpus.forbiddenScalars(in: clean) == [],
        "seed 0x405711E round \(round): \(text.debugDescription)")
    }
  }

  /// Inputs of about 250 KB that a careless scanner would take quadratic time over (50k
  /// squared is billions of steps; linear is milliseconds).
  static let quadraticTraps: [(String, String)] = [
    ("50k unterminated OSC introducers", String(repeating: "\u{1B}]", count: 50_000)),
    ("50k CSI introducers", String(repeating: "\u{1B}[", count: 50_000)),
    ("50k C1 OSC without ST", String(repeating: "\u{9D}x", count: 50_000)),
    ("one OSC with a 250 KB body", "\u{1B}]0;" + String(repeating: "A", count: 250_000)),
    ("250 KB of ESC", String(repeating: "\u{1B}", count: 250_000)),
    ("50k bidi overrides", String(repeating: "\u{202E}x", count: 50_000)),
    ("one cluster of 50k combining marks", "e" + String(repeating: "\u{301}", count: 50_000)),
    ("50k ZWJ-joined emoji", String(repeating: "👩\u{200D}", count: 50_000)),
    ("a 250 KB word", String(repeating: "w", count: 250_000)),
  ]

  @Test("about 250 KB of each scanner trap is sanitized and wrapped in linear time")
  func linearTime() {
    for (name, text) in Self.quadraticTraps {
      let start = Date()
      let clean = Sanitizer.clean(text)
      let lines = LineWrapper.lineCount(clean, width: 40)
      let seconds = Date().timeIntervalSince(start)
      #expect(HostileCorpus.forbiddenScalars(in: clean) == [], "\(name)")
      #expect(lines >= (clean.isEmpty ? 0 : 1), "\(name)")
      // Well under a second each in a debug build on a quiet machine; quadratic would be
      // hours.
      #expect(seconds < 20, "\(name) took \(seconds) s")
    }
  }
}
