/// The heights of all rows at the current width: measured where known, estimated elsewhere.
///
/// A row's height (in screen lines) is its measured height once `height(ofRow:)` has asked the
/// client's `measure` closure for it, and the current estimate of its kind until then. Offsets
/// are never stored per row: the offset of row r is
///
///     sum over kinds k of estimate(k) * (rows of kind k below r - measured rows of kind k below r)
///       + sum of measured heights below r
///
/// where the first count comes from `RowKinds` and the others from a tree of the measured
/// rows only. Nothing here is proportional to the row count: changing width swaps in another
/// tree (kept for a few recent widths) or starts an empty one.
public struct RowHeights<Kinds: RowKinds>: Sendable {
  /// Measures a row: its height in screen lines at a width in columns. Results below 1 count
  /// as 1.
  public typealias Measure = @Sendable (_ row: Int, _ width: Int) -> Int
  /// The starting estimate for a kind at a width, before any row of it is measured there.
  /// Results below 1 count as 1.
  public typealias Estimate = @Sendable (_ kind: Int, _ width: Int) -> Int

  /// How many widths keep their measurements, the current one included.
  public static var cachedWidthLimit: Int { 4 }

  public private(set) var kinds: Kinds
  /// The client's row measurement. Replace it when content changes, then invalidate the rows
  /// it affects.
  public var measure: Measure
  public let initialEstimate: Estimate
  public private(set) var stats = ListStats()
  private var current: WidthCache
  /// Caches of other recent widths, most recent first.
  private var recent: [WidthCache] = []

  public init(
    kinds: Kinds, width: Int, initialEstimate: @escaping Estimate, measure: @escaping Measure
  ) {
    precondition(width >= 0, "width must be >= 0")
    precondition(kinds.kindCount >= 1, "at least one kind")
    self.kinds = kinds
    self.measure = measure
    self.initialEstimate = initialEstimate
    self.current = Self.emptyCache(width: width, kindCount: kinds.kindCount, initialEstimate)
  }

  public var rowCount: Int { kinds.rowCount }
  /// The current width in columns.
  public var width: Int { current.width }
  /// The number of rows measured at the current width.
  public var measuredRowCount: Int { current.tree.count }
  /// The sum of the measured heights at the current width.
  public var measuredHeightTotal: Int { current.tree.totalHeight }

  // MARK: - Heights

  /// The height of `row`, measuring it first if it has not been measured at this width.
  public mutating func height(ofRow row: Int) -> Int {
    if let height = current.tree.height(ofRow: row) { return height }
    let height = max(1, measure(row, current.width))
    stats.rowsMeasured += 1
    current.insert(row: row, kind: kinds.kind(ofRow: row), height: height)
    return height
  }

  /// The measured height of `row` at this width, or nil if not measured.
  public func measuredHeight(ofRow row: Int) -> Int? {
    current.tree.height(ofRow: row)
  }

  /// The height `row` counts for now: measured, else its kind's estimate. Measures nothing.
  public func knownHeight(ofRow row: Int) -> Int {
    current.tree.height(ofRow: row) ?? current.estimates[kinds.kind(ofRow: row)]
  }

  /// The estimate that unmeasured rows of `kind` count for at this width.
  public func estimatedHeight(ofKind kind: Int) -> Int {
    current.estimates[kind]
  }

  // MARK: - Offsets

  /// The number of lines above `row` (rows `0..<row`), estimated where unmeasured.
  ///
  /// `row` may be `rowCount`, giving the total. O(log m + kinds x rank query).
  public func offset(ofRow row: Int) -> Int {
    precondition(row >= 0 && row <= rowCount, "row \(row) outside 0...\(rowCount)")
    let estimates = current.estimates
    var estimated = 0
    for kind in 0..<estimates.count {
      estimated += estimates[kind] * kinds.count(ofKind: kind, below: row)
    }
    let measured = current.tree.sums(below: row, weights: estimates)
    return estimated - measured.weighted + measured.height
  }

  /// The estimated height of all rows.
  public var totalHeight: Int { offset(ofRow: rowCount) }

