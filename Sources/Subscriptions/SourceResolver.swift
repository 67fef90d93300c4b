import FeedModel
import Foundation

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
