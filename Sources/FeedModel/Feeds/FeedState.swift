import Foundation

/// A subscription's state after a refresh, as the feed list shows it in one line.
public enum FeedState: Sendable, Equatable {
  /// Fetched just now, or the server said the cached copy is current.
  case fresh
  /// Fetched just now, but the copy could not be kept in the cache (a full disk): shown now,
  /// not there offline. The reason, in one line.
  case unsaved(String)
  /// A local file, read just now.
  case local
  /// The network failed (or was not allowed): the copy fetched at `fetchedAt`, and why.
  case cached(fetchedAt: Date, reason: String)
  /// Nothing to show: the error, in one line.
  case failed(String)

  /// The state of a feed that was read, from how current its list is.
  public init(_ freshness: Freshness) {
    switch freshness {
    case .live: self = .fresh
    case .local: self = .local
    case .cached(let fetchedAt, let reason): self = .cached(fetchedAt: fetchedAt, reason: reason)
    }
  }

  /// The state of a list that was read: as `init(_:)` with its freshness, and `unsaved`
  /// when a fresh copy could not be kept.
  public init(_ list: LoadedList) {
    if let reason = list.notSaved, list.freshness == .live {
      self = .unsaved(reason)
    } else {
      self.init(list.freshness)
    }
  }

  /// "fresh", "fresh, not saved: <reason>", "local file", "cached 3 h ago: <reason>",
  /// "error: <reason>". A reason that starts with `source` (the feed's address) is said
  /// without it, for a line that names the feed already.
  public func summary(now: Date = Date(), source: String? = nil) -> String {
    func bare(_ reason: String) -> String { RefreshSummary.withoutSource(reason, source) }
    return switch self {
    case .fresh: "fresh"
    case .unsaved(let reason): "fresh, not saved: \(bare(reason))"
    case .local: "local file"
    case .cached(let fetchedAt, let reason):
      "cached \(FeedAge.phrase(fetchedAt, now: now)): \(bare(reason))"
    case .failed(let reason): "error: \(bare(reason))"
    }
  }
}

/// How long ago something happened, in the few words a list has room for.
public enum FeedAge {
  /// "1 min", "5 min", "2 h", "3 d": how long until `date` (at least a minute, rounded up).
  public static func until(_ date: Date, now: Date = Date()) -> String {
    let seconds = date.timeIntervalSince(now)
    guard seconds.isFinite else { return "a while" }
    let minutes = max(1, Int((seconds / 60).rounded(.up)))
    if minutes < 60 { return "\(minutes) min" }
    if minutes < 48 * 60 { return "\((minutes + 59) / 60) h" }
    return "\((minutes + 24 * 60 - 1) / (24 * 60)) d"
  }

  /// "just now", "5 min ago", "3 h ago", "2 d ago" (rounded down; a time in the future, as a
  /// clock set back makes it, is "just now").
  public static func phrase(_ date: Date, now: Date = Date()) -> String {
    let seconds = now.timeIntervalSince(date)
    guard seconds >= 60, seconds.isFinite else { return "just now" }
    let minutes = Int(seconds / 60)
    if minutes < 60 { return "\(minutes) min ago" }
    if minutes < 48 * 60 { return "\(minutes / 60) h ago" }
    return "\(minutes / (24 * 60)) d ago"
  }
}
