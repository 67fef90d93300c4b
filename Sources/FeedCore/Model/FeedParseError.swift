/// Why an input is not a feed, or could not be read.
///
/// Only structure throws: a document whose root is an RSS, RDF or Atom element always parses,
/// whatever is wrong inside it (that becomes `Feed.warnings`). `unreadable` is the one case
/// about the input's source rather than its bytes (`artfeed parse` exits 66 for it, 65 for the
/// others).
public enum FeedParseError: Error, Equatable, CustomStringConvertible {
  /// The input has no bytes, or only whitespace.
  case emptyInput
  /// The input is not XML: libxml2 gave up before any root element, at `line`:`column`.
  case notXML(line: Int, column: Int, message: String)
  /// The input is text that does not start with `<` (after blanks): not markup at all.
  /// `start` is its first characters, controls removed, at most 30.
  case plainText(start: String)
  /// The input is JSON but not a JSON Feed: `reason` says what is missing.
  case json(reason: String)
  /// The input is binary data (NUL bytes or mostly undecodable bytes), not text.
  case binary
  /// The input is XML (or HTML) whose root element is not `rss`, `rdf:RDF` or `feed`; an HTML
  /// page has `rootElement == "html"`.
  case notAFeed(rootElement: String)
  /// The input could not be read at all: a missing file, a directory, a read error.
  case unreadable(path: String, reason: String)

  /// One line saying what the input is and why it is not a feed.
  public var description: String {
    switch self {
    case .emptyInput:
      return "the input is empty, not an RSS or Atom feed"
    case .notXML(let line, let column, let message):
      return "the input is not XML (\(line):\(column): \(message)), so not an RSS or Atom feed"
    case .plainText(let start):
      return "the input is plain text (it starts “\(start)”), not XML, so not an RSS or Atom feed"
    case .json(let reason):
      return "the input is JSON but not a JSON Feed (\(reason))"
    case .binary:
      return "the input is binary data, not an RSS or Atom feed"
    case .notAFeed(let root) where root.lowercased() == "html":
      return "the input is an HTML page (root element <\(root)>), not an RSS or Atom feed"
    case .notAFeed(let root):
      return "the input is XML with root element <\(root)>, not an RSS or Atom feed"
    case .unreadable(let path, let reason):
      return "cannot read \(path): \(reason)"
    }
  }

  /// Whether the input could not be read, as opposed to read and found not to be a feed.
  public var isUnreadable: Bool {
    if case .unreadable = self { return true }
    return false
  }
}
