import ListEngine
import Testing
import TestSupport

/// Seeded random runs of every viewport operation against `NaiveList`, which lays out every
/// row; frames, selection and anchor must agree exactly after every step.
@Suite("Viewport against a naive model")
struct ListViewportModelTests {
  static let widths = [0, 1, 5, 19, 20, 40, 80]

  /// One random run; records the seed and step of the first disagreement and stops.
  struct Run {
    let seed: UInt64
    var random: SplitMixGenerator
    let kinds: [UInt8]
    var salts: [Int]
    var engine: ListViewport<ArrayRowKinds>
    var naive: NaiveList
    var step = 0
    var operation = "open"

    init(seed: UInt64) {
      self.seed = seed
      random = SplitMixGenerator(seed: seed)
      let sizes = [0, 1, 2, 3, 7, 25, 60]
      let rowCount = sizes[Int.random(in: 0..<sizes.count, using: &random)]
      kinds = TestRows.kinds(count: rowCount, seed: Int(seed))
      salts = [Int](repeating: 0, count: rowCount)
      let width = Self.pick(ListViewportModelTests.widths, &random)
      let height = Int.random(in: 0...14, using: &random)
      engine = TestRows.viewport(kinds: kinds, salts: salts, width: width, height: height)
      naive = NaiveList(
        rowCount: rowCount, width: width, height: height,
        measure: TestRows.measure(kinds: kinds, salts: salts))
    }

    static func pick<T>(_ values: [T], _ random: inout SplitMixGenerator) -> T {
      values[Int.random(in: 0..<values.count, using: &random)]
    }

    var rowCount: Int { kinds.count }

    /// Applies one random operation to both sides.
    mutating func applyRandomOperation() {
      let screen = engine.height
      let row = Int.random(in: -2...(rowCount + 2), using: &random)
      switch Int.random(in: 0..<13, using: &random) {
      case 0:
        let lines = Int.random(in: -(2 * screen + 3)...(2 * screen + 3), using: &random)
        operation = "scroll(byLines: \(lines))"
        engine.scroll(byLines: lines)
        naive.scroll(byLines: lines)
      case 1:
        operation = "scroll(toRow: \(row))"
        engine.scroll(toRow: row)
        naive.scroll(toRow: row)
      case 2:
        operation = "jumpToStart"
        engine.jumpToStart()
        naive.jumpToStart()
      case 3:
        operation = "jumpToEnd"
        engine.jumpToEnd()
        naive.jumpToEnd()
      case 4:
        operation = "select(row: \(row))"
        engine.select(row: row)
        naive.select(row: row)
      case 5:
        let rows = Self.pick([-3, -1, 1, 3], &random)
        operation = "moveSelection(by: \(rows))"
        engine.moveSelection(by: rows)
        naive.moveSelection(by: rows)
      case 6, 7:
        applyPageMove()
      case 8, 9:
        applyResize()
      case 10:
        applyContentChange(row: row)
      default:
        applyMeasureAbove()
      }
    }

    private mutating func applyPageMove() {
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        operation = "pageDown"
        engine.pageDown()
        naive.moveSelection(byLines: max(1, engine.height))
      case 1:
        operation = "pageUp"
        engine.pageUp()
        naive.moveSelection(byLines: -max(1, engine.height))
      case 2:
        operation = "halfPageDown"
        engine.halfPageDown()
        naive.moveSelection(byLines: max(1, engine.height / 2))
      default:
        operation = "halfPageUp"
        engine.halfPageUp()
        naive.moveSelection(byLines: -max(1, engine.height / 2))
      }
    }

    private mutating func applyResize() {
      let width =
        Bool.random(using: &random)
        ? engine.width : Self.pick(ListViewportModelTests.widths, &random)
      let height =
        Bool.random(using: &random) ? engine.height : Int.random(in: 0...14, using: &random)
      operation = "resize(width: \(width), height: \(height))"
      let before = engine.anchor
      engine.resize(width: width, height: height)
      naive.resize(width: width, height: height)
      guard rowCount > 0, !naive.settleMovedView else { return }
      // Rule: unless a gap or the selection forced a move, the anchored row stays put.
      let rowHeight = engine.heights.measuredHeight(ofRow: before.row) ?? 0
      let expected = ScrollAnchor(row: before.row, line: min(before.line, rowHeight - 1))
      if engine.anchor != expected {
        Issue.record(
          "seed \(seed) step \(step) \(operation): anchor \(engine.anchor) != \(expected)")
      }
    }

