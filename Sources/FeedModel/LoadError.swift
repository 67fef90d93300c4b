/// Why a feed could not be loaded or searched, in one line that names the source.
public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure, for exit codes and for what the UI offers next.
  public enum Kind: Sendable, Equatable {
    /// A file that cannot be read (exit 66).
    case unreadable
    /// Something that is not a feed: HTML, JSON, binary (exit 65).
    case notAFeed
    /// The network failed and nothing is cached (exit 69).
    case unavailable
    /// The reader (or a newer request) cancelled it.
    case cancelled
  }

  public var kind: Kind
  public var description: String

  public init(_ kind: Kind, _ description: String) {
    self.kind = kind
    self.description = description
  }

  /// A failure of an unspecified kind (treated as unavailable).
  public init(_ description: String) {
    self.init(.unavailable, description)
  }
}
