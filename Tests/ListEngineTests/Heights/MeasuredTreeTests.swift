import Testing
import TestSupport

@testable import ListEngine

@Suite("Measured tree")
struct MeasuredTreeTests {
  /// Sums over a naive array of optional (kind, height) pairs.
  static func naiveSums(
    _ rows: [(kind: Int, height: Int)?], below row: Int, weights: [Int]
  ) -> (height: Int, weighted: Int) {
    var height = 0
    var weighted = 0
    for entry in rows[0..<row] {
      guard let entry else { continue }
      height += entry.height
      weighted += weights[entry.kind]
    }
    return (height, weighted)
  }

  @Test(
    "sums, heights and counts match a naive array under random inserts and removes",
    arguments: [11, 12, 13, 14, 15, 16])
  func randomAgainstNaive(seed: UInt64) {
    var random = SplitMixGenerator(seed: seed)
    let rowCount = Int.random(in: 1...200, using: &random)
    let kindCount = Int.random(in: 1...3, using: &random)
    var tree = MeasuredTree(kindCount: kindCount)
    var naive = [(kind: Int, height: Int)?](repeating: nil, count: rowCount)
    for step in 0..<600 {
      let row = Int.random(in: 0..<rowCount, using: &random)
      if let stored = naive[row] {
        let removed = tree.remove(row: row)
        if removed?.kind != stored.kind || removed?.height != stored.height {
          Issue.record("seed \(seed) step \(step): remove(row: \(row)) returned \(removed as Any)")
          return
        }
        naive[row] = nil
      } else {
        let entry = (
          kind: Int.random(in: 0..<kindCount, using: &random),
          height: Int.random(in: 1...12, using: &random)
        )
        tree.insert(row: row, kind: entry.kind, height: entry.height)
        naive[row] = entry
      }
      tree.checkInvariants()
      guard compare(tree, naive, seed: seed, step: step, random: &random) else { return }
    }
  }

  /// Compares every query at a few random points; records an issue and returns false on the
  /// first mismatch.
  private func compare(
    _ tree: MeasuredTree, _ naive: [(kind: Int, height: Int)?], seed: UInt64, step: Int,
    random: inout SplitMixGenerator
  ) -> Bool {
    let stored = naive.compactMap { $0 }
    guard tree.count == stored.count, tree.totalHeight == stored.reduce(0, { $0 + $1.height })
    else {
      Issue.record("seed \(seed) step \(step): count or total differs")
      return false
    }
    for kind in 0..<tree.kindCount {
      let expected = stored.filter { $0.kind == kind }.count
      guard tree.count(ofKind: kind) != expected else { continue }
      Issue.record("seed \(seed) step \(step): count(ofKind: \(kind)) differs")
      return false
    }
    for _ in 0..<4 {
      let row = Int.random(in: 0...naive.count, using: &random)
      let weights = (0..<tree.kindCount).map { _ in Int.random(in: 1...9, using: &random) }
      let expected = Self.naiveSums(naive, below: row, weights: weights)
      let actual = tree.sums(below: row, weights: weights)
      if actual != expected {
        Issue.record("seed \(seed) step \(step): sums below \(row) \(actual) != \(expected)")
        return false
      }
      if row < naive.count && tree.height(ofRow: row) != naive[row]?.height {
        Issue.record("seed \(seed) step \(step): height of \(row) differs")
        return false
      }
    }
    return true
  }

  @Test("rows inserted in order keep the tree shallow")
  func ascendingInsertsStayBalanced() {
    var tree = MeasuredTree(kindCount: 1)
    for row in 0..<4096 { tree.insert(row: row, kind: 0, height: 1 + row % 5) }
    tree.checkInvariants()
    #expect(depth(of: tree, tree.root) < 40)
    var visited: [Int] = []
    tree.forEach { row, _, _ in visited.append(row) }
    #expect(visited == Array(0..<4096))
  }

  private func depth(of tree: MeasuredTree, _ node: Int32) -> Int {
    guard node != MeasuredTree.none else { return 0 }
    let here = tree.nodes[Int(node)]
    return 1 + max(depth(of: tree, here.left), depth(of: tree, here.right))
  }

  @Test("removing every row empties the tree and reuses its slots")
  func removeAllReusesSlots() {
    var tree = MeasuredTree(kindCount: 2)
    for row in stride(from: 0, to: 100, by: 3) { tree.insert(row: row, kind: row % 2, height: 2) }
    let slots = tree.nodes.count
    for row in stride(from: 0, to: 100, by: 3) { tree.remove(row: row) }
    tree.checkInvariants()
    #expect(tree.count == 0 && tree.totalHeight == 0)
    #expect(tree.remove(row: 3) == nil)
    for row in 0..<slots { tree.insert(row: row, kind: 0, height: 1) }
    #expect(tree.nodes.count == slots)
    tree.checkInvariants()
  }
}
