/// Counters of the work the list engine did, for tests and benchmarks.
///
/// Reset them at the start of a frame (`ListViewport.resetStats()`) to count per frame.
public struct ListStats: Sendable, Equatable {
  /// Calls of the client's `measure` closure.
  public var rowsMeasured = 0

  public init(rowsMeasured: Int = 0) {
    self.rowsMeasured = rowsMeasured
  }
}
