import Testing
import TestSupport

@testable import ListEngine

@Suite("Row kinds")
struct RowKindsTests {
  /// Counts by scanning, for comparison.
  static func naiveCount(_ kinds: [Int], kind: Int, below row: Int) -> Int {
    kinds[0..<row].filter { $0 == kind }.count
  }

  @Test("ArrayRowKinds rank queries match a scan", arguments: [1, 2, 3, 4, 5])
  func arrayRanksMatchScan(seed: UInt64) {
    var random = SplitMixGenerator(seed: seed)
    let kindCount = Int.random(in: 1...4, using: &random)
    let rowCount = Int.random(in: 0...300, using: &random)
    let kinds = (0..<rowCount).map { _ in Int.random(in: 0..<kindCount, using: &random) }
    let ranks = ArrayRowKinds(kinds.map(UInt8.init), kindCount: kindCount)
    #expect(ranks.rowCount == rowCount)
    #expect(ranks.kindCount == kindCount)
    for row in 0...rowCount {
      if row < rowCount { #expect(ranks.kind(ofRow: row) == kinds[row]) }
      for kind in 0..<kindCount {
        let expected = Self.naiveCount(kinds, kind: kind, below: row)
        if ranks.count(ofKind: kind, below: row) != expected {
          Issue.record("seed \(seed) row \(row) kind \(kind): expected \(expected)")
          return
        }
      }
    }
  }

  @Test("ArrayRowKinds infers the kind count and handles an empty list")
  func arrayKindCountInference() {
    #expect(ArrayRowKinds([0, 2, 1]).kindCount == 3)
    let empty = ArrayRowKinds([])
    #expect(empty.rowCount == 0)
    #expect(empty.kindCount == 1)
    #expect(empty.count(ofKind: 0, below: 0) == 0)
  }

  @Test(
    "PeriodicRowKinds matches its expanded pattern",
    arguments: [([0], 7), ([0, 1], 0), ([0, 0, 1], 31), ([2, 0, 1, 1, 0], 103)])
  func periodicMatchesExpansion(pattern: [Int], rowCount: Int) {
    let kinds = (0..<rowCount).map { pattern[$0 % pattern.count] }
    let periodic = PeriodicRowKinds(pattern: pattern, rowCount: rowCount)
    #expect(periodic.kindCount == (pattern.max() ?? 0) + 1)
    for row in 0...rowCount {
      if row < rowCount { #expect(periodic.kind(ofRow: row) == kinds[row]) }
      for kind in 0..<periodic.kindCount {
        #expect(
          periodic.count(ofKind: kind, below: row)
            == Self.naiveCount(kinds, kind: kind, below: row))
      }
    }
  }

  @Test("PeriodicRowKinds answers for ten million rows without storage")
  func periodicTenMillion() {
    let periodic = PeriodicRowKinds(pattern: [0, 0, 1], rowCount: 10_000_000)
    #expect(periodic.count(ofKind: 1, below: 10_000_000) == 3_333_333)
    #expect(periodic.count(ofKind: 0, below: 10_000_000) == 6_666_667)
    #expect(periodic.kind(ofRow: 9_999_999) == 0)
  }
}
