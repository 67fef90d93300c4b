import Foundation

/// One feed's figures for the feed list and the title bar.
public struct FeedCounts: Sendable, Equatable {
  /// Items recorded in the feed (its latest lists, until they are pruned).
  public var total: Int
  public var unread: Int
  /// Items that first appeared in the feed after `lastVisit` (all of them, if never visited).
  public var new: Int
  /// When the reader last opened the feed.
  public var lastVisit: Date?

  public init(total: Int = 0, unread: Int = 0, new: Int = 0, lastVisit: Date? = nil) {
    self.total = total
    self.unread = unread
    self.new = new
    self.lastVisit = lastVisit
  }
}
