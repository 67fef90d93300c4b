import FeedModel
import Foundation

/// What an OPML import did, for the line `artfeed import` prints.
public struct ImportReport: Sendable, Equatable, CustomStringConvertible {
  /// Feeds added to the feeds file.
  public var added: Int = 0
  /// Feeds the file already held (left as they were).
  public var alreadySubscribed: Int = 0
  /// Outlines whose `xmlUrl` artfeed cannot read, with the reason.
  public var skipped: [String] = []

  public init() {}

  /// "imported 12 feeds, 3 already subscribed" (and the unreadable ones, if any).
  public var description: String {
    var line =
      "imported \(added) feed\(added == 1 ? "" : "s"), \(alreadySubscribed) already subscribed"
    if !skipped.isEmpty { line += ", \(skipped.count) not readable" }
    return line
  }
}

extension FeedsFile {
  /// Adds every feed of an OPML file not already subscribed, tagged with its folders.
  ///
  /// A nested folder is one tag, its path joined with `/` (`Art/Ink`), which `OPMLWriter`
  /// writes back as the same nested folders. A feed that appears in several folders of the
  /// same file is one subscription with each folder as a tag. The outline's title becomes
  /// the `~` title (so feeds never fetched have names, and a `~Custom title` survives
  /// export then import), unless it is the address itself, which `artfeed export` writes for
  /// a feed with no title yet.
  public mutating func importing(_ feeds: [OPMLFeed]) -> ImportReport {
    var report = ImportReport()
    // Keys of the lines already there, and of the lines this import adds (by line number).
    var subscribed = Set(subscriptions.map(\.address.subscriptionKey))
    var counted = Set<String>()
    var addedLines: [String: Int] = [:]
    for feed in feeds {
      let tag = Self.tag(feed.folders)
      let lower = feed.xmlURL.lowercased()
      guard ["http://", "https://", "file://"].contains(where: { lower.hasPrefix($0) }) else {
        report.skipped.append("\(ControlCharacters.escaped(feed.xmlURL)): not an http(s) address")
        continue
      }
      let address: FeedAddress
      do {
        address = try resolver.address(feed.xmlURL)
      } catch {
        report.skipped.append(error.description)
        continue
      }
      let key = address.subscriptionKey
      if let line = addedLines[key] {
        if !tag.isEmpty { addTag(tag, toLine: line) }
      } else if subscribed.contains(key) {
        if counted.insert(key).inserted { report.alreadySubscribed += 1 }
      } else {
        let added = append(
          Subscription(
            source: feed.xmlURL, address: address, tags: tag.isEmpty ? [] : [tag],
            title: Self.importedTitle(feed)))
        addedLines[key] = added.line
        subscribed.insert(key)
        report.added += 1
      }
    }
    return report
  }

  /// The longest `~` title an import writes, in characters.
  public static let maxImportedTitle = 300

  /// An outline's title as a `~` title: plain text on one line, at most `maxImportedTitle`
  /// characters; nil when empty or the feed's address.
  static func importedTitle(_ feed: OPMLFeed) -> String? {
    guard let title = feed.title else { return nil }
    let plain = plainText(title).trimmingCharacters(in: .whitespaces)
    guard !plain.isEmpty, plain != feed.xmlURL else { return nil }
    return String(plain.prefix(maxImportedTitle))
  }

  /// A folder path as one tag: line breaks and other controls become spaces (a tag is plain
  /// text on one line), and a leading `~` or `!` goes (either would make the tag a title or
  /// a hidden mark).
  static func tag(_ folders: [String]) -> String {
    let path = plainText(folders.joined(separator: "/"))
    return String(path.drop { $0 == "~" || $0 == "!" })
  }

  /// `text` with line breaks and other control characters as spaces.
  static func plainText(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      result.append(
        ControlCharacters.isControl(scalar) || scalar.properties.isWhitespace ? " " : scalar)
    }
    return String(result)
  }

  /// Adds a tag to a line this import wrote (never to a line the reader wrote).
  private mutating func addTag(_ tag: String, toLine line: Int) {
    guard case .subscription(var subscription) = lines[line - 1].content,
      !subscription.tags.contains(tag)
    else { return }
    subscription.tags.append(tag)
    lines[line - 1] = Line(
      bytes: Self.bytes(for: subscription, crlf: lines[line - 1].bytes.last == UInt8(ascii: "\r")),
      content: .subscription(subscription))
  }

  /// A subscription's line as `add` writes it: the source bare unless it needs quotes, then
  /// the tags, title and hidden mark quoted, as newsboat writes them.
  static func bytes(for subscription: Subscription, crlf: Bool) -> [UInt8] {
    let words = subscription.tokens.enumerated().map { index, token in
      FeedsFileTokens.quote(token, always: index > 0)
    }
    return Array(words.joined(separator: " ").utf8) + (crlf ? [UInt8(ascii: "\r")] : [])
  }
}
