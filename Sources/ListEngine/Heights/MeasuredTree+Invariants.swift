extension MeasuredTree {
  /// Checks search order, heap order and every node's sums; traps on the first violation.
  ///
  /// O(m). For tests, after every mutation.
  func checkInvariants() {
    var visited = 0
    if root != Self.none {
      _ = check(root, above: Int.min, below: Int.max, visited: &visited)
    }
    precondition(visited == count, "count \(count) but \(visited) nodes reachable")
  }

  /// Checks a subtree whose rows must lie strictly between `above` and `below`.
  ///
  /// - Returns: its height sum and per-kind counts, recomputed from scratch.
  private func check(
    _ node: Int32, above: Int, below: Int, visited: inout Int
  ) -> (height: Int, kinds: [Int]) {
    visited += 1
    let here = nodes[Int(node)]
    precondition(here.row > above && here.row < below, "row \(here.row) out of search order")
    precondition(here.height >= 1, "row \(here.row) has height \(here.height)")
    precondition(here.priority == Self.priority(ofRow: here.row), "stale priority")
    var height = here.height
    var kinds = [Int](repeating: 0, count: kindCount)
    kinds[here.kind] += 1
    for (child, low, high) in [(here.left, above, here.row), (here.right, here.row, below)]
    where child != Self.none {
      let childNode = nodes[Int(child)]
      precondition(
        childNode.priority < here.priority
          || (childNode.priority == here.priority && here.row < childNode.row),
        "heap order broken at row \(here.row)")
      let sums = check(child, above: low, below: high, visited: &visited)
      height += sums.height
      for kind in 0..<kindCount { kinds[kind] += sums.kinds[kind] }
    }
    precondition(here.subtreeHeight == height, "stale height sum at row \(here.row)")
    for kind in 0..<kindCount {
      precondition(
        storedCount(of: node, kind: kind) == kinds[kind], "stale kind count at row \(here.row)")
    }
    return (height, kinds)
  }
}
