import Foundation
import TestSupport
import Testing

@testable import FeedCore

/// The word-at-a-time scans against the byte-at-a-time rules they stand for, on bytes chosen
/// to sit at every offset of a word: the bytes each rule looks for, their neighbours (0x1F and
/// 0x20, 0x7E and 0x7F, 0x7F and 0x80), UTF-8 lead and continuation bytes.
@Suite("Word scans: the answers of a byte-at-a-time loop")
struct WordScanTests {
  static let interesting: [UInt8] = [
    0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x26, 0x3C, 0x5B, 0x5C, 0x5D, 0x61, 0x7E,
    0x7F, 0x80, 0x9F, 0xA0, 0xC2, 0xD8, 0xE2, 0xFF,
  ]

  /// Mostly printable text, with one or two interesting bytes at random places.
  static func samples(count: Int, seed: UInt64) -> [[UInt8]] {
    var generator = SplitMixGenerator(seed: seed)
    return (0..<count).map { _ in
      let length = Int.random(in: 0...40, using: &generator)
      var bytes = (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
      for _ in 0..<Int.random(in: 0...2, using: &generator) where !bytes.isEmpty {
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        bytes[at] = interesting.randomElement(using: &generator) ?? 0
      }
      return bytes
    }
  }

  @Test("jsonAttention stops at the first byte a JSON string must look at", arguments: [1, 2])
  func jsonAttention(seed: UInt64) {
    for bytes in Self.samples(count: 20_000, seed: seed) {
      bytes.withUnsafeBufferPointer { buffer in
        for start in 0...min(buffer.count, 9) {
          let expected =
            buffer[start...].firstIndex { byte in
              byte < 0x20 || byte == 0x22 || byte == 0x5C || byte >= 0x7F
            } ?? buffer.count
          #expect(TextScan.jsonAttention(in: buffer, from: start) == expected, "\(bytes) \(start)")
        }
      }
    }
  }

  @Test("isPrintableASCII is true exactly when every byte is 0x20-0x7E", arguments: [3, 4])
  func printableASCII(seed: UInt64) {
    var both = (true: 0, false: 0)
    for bytes in Self.samples(count: 20_000, seed: seed) {
      let expected = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
      let answer = bytes.withUnsafeBufferPointer { TextScan.isPrintableASCII($0) }
      #expect(answer == expected, "\(bytes)")
      if expected { both.true += 1 } else { both.false += 1 }
    }
    // Both answers are asked about often.
    #expect(both.true > 1_000 && both.false > 1_000, "\(both)")
  }

  @Test("JSON strings escape the same with and without the word scan")
  func quotedStrings() throws {
    for bytes in Self.samples(count: 5_000, seed: 5) {
      let text = String(decoding: bytes, as: UTF8.self)
      let json = JSONText.object([(key: "k", value: text)])
      // Any JSON reader gets the text back (invalid UTF-8 was repaired when it was made).
      let data = try #require(json.data(using: .utf8))
      let object = try JSONSerialization.jsonObject(with: data) as? [String: String]
      #expect(object?["k"] == text, "\(bytes)")
      // What a terminal would act on is escaped: no raw control byte, DEL or C1 control.
      let raw = Array(json.utf8)
      #expect(!raw.contains { $0 < 0x20 && $0 != 0x0A }, "\(bytes)")
      #expect(!raw.contains(0x7F), "\(bytes)")
      #expect(!zip(raw, raw.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) })
    }
  }
}
