/// Everything measured at one width: the measured rows and the running mean per kind.
struct WidthCache: Sendable {
  let width: Int
  private(set) var tree: MeasuredTree
  /// Sum of measured heights per kind.
  private var heightSums: [Int]
  /// The client's estimate per kind at this width, clamped to >= 1.
  private let initialEstimates: [Int]
  /// The estimate per kind now: the rounded mean of the measured heights of that kind, or the
  /// initial estimate while none is measured. Kept current on every insert and remove.
  private(set) var estimates: [Int]

  init(width: Int, initialEstimates: [Int]) {
    self.width = width
    self.tree = MeasuredTree(kindCount: initialEstimates.count)
    self.heightSums = [Int](repeating: 0, count: initialEstimates.count)
    self.initialEstimates = initialEstimates.map { max(1, $0) }
    self.estimates = self.initialEstimates
  }

  mutating func insert(row: Int, kind: Int, height: Int) {
    tree.insert(row: row, kind: kind, height: height)
    heightSums[kind] += height
    refreshEstimate(ofKind: kind)
  }

  mutating func remove(row: Int) {
    guard let removed = tree.remove(row: row) else { return }
    heightSums[removed.kind] -= removed.height
    refreshEstimate(ofKind: removed.kind)
  }

  /// The running mean rounds half up: heights 3 and 4 give an estimate of 4.
  private mutating func refreshEstimate(ofKind kind: Int) {
    let count = tree.count(ofKind: kind)
    estimates[kind] =
      count == 0
      ? initialEstimates[kind]
      : (2 * heightSums[kind] + count) / (2 * count)
  }

  func checkInvariants() {
    tree.checkInvariants()
    var sums = [Int](repeating: 0, count: heightSums.count)
    tree.forEach { _, kind, height in sums[kind] += height }
    precondition(sums == heightSums, "per-kind height sums are stale at width \(width)")
    for kind in 0..<estimates.count {
      let count = tree.count(ofKind: kind)
      let expected = count == 0 ? initialEstimates[kind] : (2 * sums[kind] + count) / (2 * count)
      precondition(estimates[kind] == expected, "stale estimate for kind \(kind)")
      precondition(estimates[kind] >= 1, "estimates are >= 1")
    }
  }
}
