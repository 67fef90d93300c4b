/// Names the last bulk mark, for `ReaderState.undo`.
public struct UndoToken: Hashable, Sendable {
  /// The number the state's writer gave the mark; only the state makes and reads it.
  package let sequence: Int

  package init(sequence: Int) {
    self.sequence = sequence
  }
}
