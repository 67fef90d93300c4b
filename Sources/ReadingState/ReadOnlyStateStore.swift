import FeedModel
import Foundation

/// The reader's state for a run that changes nothing on disk (`artfeed render`): the file
/// read where it is, a page at a time, and what the run itself records kept in memory in
/// front of it (docs/adr/0170).
///
/// The browser records a list it loads, then counts its feed from the memberships; this
/// store keeps the list instead and counts the feed from it, reading from the file only the
/// rows of the list's items. So a run reads the feeds table, the rows it shows and the
/// rows of the feed it loaded, never the whole file, whatever the history holds.
final class ReadOnlyStateStore: ReaderStateStore {
  /// The file; nil when there is none (an empty state).
  private let file: SQLiteStateStore?
  /// Each feed's latest list recorded by this run, and its time.
  private var observed: [FeedKey: (keys: [ItemKey], at: Int64)] = [:]
  private var visits: [FeedKey: Int64] = [:]
  /// Marks this run changed (render changes none; tests may).
  private var changed: [ItemKey: ItemMarks] = [:]

  init(file: SQLiteStateStore?) {
    self.file = file
  }

  /// Pages read from the file so far (0 without a file).
  var pagesRead: Int { file?.pagesRead ?? 0 }

  func marks(of keys: [ItemKey]) throws(StateError) -> [ItemKey: ItemMarks] {
    let asked = keys.filter { changed[$0] == nil }
    var found = try file?.marks(of: asked) ?? [:]
    for key in keys { if let marks = changed[key] { found[key] = marks } }
    return found
  }

  @discardableResult
  func apply(_ change: StateChange, at now: Date) throws(StateError) -> [ItemKey] {
    let time = Int64(now.timeIntervalSince1970)
    switch change {
    case .observe(let feed, let keys, let complete, _):
      let before = complete ? [] : observed[feed]?.keys ?? []
      observed[feed] = (before + keys, time)
    case .visit(let feed, let date):
      visits[feed] = Int64(date.timeIntervalSince1970)
    case .setRead(let keys, let read):
      return try changeMarks(keys) { $0.read = read }
    case .setStarred(let keys, let starred):
      _ = try changeMarks(keys) { $0.starred = starred }
    case .markFeedRead(let feed):
      return try changeMarks(observed[feed]?.keys ?? []) { $0.read = true }
    case .markAllRead:
      return try changeMarks(observed.values.flatMap(\.keys)) { $0.read = true }
    case .follow, .unfollow:
      throw Self.refused
    }
    return []
  }

  /// Changes the marks of `keys` in memory; the keys whose marks `body` changed.
  private func changeMarks(_ keys: [ItemKey], _ body: (inout ItemMarks) -> Void) throws(StateError)
    -> [ItemKey]
  {
    let known = try marks(of: keys)
    var done: [ItemKey] = []
    for key in keys {
      var marks = known[key] ?? .unknown
      let before = marks
      body(&marks)
      if marks != before { done.append(key) }
      changed[key] = marks
    }
    return done
  }

  func lastVisit(of feed: FeedKey) throws(StateError) -> Date? {
    if let visit = visits[feed] { return Date(timeIntervalSince1970: Double(visit)) }
    return try file?.lastVisit(of: feed)
  }

  /// The file's counts (one read of its feeds table), those of the feeds this run recorded
  /// counted from their lists as the browser's recording would count them.
  func counts() throws(StateError) -> [FeedKey: FeedCounts] {
    var counts = try file?.counts() ?? [:]
    try adjustUnread(&counts)
    for (feed, list) in observed {
      counts[feed] = try self.counts(of: feed, list.keys, at: list.at)
    }
    for (feed, visit) in visits where observed[feed] == nil {
      counts[feed, default: FeedCounts()].lastVisit = Date(timeIntervalSince1970: Double(visit))
    }
    return counts
  }

  /// The file's unread counts with this run's read marks: each item whose flag changed
  /// moves its feeds' count (those it is current in; a seek of the item index each).
  private func adjustUnread(_ counts: inout [FeedKey: FeedCounts]) throws(StateError) {
    guard let file, !changed.isEmpty else { return }
    let before = try file.marks(of: Array(changed.keys))
    for (key, marks) in changed where marks.read != (before[key]?.read ?? false) {
      for feed in try file.currentFeeds(of: key) where observed[feed] == nil {
        counts[feed]?.unread += marks.read ? -1 : 1
      }
    }
  }

  /// A recorded list's counts: its items once each, those not read, and those that first
  /// appeared in the feed after its last visit (an item new to the feed appears now).
  private func counts(of feed: FeedKey, _ keys: [ItemKey], at time: Int64) throws(StateError)
    -> FeedCounts
  {
    var seen = Set<ItemKey>()
    let unique = keys.filter { seen.insert($0).inserted }
    let marks = try self.marks(of: unique)
    let firstSeen = try file?.firstSeen(in: feed, unique) ?? [:]
    let visit = try lastVisit(of: feed)
    let since = visit.map { Int64($0.timeIntervalSince1970) } ?? -1
    var counts = FeedCounts(total: unique.count, lastVisit: visit)
    for key in unique {
      if !(marks[key]?.read ?? false) { counts.unread += 1 }
      if (firstSeen[key] ?? time) > since { counts.new += 1 }
    }
    return counts
  }

  /// All items over the file's recorded feeds (`SQLiteStateStore.combinedCounts`): render
  /// records no subscription's list, so the file's memberships are the browser's.
  func combinedCounts(of feeds: [FeedKey]) throws(StateError) -> FeedCounts {
    try combinedCounts(of: feeds, countingNew: true)
  }

  func combinedCounts(of feeds: [FeedKey], countingNew: Bool) throws(StateError) -> FeedCounts {
    try file?.combinedCounts(of: feeds, countingNew: countingNew) ?? FeedCounts()
  }

  /// Starred items: the file's, with this run's stars and unstars.
  func starredCount() throws(StateError) -> Int {
    var count = try file?.starredCount() ?? 0
    guard !changed.isEmpty else { return count }
    let before = try file?.marks(of: Array(changed.keys)) ?? [:]
    for (key, marks) in changed where marks.starred != (before[key]?.starred ?? false) {
      count += marks.starred ? 1 : -1
    }
    return count
  }

  func prune(leftBefore cutoff: Date) throws(StateError) -> Int { 0 }

  func export() throws(StateError) -> StateSnapshot {
    try file?.export() ?? StateSnapshot(items: [], feeds: [])
  }

  func merge(_ snapshot: StateSnapshot) throws(StateError) -> Int { throw Self.refused }

  func follow(_ name: String, at now: Date) throws(StateError)
    -> (follow: ArtistFollow, isNew: Bool)
  {
    throw Self.refused
  }

  func unfollow(_ name: String) throws(StateError) -> ArtistFollow? { throw Self.refused }

  func follows() throws(StateError) -> [ArtistFollow] { try file?.follows() ?? [] }

  func isFollowed(key: String) throws(StateError) -> Bool {
    try file?.isFollowed(key: key) ?? false
  }

  private static let refused = StateError(.readOnly, "this run changes nothing on disk")
}
