import FeedModel
import Foundation

/// The reader's state as `artfeed state export` writes it and `state import` reads it (JSON).
///
/// Items are their `ItemKey` in hex (the database keeps no item text); only items with a
/// mark are exported. Which feed holds which item is not: the next load of each feed records
/// it again.
public struct StateSnapshot: Codable, Sendable, Equatable {
  /// The format's version; an import refuses others.
  public static let currentFormat = 1

  public var format: Int
  public var items: [Item]
  public var feeds: [Feed]

  public init(items: [Item], feeds: [Feed]) {
    self.format = Self.currentFormat
    self.items = items
    self.feeds = feeds
  }

  /// One item's marks.
  public struct Item: Codable, Sendable, Equatable {
    /// `ItemKey` as 16 hex digits.
    public var id: String
    public var read: Bool
    public var starred: Bool
    /// Unix seconds.
    public var firstSeen: Int64
    /// When the marks last changed (Unix seconds): the later change wins a merge.
    public var changed: Int64

    public init(id: String, read: Bool, starred: Bool, firstSeen: Int64, changed: Int64) {
      self.id = id
      self.read = read
      self.starred = starred
      self.firstSeen = firstSeen
      self.changed = changed
    }
  }

  /// One feed's last visit.
  public struct Feed: Codable, Sendable, Equatable {
    /// The source as the feeds file has it (`FeedKey`).
    public var key: String
    /// Unix seconds; nil when never visited.
    public var lastVisit: Int64?

    public init(key: String, lastVisit: Int64?) {
      self.key = key
      self.lastVisit = lastVisit
    }
  }

  /// Reads an export, or says in one line what is wrong with it.
  public static func decode(_ data: Data) throws(StateError) -> StateSnapshot {
    let snapshot: StateSnapshot
    do {
      snapshot = try JSONDecoder().decode(StateSnapshot.self, from: data)
    } catch let DecodingError.dataCorrupted(context) {
      throw StateError(.badInput, "not JSON: \(context.debugDescription)")
    } catch let DecodingError.keyNotFound(key, context) {
      throw StateError(.badInput, "missing \"\(key.stringValue)\" at \(location(context))")
    } catch let DecodingError.typeMismatch(_, context) {
      throw StateError(.badInput, "wrong type at \(location(context))")
    } catch let DecodingError.valueNotFound(_, context) {
      throw StateError(.badInput, "null at \(location(context))")
    } catch {
      throw StateError(.badInput, "not a state export: \(error)")
    }
    guard snapshot.format == currentFormat else {
      throw StateError(
        .badInput, "format \(snapshot.format) is not \(currentFormat), the one artfeed reads")
    }
    if let bad = snapshot.items.firstIndex(where: { ItemKey(hex: $0.id) == nil }) {
      throw StateError(.badInput, "items[\(bad)].id is not 16 hex digits")
    }
    return snapshot
  }

  /// The export as JSON, one item per line (diffable, and easy to read in a pager).
  public func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    func line<T: Encodable>(_ value: T) -> String {
      (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
    func array(_ lines: [String]) -> String {
      lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n]"
    }
    let text =
      "{\"format\":\(format),\n\"feeds\":\(array(feeds.map(line))),\n"
      + "\"items\":\(array(items.map(line)))}\n"
    return Data(text.utf8)
  }

  private static func location(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { key in
      key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
    }.joined()
    return path.isEmpty ? "the top" : String(path.drop(while: { $0 == "." }))
  }
}
