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

  /// Reads a source and its tags (`tokens` after the first) as the feeds file holds them.
  init(tokens: [String], line: Int, resolver: SourceResolver) throws(SubscriptionError) {
    guard let source = tokens.first else { throw .unreadableSource(source: "", reason: "empty") }
    self.init(source: source, address: try resolver.address(source), line: line)
    for token in tokens.dropFirst() {
      if token == "!" {
        hidden = true
      } else if token.hasPrefix("~") {
        title = String(token.dropFirst())
      } else {
        tags.append(token)
      }
    }
  }

  /// The words of this subscription's line, as `add` writes them: source, tags, title, `!`.
  var tokens: [String] {
    [source] + tags + (title.map { ["~" + $0] } ?? []) + (hidden ? ["!"] : [])
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

/// Turns a source written in the feeds file (or given to `add`) into an address.
///
/// http(s) URLs are taken as they are; `~/` starts at the home folder; any other path is
/// relative to the feeds file's folder, so the file means the same from any working folder.
public struct SourceResolver: Sendable, Equatable {
  /// The folder relative paths start from.
  public var directory: URL
  /// The home folder, for `~/`; nil when unknown.
  public var home: String?

  public init(directory: URL, home: String?) {
    self.directory = directory
    self.home = home
  }

  /// The address of `source`, or why artfeed cannot read it.
  public func address(_ source: String) throws(SubscriptionError) -> FeedAddress {
    guard source != "-" else {
      throw .unreadableSource(source: source, reason: "standard input cannot be subscribed")
    }
    if let control = ControlCharacters.first(in: source) {
      throw .unreadableSource(source: source, reason: ControlCharacters.reason(control))
    }
    let lower = source.lowercased()
    for prefix in ["query:", "exec:", "filter:"] where lower.hasPrefix(prefix) {
      throw .unreadableSource(
        source: source, reason: "newsboat's \(prefix) feeds are not read by artfeed")
    }
    var path = source
    if source == "~" || source.hasPrefix("~/"), let home {
      path = home + source.dropFirst()
    }
    let address: FeedAddress
    do {
      address = try FeedAddress(argument: path)
    } catch {
      throw .unreadableSource(source: source, reason: Self.reason(error.description, source))
    }
    guard case .file(let url) = address, !path.hasPrefix("/"), !lower.hasPrefix("file:") else {
      return address
    }
    return .file(directory.appendingPathComponent(url.relativePath).standardizedFileURL)
  }

  /// `LoadError`'s line without the source it starts with (the caller names it).
  private static func reason(_ line: String, _ source: String) -> String {
    line.hasPrefix(source + ": ") ? String(line.dropFirst(source.count + 2)) : line
  }
}
