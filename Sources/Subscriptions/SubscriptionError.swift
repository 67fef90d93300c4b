import FeedModel

/// Why a subscriptions command could not do what it was asked, in one line.
public enum SubscriptionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `add` of a source already in the feeds file, on that line.
  case alreadySubscribed(source: String, line: Int)
  /// `remove` of a source the feeds file does not hold.
  case notSubscribed(source: String)
  /// A source artfeed cannot read (an ftp address, standard input, an empty string).
  case unreadableSource(source: String, reason: String)
  /// A tag or title that cannot be written on one line of the feeds file.
  case badField(String)
  /// The OPML file is not OPML (or not XML), with the parser's reason.
  case badOPML(String)
  /// A file could not be written (or locked): the path and the reason, in words.
  case io(path: String, reason: String)
  /// A file could not be read: the path and the reason, in words.
  case unreadableFile(path: String, reason: String)

  public var description: String {
    switch self {
    case .alreadySubscribed(let source, let line):
      "\(ControlCharacters.escaped(source)) is already subscribed (feeds file line \(line))"
    case .notSubscribed(let source): "\(ControlCharacters.escaped(source)) is not subscribed"
    case .unreadableSource(let source, let reason):
      "\(ControlCharacters.escaped(source)): \(reason)"
    case .badField(let reason): reason
    case .badOPML(let reason): "not OPML: \(reason)"
    case .io(let path, let reason), .unreadableFile(let path, let reason):
      reason.hasPrefix("is ") ? "\(path) \(reason)" : "\(path): \(reason)"
    }
  }
}
