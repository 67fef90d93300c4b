import FeedModel
import Foundation

/// The feeds file (`$XDG_CONFIG_HOME/artfeed/feeds`) as a list of lines, every one kept.
///
/// Comments, blank lines and lines artfeed cannot read are kept as they are, byte for byte,
/// so `data` gives back exactly the bytes parsed, and `add` and `remove` change one line and
/// nothing else. A line that cannot be read is reported in `problems` with its number and
/// left in the file (it may be a newsboat `query:` feed, or a typo the reader will fix).
public struct FeedsFile: Sendable, Equatable {
  /// What one line holds.
  public enum Content: Sendable, Equatable {
    case blank
    case comment
    case subscription(Subscription)
    /// A line artfeed cannot read, and why.
    case unreadable(String)
  }

  /// One line: its bytes without the `\n` (a `\r` before it stays), and what they mean.
  public struct Line: Sendable, Equatable {
    public var bytes: [UInt8]
    public var content: Content
  }

  /// A line that was skipped, for the reader: "feeds line 7: ...".
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "line \(line): \(reason); skipped" }
  }

  public internal(set) var lines: [Line]
  /// Whether the last line ends with a newline (an empty file has no lines and no newline).
  var endsWithNewline: Bool
  /// How this file's sources become addresses.
  public let resolver: SourceResolver

  /// Reads the bytes of a feeds file; sources resolve through `resolver`.
  public init(parsing data: Data, resolver: SourceResolver) {
    self.resolver = resolver
    var pieces = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    endsWithNewline = data.last == UInt8(ascii: "\n")
    if endsWithNewline || data.isEmpty { pieces.removeLast() }
    lines = []
    lines.reserveCapacity(pieces.count)
    var seen: [String: Int] = [:]
    for (offset, piece) in pieces.enumerated() {
      let bytes = Array(piece)
      var content = Self.content(of: bytes, line: offset + 1, resolver: resolver)
      if case .subscription(let subscription) = content {
        let key = subscription.address.subscriptionKey
        if let first = seen[key] {
          content = .unreadable("\(subscription.source) is already on line \(first)")
        } else {
          seen[key] = offset + 1
        }
      }
      lines.append(Line(bytes: bytes, content: content))
    }
  }

  /// What one line means.
  static func content(of bytes: [UInt8], line: Int, resolver: SourceResolver) -> Content {
    let trimmed = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...]
    guard let text = String(validating: trimmed, as: UTF8.self) else {
      return .unreadable("not UTF-8 text")
    }
    let tokens: [String]
    do {
      tokens = try FeedsFileTokens.split(Substring(text))
    } catch {
      return .unreadable("a quote is not closed")
    }
    if tokens.isEmpty {
      return text.contains("#") ? .comment : .blank
    }
    do {
      return .subscription(try Subscription(tokens: tokens, line: line, resolver: resolver))
    } catch {
      return .unreadable(error.description)
    }
  }

  /// The file's bytes: every line as read, edits in place.
  public var data: Data {
    var data = Data()
    for (index, line) in lines.enumerated() {
      if index > 0 { data.append(UInt8(ascii: "\n")) }
      data.append(contentsOf: line.bytes)
    }
    if endsWithNewline { data.append(UInt8(ascii: "\n")) }
    return data
  }

  /// The subscriptions, in the file's order.
  public var subscriptions: [Subscription] {
    lines.compactMap {
      if case .subscription(let subscription) = $0.content { subscription } else { nil }
    }
  }

  /// The lines that were skipped, with their numbers.
  public var problems: [Problem] {
    lines.enumerated().compactMap { offset, line in
      if case .unreadable(let reason) = line.content {
        Problem(line: offset + 1, reason: reason)
      } else {
        nil
      }
    }
  }

  /// The subscription whose source means the same feed as `source`, if any.
  public func subscription(matching source: String) -> Subscription? {
    guard let key = try? resolver.address(source).subscriptionKey else {
      return subscriptions.first { $0.source == source }
    }
    return subscriptions.first { $0.address.subscriptionKey == key || $0.source == source }
  }
}
