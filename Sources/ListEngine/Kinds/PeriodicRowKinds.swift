/// Row kinds that repeat a fixed pattern, with O(1) rank queries.
///
/// Row `r` has kind `pattern[r % pattern.count]`. Meant for benchmarks and tests of very long
/// lists, where building an array of kinds would dominate what is measured.
public struct PeriodicRowKinds: RowKinds {
  public let rowCount: Int
  public let kindCount: Int
  private let pattern: [Int]
  /// `prefixCounts[k * (period + 1) + i]` is the number of kind `k` in `pattern[0..<i]`.
  private let prefixCounts: [Int]

  /// - Parameters:
  ///   - pattern: the kinds of one period; not empty, every kind >= 0.
  ///   - rowCount: the number of rows, >= 0.
  ///   - kindCount: the number of kinds; by default one more than the largest in `pattern`.
  public init(pattern: [Int], rowCount: Int, kindCount: Int? = nil) {
    precondition(!pattern.isEmpty, "the pattern needs at least one kind")
    precondition(rowCount >= 0, "rowCount must be >= 0")
    precondition(pattern.allSatisfy { $0 >= 0 }, "kinds are >= 0")
    let largest = (pattern.max() ?? 0) + 1
    let count = kindCount ?? largest
    precondition(count >= largest, "a kind in the pattern is outside 0..<kindCount")
    let period = pattern.count
    var prefixCounts = [Int](repeating: 0, count: count * (period + 1))
    for kind in 0..<count {
      for index in 0..<period {
        let here = pattern[index] == kind ? 1 : 0
        prefixCounts[kind * (period + 1) + index + 1] =
          prefixCounts[kind * (period + 1) + index] + here
      }
    }
    self.rowCount = rowCount
    self.kindCount = count
    self.pattern = pattern
    self.prefixCounts = prefixCounts
  }

  public func kind(ofRow row: Int) -> Int {
    pattern[row % pattern.count]
  }

  public func count(ofKind kind: Int, below row: Int) -> Int {
    precondition(row >= 0 && row <= rowCount, "row \(row) outside 0...\(rowCount)")
    let period = pattern.count
    let base = kind * (period + 1)
    return (row / period) * prefixCounts[base + period] + prefixCounts[base + row % period]
  }
}
