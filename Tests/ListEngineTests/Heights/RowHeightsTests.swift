import Testing
import TestSupport

@testable import ListEngine

@Suite("Row heights")
struct RowHeightsTests {
  /// A naive model of `RowHeights`: a dictionary of measured heights per cached width.
  struct NaiveHeights {
    let kinds: [Int]
    /// Most recent first, at most `RowHeights.cachedWidthLimit`.
    var caches: [(width: Int, measured: [Int: Int])]

    func estimate(ofKind kind: Int) -> Int {
      let heights = caches[0].measured.filter { kinds[$0.key] == kind }.map(\.value)
      guard !heights.isEmpty else { return max(1, TestRows.estimate(kind: kind, width: 0)) }
      let sum = heights.reduce(0, +)
      return Int((Double(sum) / Double(heights.count)).rounded(.toNearestOrAwayFromZero))
    }

    /// Offsets of rows `0...rowCount`, each row counting its measured height or estimate.
    func offsets() -> [Int] {
      let estimates = [estimate(ofKind: 0), estimate(ofKind: 1)]
      var offsets = [0]
      for row in kinds.indices {
        offsets.append(offsets[row] + (caches[0].measured[row] ?? estimates[kinds[row]]))
      }
      return offsets
    }

    mutating func setWidth(_ width: Int) {
      let index = caches.firstIndex { $0.width == width }
      let cache = index.map { caches.remove(at: $0) } ?? (width, [:])
      caches.insert(cache, at: 0)
      caches = Array(caches.prefix(RowHeights<ArrayRowKinds>.cachedWidthLimit))
    }
  }

