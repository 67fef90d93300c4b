import ListEngine
import Synchronization

/// Counts the rank queries made of the wrapped kinds, to show the engine never walks all rows.
final class QueryCounter: Sendable {
  let queries = Atomic<Int>(0)

  func reset() { queries.store(0, ordering: .relaxed) }
  var count: Int { queries.load(ordering: .relaxed) }
}

/// Periodic kinds that count every `kind(ofRow:)` and `count(ofKind:below:)` call.
struct CountingRowKinds: RowKinds {
  let base: PeriodicRowKinds
  let counter: QueryCounter

  var rowCount: Int { base.rowCount }
  var kindCount: Int { base.kindCount }

  func kind(ofRow row: Int) -> Int {
    counter.queries.add(1, ordering: .relaxed)
    return base.kind(ofRow: row)
  }

  func count(ofKind kind: Int, below row: Int) -> Int {
    counter.queries.add(1, ordering: .relaxed)
    return base.count(ofKind: kind, below: row)
  }
}
