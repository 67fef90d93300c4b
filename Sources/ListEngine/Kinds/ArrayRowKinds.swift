/// Row kinds read from an array of per-row kinds, with O(log n) rank queries.
///
/// Built once when a feed loads (O(n)) and grown at the end as pages arrive (O(rows added));
/// never rebuilt on scroll or resize. For each kind but 0 it keeps the sorted rows of that kind, so
/// `count(ofKind:below:)` is a binary search.
public struct ArrayRowKinds: RowKinds {
  private var kinds: [UInt8]
  /// `rowsOfKind[k - 1]` holds the rows of kind `k`, ascending, for every kind but 0: the rows
  /// of kind 0 below a row are the rows below it less the others (one structure fewer to
  /// build when a search answer of a million rows arrives on a keystroke).
  private var rowsOfKind: [[Int32]]
  private let kindTotal: Int

  public var rowCount: Int { kinds.count }
  public var kindCount: Int { kindTotal }

  /// Builds the rank structure from one kind per row: one counting pass, then one pass per
  /// kind other than 0 (for the list's two kinds, one).
  ///
  /// - Parameter kindCount: the number of kinds; by default one more than the largest kind
  ///   present (and at least 1).
  public init(_ kinds: [UInt8], kindCount: Int? = nil) {
    precondition(kinds.count < Int(Int32.max), "ArrayRowKinds holds fewer than 2^31 rows")
    var sizes = [Int](repeating: 0, count: 256)
    kinds.withUnsafeBufferPointer { all in
      sizes.withUnsafeMutableBufferPointer { sizes in
        for kind in all { sizes[Int(kind)] += 1 }
      }
    }
    let largest = (sizes.lastIndex { $0 > 0 } ?? 0) + 1
    let count = kindCount ?? largest
    precondition(count >= largest, "a row has a kind outside 0..<kindCount")
    // Each kind's rows written into an array of exactly its size, by one tight pass per kind
    // other than 0 (a plain append per row costs a uniqueness check each: twice the time).
    let rowsOfKind = kinds.withUnsafeBufferPointer { all in
      (1..<max(1, count)).map { kind in
        [Int32](unsafeUninitializedCapacity: sizes[kind]) { rows, initialized in
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
    self.kindTotal = max(1, count)
  }

  /// Adds rows at the end; the rows already there keep their kinds.
  public mutating func append(contentsOf newKinds: [UInt8]) {
    precondition(kinds.count + newKinds.count < Int(Int32.max), "fewer than 2^31 rows")
    for kind in newKinds {
      precondition(Int(kind) < kindTotal, "a row has a kind outside 0..<kindCount")
      if kind != 0 { rowsOfKind[Int(kind) - 1].append(Int32(kinds.count)) }
      kinds.append(kind)
    }
  }

  public func kind(ofRow row: Int) -> Int {
    Int(kinds[row])
  }

  public func count(ofKind kind: Int, below row: Int) -> Int {
    precondition(row >= 0 && row <= rowCount, "row \(row) outside 0...\(rowCount)")
    guard kind == 0 else { return Self.count(in: rowsOfKind[kind - 1], below: row) }
    return rowsOfKind.reduce(row) { $0 - Self.count(in: $1, below: row) }
  }

  /// How many of the ascending `rows` are below `row` (a binary search).
  private static func count(in rows: [Int32], below row: Int) -> Int {
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
