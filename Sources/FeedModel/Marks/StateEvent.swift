/// What the background writer tells the browser (through the callback given to
/// `ReaderState`, from the writer's thread).
public enum StateEvent: Sendable, Equatable {
  /// A write failed: the marks stay in memory and are written again with the next change.
  case failed(StateError)
  /// Writes succeed again after a failure; everything kept in memory is on disk.
  case recovered
  /// Counts asked for with `requestCounts`, computed after every change made before.
  case counts(StateCounts)
  /// The file was damaged: it was moved aside and a fresh one started (the line says
  /// where it went). The session's marks are written into the fresh one; everything read
  /// before should be read again.
  case reset(String)
  /// What opening found that the reader should know (a damaged file moved aside, marks
  /// kept in memory only), in one line.
  case notice(String)
}
