extension MarkBook {
  /// The rules the book keeps between events; traps on the first broken one.
  func checkInvariants() {
    precondition(bulkPending >= 0, "bulk marks on their way are counted up from none")
    precondition(bulkPending > 0 || deferred.isEmpty, "single marks wait only behind a bulk one")
    precondition(overridden.isSubset(of: asked), "only a mark asked for can be overridden")
    precondition(
      asked.intersection(known.keys).isSubset(of: overridden),
      "a known mark is asked for only when the reader changed it since")
  }
}
