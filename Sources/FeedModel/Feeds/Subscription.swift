import Foundation

/// One feed the reader keeps: a line of the feeds file that artfeed can read.
///
/// The line's first word is the source (an http(s) URL or a path); the rest are newsboat's
/// `urls` tags: plain tags, `"~Title"` for a custom title and `"!"` for a hidden feed.
public struct Subscription: Sendable, Equatable {
  /// The source as written in the file.
  public var source: String
  /// Where the feed is: a web address, or a file resolved against the feeds file's folder.
  public var address: FeedAddress
  /// The tags, in order, without the title and the hidden mark.
  public var tags: [String]
  /// The `~` title, which replaces the feed's own.
  public var title: String?
  /// newsboat's `"!"`: kept and written back; the browser may leave such feeds out.
  public var hidden: Bool
  /// The line of the feeds file, counted from 1 (0 for one not yet written).
  public var line: Int

  public init(
    source: String, address: FeedAddress, tags: [String] = [], title: String? = nil,
    hidden: Bool = false, line: Int = 0
  ) {
    self.source = source
    self.address = address
    self.tags = tags
    self.title = title
    self.hidden = hidden
    self.line = line
  }
}

extension FeedAddress {
  /// What two sources are compared by: the URL as written, or the file's standardized path.
  public var subscriptionKey: String {
    switch self {
    case .web(let url): url.absoluteString
    case .file(let url): url.standardizedFileURL.path
    case .standardInput: "-"
    }
  }
}
