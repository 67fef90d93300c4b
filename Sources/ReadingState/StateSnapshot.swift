import FeedModel
import Foundation

/// The reader's state as `artfeed state export` writes it and `state import` reads it (JSON).
///
/// Items are their `ItemKey` in hex (the database keeps no item text); only items with a
/// mark are exported. Which feed holds which item is not: the next load of each feed records
/// it again. Followed artists are their names and times (format 2, docs/adr/0160); items'
/// artists are the hashes pruning keeps followed artists' items by (format 3, docs/adr/0172).
/// An export is written in the oldest format that holds what it carries, so an older
/// artfeed still reads it when it can.
public struct StateSnapshot: Codable, Sendable, Equatable {
  /// The newest format; an import refuses others (`readableFormats`).
  public static let currentFormat = 3
  /// Format 1 has no followed artists; format 2 adds `follows`; format 3 adds items'
  /// `artist`.
  public static let readableFormats: ClosedRange<Int> = 1...3

  /// The format an export is written in: 3 when an item carries its artist, else 2 with
  /// follows, else 1 (what every artfeed reads).
  public static func format(withFollows hasFollows: Bool, withArtists hasArtists: Bool = false)
    -> Int
  {
    hasArtists ? 3 : hasFollows ? 2 : 1
  }

  /// The format the snapshot is written in: it follows from what it holds.
  public var format: Int {
    Self.format(
      withFollows: !follows.isEmpty, withArtists: items.contains { $0.artist != nil })
  }
  public var items: [Item]
  public var feeds: [Feed]
  /// The followed artists; absent from format 1.
  public var follows: [Follow]

  public init(items: [Item], feeds: [Feed], follows: [Follow] = []) {
    self.items = items
    self.feeds = feeds
    self.follows = follows
  }

  private enum CodingKeys: String, CodingKey { case format, items, feeds, follows }

  /// A format 1 export, without `follows`, decodes with none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let format = try container.decode(Int.self, forKey: .format)
    guard Self.readableFormats.contains(format) else {
      throw DecodingError.dataCorruptedError(
        forKey: .format, in: container, debugDescription: "format \(format) is not readable")
    }
    items = try container.decode([Item].self, forKey: .items)
    feeds = try container.decode([Feed].self, forKey: .feeds)
    follows = try container.decodeIfPresent([Follow].self, forKey: .follows) ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(format, forKey: .format)
    try container.encode(items, forKey: .items)
    try container.encode(feeds, forKey: .feeds)
    if !follows.isEmpty { try container.encode(follows, forKey: .follows) }
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
    /// The item's artist as `ArtistIdentity.hash` in 16 hex digits (no name: the state
    /// keeps none); nil when not known. Format 3.
    public var artist: String?

    public init(
      id: String, read: Bool, starred: Bool, firstSeen: Int64, changed: Int64,
      artist: String? = nil
    ) {
      self.id = id
      self.read = read
      self.starred = starred
      self.firstSeen = firstSeen
      self.changed = changed
      self.artist = artist
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

  /// One followed artist.
  public struct Follow: Codable, Sendable, Equatable {
    /// The name as the reader first gave it; its `ArtistIdentity.key` is made again on
    /// import.
    public var name: String
    /// When it was followed (Unix seconds): a merge keeps the earlier.
    public var since: Int64

    public init(name: String, since: Int64) {
      self.name = name
      self.since = since
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
    } follow: { (follow) throws(StateError) in
      snapshot.follows.append(follow)
    }
    return snapshot
  }

  /// The export as JSON, one item per line (diffable, and easy to read in a pager), as
  /// `StateExportWriter` streams it.
  public func encoded() -> Data {
    var data = Data()
    let writer = StateExportWriter { (bytes) throws(StateError) in data.append(contentsOf: bytes) }
    do throws(StateError) {
      try writer.begin(format: format)
      for feed in feeds { try writer.feed(feed) }
      try writer.beginItems()
      for item in items { try writer.item(item) }
      if !follows.isEmpty {
        try writer.beginFollows()
        for follow in follows { try writer.follow(follow) }
      }
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

  /// Throws what an import would say of `follow`, the `index`th of its file.
  static func check(_ follow: Follow, at index: Int, latest: Int64) throws(StateError) {
    if let problem = ArtistFollow.problem(name: follow.name) {
      throw StateError(.badInput, "follows[\(index)].name \(problem)")
    }
    if let problem = StateExportLimits.problem(time: follow.since, latest: latest) {
      throw StateError(.badInput, "follows[\(index)].since: \(problem)")
    }
  }

  /// Throws what an import would say of `item`, the `index`th of its file.
  static func check(_ item: Item, at index: Int, latest: Int64) throws(StateError) {
    guard ItemKey(hex: item.id) != nil, item.id.utf8.count == 16 else {
      throw StateError(.badInput, "items[\(index)].id is not 16 hex digits")
    }
    if let artist = item.artist, ItemKey(hex: artist) == nil || artist.utf8.count != 16 {
      throw StateError(.badInput, "items[\(index)].artist is not 16 hex digits")
    }
    for (name, time) in [("firstSeen", item.firstSeen), ("changed", item.changed)] {
      if let problem = StateExportLimits.problem(time: time, latest: latest) {
        throw StateError(.badInput, "items[\(index)].\(name): \(problem)")
      }
    }
  }
}
