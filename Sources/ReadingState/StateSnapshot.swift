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

  /// Reads an export in memory (checked as `StateExportReader` checks a file), or says in
  /// one line what is wrong with it.
  public static func decode(_ data: Data, now: Date = Date()) throws(StateError) -> StateSnapshot {
    var snapshot = StateSnapshot(items: [], feeds: [])
    _ = try StateExportReader.read(StateExportInput(bytes: Array(data)), now: now) {
      (feed) throws(StateError) in
      snapshot.feeds.append(feed)
    } item: { (item) throws(StateError) in
      snapshot.items.append(item)
    }
    return snapshot
  }

  /// The export as JSON, one item per line (diffable, and easy to read in a pager), as
  /// `StateExportWriter` streams it.
  public func encoded() -> Data {
    var data = Data()
    let writer = StateExportWriter { (bytes) throws(StateError) in data.append(contentsOf: bytes) }
    do throws(StateError) {
      try writer.begin()
      for feed in feeds { try writer.feed(feed) }
      try writer.beginItems()
      for item in items { try writer.item(item) }
      try writer.end()
    } catch {
      // Appending to memory does not fail.
    }
    return data
  }

  /// Throws what an import would say of `feed`, the `index`th of its file.
  static func check(_ feed: Feed, at index: Int, latest: Int64) throws(StateError) {
    if let problem = StateExportLimits.problem(feedKey: feed.key) {
      throw StateError(.badInput, "feeds[\(index)].key \(problem)")
    }
    if let visit = feed.lastVisit,
      let problem = StateExportLimits.problem(time: visit, latest: latest)
    {
      throw StateError(.badInput, "feeds[\(index)].lastVisit: \(problem)")
    }
  }

  /// Throws what an import would say of `item`, the `index`th of its file.
  static func check(_ item: Item, at index: Int, latest: Int64) throws(StateError) {
    guard ItemKey(hex: item.id) != nil, item.id.utf8.count == 16 else {
      throw StateError(.badInput, "items[\(index)].id is not 16 hex digits")
    }
    for (name, time) in [("firstSeen", item.firstSeen), ("changed", item.changed)] {
      if let problem = StateExportLimits.problem(time: time, latest: latest) {
        throw StateError(.badInput, "items[\(index)].\(name): \(problem)")
      }
    }
  }
}