  @Test(
    "offsets, totals and row(atOffset:) match a naive sum under random measuring, invalidation and width changes",
    arguments: [21, 22, 23, 24, 25])
  func randomAgainstNaive(seed: UInt64) {
    var random = SplitMixGenerator(seed: seed)
    let rowCount = Int.random(in: 1...120, using: &random)
    let kinds = TestRows.kinds(count: rowCount, seed: Int(seed))
    var salts = [Int](repeating: 0, count: rowCount)
    var heights = RowHeights(
      kinds: ArrayRowKinds(kinds, kindCount: 2), width: 80,
      initialEstimate: { kind, width in TestRows.estimate(kind: kind, width: width) },
      measure: TestRows.measure(kinds: kinds, salts: salts))
    var naive = NaiveHeights(kinds: kinds.map(Int.init), caches: [(80, [:])])
    for step in 0..<500 {
      let row = Int.random(in: 0..<rowCount, using: &random)
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<6:
        let before = heights.stats.rowsMeasured
        let height = heights.height(ofRow: row)
        let expected = TestRows.height(
          row: row, width: heights.width, kind: Int(kinds[row]), salt: salts[row])
        let wasMeasured = naive.caches[0].measured[row] != nil
        #expect(height == expected)
        #expect(heights.stats.rowsMeasured == before + (wasMeasured ? 0 : 1))
        naive.caches[0].measured[row] = expected
      case 6..<8:
        salts[row] += 1
        heights.measure = TestRows.measure(kinds: kinds, salts: salts)
        heights.invalidate(row: row)
        for index in naive.caches.indices { naive.caches[index].measured[row] = nil }
      default:
        let width = [10, 30, 50, 80, 120][Int.random(in: 0..<5, using: &random)]
        heights.setWidth(width)
        naive.setWidth(width)
      }
      heights.checkInvariants()
      #expect(heights.cachedWidths == naive.caches.map(\.width))
      guard compare(heights, naive, seed: seed, step: step, random: &random) else { return }
    }
  }

  private func compare(
    _ heights: RowHeights<ArrayRowKinds>, _ naive: NaiveHeights, seed: UInt64, step: Int,
    random: inout SplitMixGenerator
  ) -> Bool {
    let rowCount = naive.kinds.count
    let offsets = naive.offsets()
    let total = offsets[rowCount]
    if heights.totalHeight != total || heights.measuredRowCount != naive.caches[0].measured.count {
      Issue.record("seed \(seed) step \(step): total \(heights.totalHeight) != \(total)")
      return false
    }
    for _ in 0..<3 {
      let row = Int.random(in: 0...rowCount, using: &random)
      if heights.offset(ofRow: row) != offsets[row] {
        Issue.record("seed \(seed) step \(step): offset of row \(row) differs")
        return false
      }
      let line = Int.random(in: -2...(total + 2), using: &random)
      let expected = (0..<rowCount).last { offsets[$0] <= line } ?? 0
      if heights.row(atOffset: line) != expected {
        Issue.record("seed \(seed) step \(step): row(atOffset: \(line)) != \(expected)")
        return false
      }
    }
    return true
  }

  /// Heights from a fixed table, ignoring width.
  static func tableHeights(_ table: [Int], kinds: [UInt8]) -> RowHeights<ArrayRowKinds> {
    RowHeights(
      kinds: ArrayRowKinds(kinds, kindCount: 2), width: 40,
      initialEstimate: { kind, _ in kind == 0 ? 2 : 7 }, measure: { row, _ in table[row] })
  }

  @Test("unmeasured rows count as the initial estimate of their kind")
  func initialEstimates() {
    let heights = Self.tableHeights([1, 1, 1, 1, 1], kinds: [0, 1, 0, 1, 1])
    #expect(heights.offset(ofRow: 2) == 2 + 7)
    #expect(heights.totalHeight == 2 * 2 + 3 * 7)
    #expect(heights.knownHeight(ofRow: 4) == 7)
    #expect(heights.stats.rowsMeasured == 0)
  }

  @Test("the running mean of measured heights rounds half up and replaces the estimate")
  func runningMeanRoundsHalfUp() {
    var heights = Self.tableHeights([3, 4, 9, 1, 1, 1], kinds: [0, 0, 0, 1, 0, 0])
    _ = heights.height(ofRow: 0)
    _ = heights.height(ofRow: 1)
    #expect(heights.estimatedHeight(ofKind: 0) == 4)
    #expect(heights.estimatedHeight(ofKind: 1) == 7)
    #expect(heights.totalHeight == 3 + 4 + 4 + 7 + 4 + 4)
    _ = heights.height(ofRow: 2)
    #expect(heights.estimatedHeight(ofKind: 0) == 5)
    heights.invalidate(row: 2)
    #expect(heights.estimatedHeight(ofKind: 0) == 4)
  }

  @Test("a recent width keeps its measurements; the oldest beyond four is dropped")
  func recentWidthsAreKept() {
    let kinds = TestRows.kinds(count: 50, seed: 3)
    var heights = RowHeights(
      kinds: ArrayRowKinds(kinds, kindCount: 2), width: 80,
      initialEstimate: { _, _ in 3 }, measure: TestRows.measure(kinds: kinds, salts: nil))
    for row in 0..<10 { _ = heights.height(ofRow: row) }
    heights.setWidth(50)
    for row in 0..<10 { _ = heights.height(ofRow: row) }
    heights.setWidth(80)
    heights.resetStats()
    for row in 0..<10 { _ = heights.height(ofRow: row) }
    #expect(heights.stats.rowsMeasured == 0)
    for width in [81, 82, 83] { heights.setWidth(width) }
    #expect(heights.cachedWidths == [83, 82, 81, 80])
    heights.setWidth(84)
    #expect(heights.cachedWidths == [84, 83, 82, 81])
    heights.setWidth(50)
    #expect(heights.measuredRowCount == 0)
  }

  @Test("estimates and measurements below 1 count as 1")
  func tinyHeightsClamp() {
    var heights = RowHeights(
      kinds: PeriodicRowKinds(pattern: [0], rowCount: 4), width: 0,
      initialEstimate: { _, _ in 0 }, measure: { _, _ in -3 })
    #expect(heights.totalHeight == 4)
    #expect(heights.height(ofRow: 1) == 1)
    heights.checkInvariants()
  }
}
