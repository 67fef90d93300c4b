/// Why the reader's state could not be read or saved, in one line.
///
/// A failure is a value the caller shows, never a crash: the marks stay in memory for the
/// session (`ReaderState`) and a later write tries again.
public struct StateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure, for exit codes and for what the reader is told.
  public enum Kind: Sendable, Equatable {
    /// The file is not a database, or a damaged one (it is moved aside on open).
    case corrupt
    /// The file or its folder cannot be written (permissions, a read-only file system).
    case readOnly
    /// The disk is full.
    case full
    /// Another artfeed held the database longer than the busy timeout.
    case busy
    /// The database was written by a newer artfeed (its schema version is unknown here).
    case newerVersion
    /// An export to import is not valid (exit 65).
    case badInput
    /// Any other failure of the file or of SQLite.
    case io
  }

  public var kind: Kind
  public var description: String

  public init(_ kind: Kind, _ description: String) {
    self.kind = kind
    self.description = description
  }
}
