import FeedModel
import Foundation

/// One change the reader makes; each is written in one transaction, all or nothing.
public enum StateChange: Sendable, Equatable {
  /// Marks these items read or unread.
  case setRead([ItemKey], Bool)
  /// Stars or unstars these items.
  case setStarred([ItemKey], Bool)
  /// Marks every item recorded in the feed read.
  case markFeedRead(FeedKey)
  /// Marks every recorded item read.
  case markAllRead
  /// The reader opened the feed at this time.
  case visit(FeedKey, Date)
  /// The feed's list holds these items (`complete`: the whole list, not a first batch):
  /// records first-seen times and which feed each item is in; `artists`, when given, the
  /// hash of each item's artist (`ArtistIdentity.hash`, in the keys' order), kept for
  /// items that have none recorded yet (pruning spares followed artists' items).
  case observe(FeedKey, [ItemKey], complete: Bool, artists: [Int64?] = [])
  /// Follows the artist named so, as of the date (an artist followed already keeps its name
  /// and time).
  case follow(String, Date)
  /// Stops following the artist the name is (by `ArtistIdentity.key`).
  case unfollow(String)

  /// True for the marks that change read state of many items at once (undo applies to them).
  public var isBulkMark: Bool {
    switch self {
    case .setRead(let keys, true): keys.count > 1
    case .markFeedRead, .markAllRead: true
    default: false
    }
  }
}

/// The reader's state store: read, starred and first-seen per item, last visit per feed.
///
/// Synchronous and not thread-safe: one thread (the writer queue of `ReaderState`, or a
/// command) uses an instance at a time. The browser uses `ReaderState`, which answers from
/// memory and writes in the background; the UI never sees SQL.
public protocol ReaderStateStore: AnyObject {
  /// The marks of `keys` (only those the store knows; others are `ItemMarks.unknown`).
  func marks(of keys: [ItemKey]) throws(StateError) -> [ItemKey: ItemMarks]

  /// Applies `change` in one transaction at time `now`.
  ///
  /// - Returns: for a read mark, the items whose read state it changed (what an undo sets
  ///   back); empty for other changes.
  @discardableResult
  func apply(_ change: StateChange, at now: Date) throws(StateError) -> [ItemKey]

  /// When the reader last opened `feed`; nil if never.
  func lastVisit(of feed: FeedKey) throws(StateError) -> Date?

  /// Every recorded feed's counts, computed by the database.
  func counts() throws(StateError) -> [FeedKey: FeedCounts]

  /// Counts over the union of `feeds`, each item once (for "All items").
  func combinedCounts(of feeds: [FeedKey]) throws(StateError) -> FeedCounts

  /// Removes items that left every feed before `cutoff` (starred items stay); returns how
  /// many went.
  @discardableResult
  func prune(leftBefore cutoff: Date) throws(StateError) -> Int

  /// Everything worth keeping, for `artfeed state export`.
  func export() throws(StateError) -> StateSnapshot

  /// Merges an export into the store (the later change of each item wins), in one
  /// transaction; returns the number of items changed or added.
  @discardableResult
  func merge(_ snapshot: StateSnapshot) throws(StateError) -> Int

  // MARK: Followed artists (docs/adr/0160)

  /// Follows the artist `name` as of `now`, in one transaction: the follow as stored, and
  /// whether it is new (an artist followed already, under any spelling of its key, keeps
  /// its name and time). Throws `.badInput` for a name `ArtistFollow.problem` refuses.
  @discardableResult
  func follow(_ name: String, at now: Date) throws(StateError)
    -> (follow: ArtistFollow, isNew: Bool)

  /// Stops following the artist `name` is (by its key); the follow removed, nil when the
  /// artist was not followed.
  @discardableResult
  func unfollow(_ name: String) throws(StateError) -> ArtistFollow?

  /// Every followed artist, in the order of their keys.
  func follows() throws(StateError) -> [ArtistFollow]

  /// Whether the artist whose `ArtistIdentity.key` is `key` is followed.
  func isFollowed(key: String) throws(StateError) -> Bool
}