  /// The row covering line `offset` of the content (clamped to the content), by the same
  /// estimates as `offset(ofRow:)`; 0 for an empty list.
  ///
  /// A binary search over rows: O(log n) offset computations.
  public func row(atOffset offset: Int) -> Int {
    guard rowCount > 0 else { return 0 }
    var low = 0
    var high = rowCount - 1
    while low < high {
      let middle = low + (high - low + 1) / 2
      if self.offset(ofRow: middle) <= offset {
        low = middle
      } else {
        high = middle - 1
      }
    }
    return low
  }

  // MARK: - Width and invalidation

  /// Switches to `width`, reusing its measurements if it is one of the recent widths.
  ///
  /// O(1) in the number of rows: the least recent cache beyond the limit is dropped whole.
  public mutating func setWidth(_ width: Int) {
    precondition(width >= 0, "width must be >= 0")
    guard width != current.width else { return }
    let next: WidthCache
    if let index = recent.firstIndex(where: { $0.width == width }) {
      next = recent.remove(at: index)
    } else {
      next = Self.emptyCache(width: width, kindCount: kinds.kindCount, initialEstimate)
    }
    recent.insert(current, at: 0)
    if recent.count >= Self.cachedWidthLimit {
      recent.removeLast(recent.count - (Self.cachedWidthLimit - 1))
    }
    current = next
  }

  /// Forgets the measurements of `row` at every cached width (its content changed).
  public mutating func invalidate(row: Int) {
    precondition(row >= 0 && row < rowCount, "row \(row) outside 0..<\(rowCount)")
    current.remove(row: row)
    for index in recent.indices {
      recent[index].remove(row: row)
    }
  }

  /// Forgets every measurement at every width.
  public mutating func invalidateAll() {
    recent = []
    current = Self.emptyCache(width: current.width, kindCount: kinds.kindCount, initialEstimate)
  }

  /// Replaces the rows (a new or reloaded feed) and forgets every measurement.
  public mutating func replaceRows(kinds: Kinds, measure: @escaping Measure) {
    precondition(kinds.kindCount >= 1, "at least one kind")
    self.kinds = kinds
    self.measure = measure
    invalidateAll()
  }

  /// Adds rows at the end (a next page): `kinds` must hold the old rows, unchanged, first.
  /// Every measurement stays valid, since no row moved or changed.
  public mutating func appendRows(kinds: Kinds, measure: @escaping Measure) {
    precondition(kinds.rowCount >= rowCount, "appending cannot remove rows")
    precondition(kinds.kindCount == self.kinds.kindCount, "appending keeps the kinds")
    self.kinds = kinds
    self.measure = measure
  }

  public mutating func resetStats() {
    stats = ListStats()
  }

  /// The widths that have measurements kept, current first.
  public var cachedWidths: [Int] { [current.width] + recent.map(\.width) }

  private static func emptyCache(
    width: Int, kindCount: Int, _ initialEstimate: Estimate
  ) -> WidthCache {
    WidthCache(width: width, initialEstimates: (0..<kindCount).map { initialEstimate($0, width) })
  }

  /// Checks every cache's tree and running means; traps on a violation. O(measured rows).
  public func checkInvariants() {
    precondition(recent.count < Self.cachedWidthLimit, "too many cached widths")
    precondition(Set(cachedWidths).count == cachedWidths.count, "a width is cached twice")
    for cache in [current] + recent {
      cache.checkInvariants()
      cache.tree.forEach { row, kind, _ in
        precondition(row >= 0 && row < rowCount, "measured row \(row) out of range")
        precondition(kind == kinds.kind(ofRow: row), "row \(row) stored with a stale kind")
      }
    }
  }
}

extension RowHeights where Kinds == ArrayRowKinds {
  /// Adds rows of `newKinds` at the end, growing the kinds in place: O(rows added) when the
  /// kinds are not shared. Every measurement stays valid, since no row moved or changed.
  public mutating func appendRows(kinds newKinds: [UInt8], measure: @escaping Measure) {
    self.measure = measure
    kinds.append(contentsOf: newKinds)
  }
}