    private mutating func applyContentChange(row: Int) {
      guard rowCount > 0 else { return }
      let changed = min(max(row, 0), rowCount - 1)
      operation = "invalidate(row: \(changed))"
      salts[changed] += 1
      let measure = TestRows.measure(kinds: kinds, salts: salts)
      engine.measure = measure
      engine.invalidate(row: changed)
      naive.contentChanged(measure: measure)
    }

    /// Measures rows above the anchor: the screen must not move.
    private mutating func applyMeasureAbove() {
      let anchorRow = engine.anchor.row
      let lower = Int.random(in: 0...anchorRow, using: &random)
      operation = "measure(rows: \(lower)..<\(anchorRow))"
      let frame = engine.visibleRows
      let anchor = engine.anchor
      engine.measure(rows: lower..<anchorRow)
      if engine.visibleRows != frame || engine.anchor != anchor {
        Issue.record("seed \(seed) step \(step): measuring rows above moved the screen")
      }
    }

    /// Compares the two sides; records an issue and returns false on a difference.
    func agrees() -> Bool {
      let engineFrame = engine.visibleRows.map { [$0.row, $0.y, $0.height] }
      let naiveFrame = naive.visibleRows.map { [$0.row, $0.y, $0.height] }
      let naiveAnchor = naive.anchor
      var problem: String?
      if engineFrame != naiveFrame {
        problem = "frame \(engineFrame) != naive \(naiveFrame)"
      } else if engine.selection != naive.selection {
        problem = "selection \(engine.selection as Any) != naive \(naive.selection as Any)"
      } else if engine.anchor != ScrollAnchor(row: naiveAnchor.row, line: naiveAnchor.line) {
        problem = "anchor \(engine.anchor) != naive \(naiveAnchor)"
      } else if let offsetProblem = offsetDisagreement() {
        problem = offsetProblem
      }
      guard let problem else { return true }
      Issue.record(
        "seed \(seed) step \(step) after \(operation) (width \(engine.width), height \(engine.height), rows \(rowCount)): \(problem)"
      )
      return false
    }

    /// Once every row above the anchor is measured, its offset is exact.
    private func offsetDisagreement() -> String? {
      guard rowCount > 0 else { return nil }
      let row = engine.anchor.row
      guard (0..<row).allSatisfy({ engine.heights.measuredHeight(ofRow: $0) != nil }) else {
        return nil
      }
      let expected = naive.offsets[row]
      let actual = engine.offset(ofRow: row)
      return actual == expected ? nil : "offset of row \(row) \(actual) != naive \(expected)"
    }
  }

  @Test(
    "random scroll, jump, resize, select, measure and invalidate runs match the naive model",
    arguments: Array(UInt64(100)..<UInt64(164)))
  func randomRuns(seed: UInt64) {
    var run = Run(seed: seed)
    run.engine.checkInvariants()
    guard run.agrees() else { return }
    for step in 1...400 {
      run.step = step
      run.applyRandomOperation()
      run.engine.checkInvariants()
      guard run.agrees() else { return }
    }
  }

  @Test("with every row measured, offsets, total and row(atOffset:) equal the naive layout")
  func fullyMeasuredOffsets() {
    for seed in UInt64(200)..<UInt64(208) {
      var run = Run(seed: seed)
      guard run.rowCount > 0 else { continue }
      run.engine.measure(rows: 0..<run.rowCount)
      #expect(run.engine.estimatedTotalHeight == run.naive.total, "seed \(seed)")
      for row in 0...run.rowCount {
        #expect(run.engine.offset(ofRow: row) == run.naive.offsets[row], "seed \(seed)")
      }
      for line in 0..<run.naive.total {
        #expect(run.engine.row(atOffset: line) == run.naive.row(atLine: line), "seed \(seed)")
      }
    }
  }
}
