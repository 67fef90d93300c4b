import FeedCore

/// An item as the state database knows it: a 64-bit hash of its `ItemID`.
///
/// The database keeps no item text: 8 bytes per item keep 100k read items within a few MB
/// (docs/adr/0112). The hash is SipHash-2-4 under a fixed key, the same on every machine, so
/// an export means the same after an import elsewhere. Two different items share a key with
/// a chance of about n²/2⁶⁵ (1 in 3.7 million for a million items); a feed would need about
/// 2⁶⁴ tries to make its item collide with a chosen item of another feed.
public struct ItemKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The hash, as SQLite stores it (a signed 64-bit integer).
  public let rawValue: Int64

  public init(rawValue: Int64) {
    self.rawValue = rawValue
  }

  /// The key of the item `id` names.
  public init(_ id: ItemID) {
    rawValue = Int64(bitPattern: Self.hasher.hash(id.key.utf8))
  }

  /// The key of `item`, by the one identity rule (`ItemID`).
  public init(_ item: FeedItem) {
    self.init(ItemID(item))
  }

  /// "artfeed-state-v1" as two little-endian words.
  private static let hasher = SipHash24(k0: 0x2d64_6565_6674_7261, k1: 0x3176_2d65_7461_7473)

  /// 16 lower-case hex digits, as exports write it.
  public var description: String {
    let hex = String(UInt64(bitPattern: rawValue), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Reads the 16 hex digits `description` writes; nil for anything else.
  public init?(hex: String) {
    guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
    rawValue = Int64(bitPattern: value)
  }

  public static func < (left: ItemKey, right: ItemKey) -> Bool { left.rawValue < right.rawValue }
}

/// A feed as the state database knows it: `FeedAddress.subscriptionKey` (the URL as
/// written, or the file's standardized path).
public struct FeedKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public init(_ address: FeedAddress) {
    rawValue = address.subscriptionKey
  }

  /// "All items" as a feed of its own, for its last visit.
  public static let allItems = FeedKey(rawValue: "artfeed:all-items")

  /// A bundled feed by its file name (`artfeed:bundled/popular.rss`), not by the path of the
  /// build or install folder it is in: marks made on it carry over to another build, an
  /// installed copy, and through `state export` to another machine.
  public static func bundled(_ name: String) -> FeedKey {
    FeedKey(rawValue: "artfeed:bundled/" + name)
  }

  public var description: String { rawValue }

  public static func < (left: FeedKey, right: FeedKey) -> Bool { left.rawValue < right.rawValue }
}
