extension MarkBook {
  /// The rules the book keeps between events; traps on the first broken one.
  func checkInvariants() {
    precondition(bulkPending >= 0, "bulk marks on their way are counted up from none")
    precondition(bulkPending > 0 || deferred.isEmpty, "single marks wait only behind a bulk one")
    precondition(asked.isDisjoint(with: known.keys), "a known mark is not asked for again")
  }
}
