import Testing
import TestSupport

@testable import TextLayout

@Suite("GraphemeScanner")
struct GraphemeScannerTests {
  /// Byte offset where each cluster ends and its width, as the scanner sees them.
  private func scannedClusters(_ text: String) -> [[Int]] {
    var text = text
    return text.withUTF8 { bytes in
      let scanner = GraphemeScanner(bytes: bytes, table: WidthTable.shared)
      var clusters: [[Int]] = []
      var index = 0
      while index < bytes.count {
        let cluster = scanner.cluster(from: index, limit: bytes.count)
        #expect(cluster.end > index)
        clusters.append([cluster.end, cluster.width])
        index = cluster.end
      }
      return clusters
    }
  }

  /// Byte offset where each of Swift's `Character`s ends and its width.
  private func swiftClusters(_ text: String) -> [[Int]] {
    var clusters: [[Int]] = []
    var offset = 0
    for character in text {
      offset += character.utf8.count
      clusters.append([offset, DisplayWidth.of(character)])
    }
    return clusters
  }

  @Test("clusters and their widths agree with Swift's Character on random text")
  func agreesWithCharacter() {
    let seed: UInt64 = 0xC1A5
    var generator = SplitMixGenerator(seed: seed)
    for round in 0..<3000 {
      let text = Alphabet.string(
        from: Alphabet.hostile, count: Int(generator.next() % 40), using: &generator)
      #expect(
        scannedClusters(text) == swiftClusters(text),
        "seed \(seed) round \(round): \(text.debugDescription)")
    }
  }

  @Test("two simple scalars always have a cluster boundary between them")
  func simpleScalarsBreak() {
    let partners: [Unicode.Scalar] = ["a", " ", "\n", "中", "©", "한", "ا", "😀", "\u{2028}"]
    var failures: [String] = []
    for value in UInt32(0)...0x3FFFF {
      let isAstral = value > 0xFFFF
      if isAstral && value % 7 != 0 { continue }
      guard let scalar = Unicode.Scalar(value), GraphemeScanner.isSimple(value) else { continue }
      for partner in partners where GraphemeScanner.isSimple(partner.value) {
        var forward = String.UnicodeScalarView()
        forward.append(scalar)
        forward.append(partner)
        var backward = String.UnicodeScalarView()
        backward.append(partner)
        backward.append(scalar)
        if String(forward).count != 2 || String(backward).count != 2 {
          failures.append(
            "U+\(String(value, radix: 16)) with U+\(String(partner.value, radix: 16))")
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10))")
  }

  @Test("a cluster's width is the sum over its scalars")
  func clusterWidth() {
    var text = "👨‍👩‍👧e\u{301}🇯🇵"
    let widths = text.withUTF8 { bytes in
      let scanner = GraphemeScanner(bytes: bytes, table: WidthTable.shared)
      var result: [Int] = []
      var index = 0
      while index < bytes.count {
        let cluster = scanner.cluster(from: index, limit: bytes.count)
        result.append(cluster.width)
        index = cluster.end
      }
      return result
    }
    #expect(widths == [6, 1, 2])
  }
}
