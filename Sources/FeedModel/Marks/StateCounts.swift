/// The feed list's figures: every recorded feed, and "All items" over the feeds asked for.
public struct StateCounts: Sendable, Equatable {
  public var feeds: [FeedKey: FeedCounts]
  public var allItems: FeedCounts
  /// Items starred (in any feed, or none any more).
  public var starred: Int

  public init(
    feeds: [FeedKey: FeedCounts] = [:], allItems: FeedCounts = FeedCounts(), starred: Int = 0
  ) {
    self.feeds = feeds
    self.allItems = allItems
    self.starred = starred
  }
}
