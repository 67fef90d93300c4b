import Foundation

/// What the reader did with one item.
public struct ItemMarks: Sendable, Equatable {
  public var read: Bool
  public var starred: Bool
  /// When artfeed first saw the item in any feed; nil for an item it has not recorded yet.
  public var firstSeen: Date?

  public init(read: Bool = false, starred: Bool = false, firstSeen: Date? = nil) {
    self.read = read
    self.starred = starred
    self.firstSeen = firstSeen
  }

  /// An item the database does not know: unread, not starred.
  public static let unknown = ItemMarks()
}
