/// Why an account could not be reached, logged into or changed, in one line that names the
/// account or its server.
public struct AccountError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure, for exit codes and for what the reader is told next.
  public enum Kind: Sendable, Equatable {
    /// The server refused the user name and password, or a saved login it no longer
    /// accepts with no password to log in again (exit 77, EX_NOPERM).
    case badLogin
    /// The server cannot be reached or failed (exit 69): the local copy is kept and marks
    /// stay queued.
    case unavailable
    /// The server answered something that is not the Google Reader API: an HTML page, a
    /// body that is not the JSON asked for (exit 65).
    case notAPI
    /// The server understood and said no (a feed it cannot subscribe to, an unknown feed).
    case refused
    /// The accounts file, the token or the local copy cannot be read or written (exit 73).
    case storage
    /// The reader (or a newer request) cancelled it.
    case cancelled
  }

  public var kind: Kind
  public var description: String
  /// The answer was over the body cap (a page is then asked for again, smaller).
  var isTooLarge = false

  public init(_ kind: Kind, _ description: String) {
    self.kind = kind
    self.description = description
  }
}
