/// Row kinds read from an array of per-row kinds, with O(log n) rank queries.
///
/// Built once when a feed loads (O(n)) and grown at the end as pages arrive (O(rows added));
/// never rebuilt on scroll or resize. For each kind it keeps the sorted rows of that kind, so
/// `count(ofKind:below:)` is a binary search.
public struct ArrayRowKinds: RowKinds {
  private var kinds: [UInt8]
  /// `rowsOfKind[k]` holds the rows of kind `k`, ascending.
  private var rowsOfKind: [[Int32]]

  public var rowCount: Int { kinds.count }
  public var kindCount: Int { rowsOfKind.count }

  /// Builds the rank structure from one kind per row.
  ///
  /// - Parameter kindCount: the number of kinds; by default one more than the largest kind
  ///   present (and at least 1).
  public init(_ kinds: [UInt8], kindCount: Int? = nil) {
    precondition(kinds.count < Int(Int32.max), "ArrayRowKinds holds fewer than 2^31 rows")
    let largest = kinds.max().map { Int($0) + 1 } ?? 1
    let count = kindCount ?? largest
    precondition(count >= largest, "a row has a kind outside 0..<kindCount")
    // Counted first, then each kind's rows written into an array of that size by one tight
    // pass per kind (a search answer of a million rows builds this on a keystroke).
    var sizes = [Int](repeating: 0, count: count)
    for kind in kinds { sizes[Int(kind)] += 1 }
    guard count <= 4 else {
      var rowsOfKind = [[Int32]](repeating: [], count: count)
      for (row, kind) in kinds.enumerated() { rowsOfKind[Int(kind)].append(Int32(row)) }
      self.kinds = kinds
      self.rowsOfKind = rowsOfKind
      return
    }
    let rowsOfKind = kinds.withUnsafeBufferPointer { all in
      sizes.enumerated().map { kind, size in
        [Int32](unsafeUninitializedCapacity: size) { rows, initialized in
          var written = 0
          for row in all.indices where all[row] == UInt8(kind) {
            rows[written] = Int32(row)
            written += 1
          }
          initialized = written
        }
      }
    }
    self.kinds = kinds
    self.rowsOfKind = rowsOfKind
  }

  /// Adds rows at the end; the rows already there keep their kinds.
  public mutating func append(contentsOf newKinds: [UInt8]) {
    precondition(kinds.count + newKinds.count < Int(Int32.max), "fewer than 2^31 rows")
    for kind in newKinds {
      precondition(Int(kind) < rowsOfKind.count, "a row has a kind outside 0..<kindCount")
      rowsOfKind[Int(kind)].append(Int32(kinds.count))
      kinds.append(kind)
    }
  }

  public func kind(ofRow row: Int) -> Int {
    Int(kinds[row])
  }

  public func count(ofKind kind: Int, below row: Int) -> Int {
    precondition(row >= 0 && row <= rowCount, "row \(row) outside 0...\(rowCount)")
    let rows = rowsOfKind[kind]
    var low = 0
    var high = rows.count
    while low < high {
      let middle = (low + high) / 2
      if Int(rows[middle]) < row {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }
}
