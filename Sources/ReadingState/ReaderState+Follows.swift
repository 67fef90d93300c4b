import FeedModel
import Foundation

/// The followed artists as the browser uses them (docs/adr/0160): answered from memory, the
/// database read once and again after `refresh` (so another artfeed's follows show on
/// `r`/`R`), changes written in order on the writer's queue like marks.
extension ReaderState {
  /// Every followed artist, in the order of their keys. Cost: the list (a few hundred),
  /// the database read only the first time and after a refresh.
  public func follows() -> [ArtistFollow] {
    looking { overlay.withLock { $0.currentFollows() } }
      .values.sorted { $0.key < $1.key }
  }

  /// Whether the artist whose `ArtistIdentity.key` is `key` is followed.
  public func isFollowed(_ key: String) -> Bool {
    guard !key.isEmpty else { return false }
    return looking { overlay.withLock { $0.currentFollows()[key] != nil } }
  }

  /// Follows the artist `name` now: the follow in effect (an artist followed already keeps
  /// its name and time, and nothing is written); nil for a name no follow may have
  /// (`ArtistFollow.problem`: no letter or digit, a control character, too long).
  @discardableResult
  public func follow(_ name: String) -> ArtistFollow? {
    guard ArtistFollow.problem(name: name) == nil else { return nil }
    let now = Date(timeIntervalSince1970: clock().timeIntervalSince1970.rounded(.down))
    let wanted = ArtistFollow(name: name, since: now)
    let (follow, sequence) = looking {
      overlay.withLock { overlay -> (ArtistFollow, Int?) in
        if let existing = overlay.currentFollows()[wanted.key] { return (existing, nil) }
        let sequence = overlay.nextSequence()
        overlay.followChanges[wanted.key] = FollowChange(
          follow: wanted, followed: true, sequence: sequence)
        return (wanted, sequence)
      }
    }
    if let sequence { writer.write(.follow(name, now), sequence: sequence) }
    return follow
  }

  /// Stops following the artist `name` is (by its key): the follow removed, nil when the
  /// artist was not followed (nothing is written then).
  @discardableResult
  public func unfollow(_ name: String) -> ArtistFollow? {
    let key = ArtistIdentity.key(name)
    guard !key.isEmpty else { return nil }
    let removed = looking {
      overlay.withLock { overlay -> (ArtistFollow, Int)? in
        guard let existing = overlay.currentFollows()[key] else { return nil }
        let sequence = overlay.nextSequence()
        overlay.followChanges[key] = FollowChange(
          follow: existing, followed: false, sequence: sequence)
        return (existing, sequence)
      }
    }
    guard let (follow, sequence) = removed else { return nil }
    writer.write(.unfollow(follow.name), sequence: sequence)
    return follow
  }

  /// Follows the artist `name`, or stops following it if followed (`f`): true when it is
  /// followed now. False too for a name no follow may have.
  @discardableResult
  public func toggleFollow(_ name: String) -> Bool {
    if isFollowed(ArtistIdentity.key(name)) {
      unfollow(name)
      return false
    }
    return follow(name) != nil
  }
}

/// A follow or unfollow made this session, not yet known to be on disk.
struct FollowChange: Sendable {
  /// The artist (for an unfollow, the follow it removed).
  var follow: ArtistFollow
  var followed: Bool
  /// The overlay's number of the change (`Overlay.nextSequence`).
  var sequence: Int
}

extension Overlay {
  /// The followed artists by key: the database's (read now if not known) with this
  /// session's changes on top. A lookup that fails reads as none followed, and is tried
  /// again next time.
  mutating func currentFollows() -> [String: ArtistFollow] {
    var follows = followBase ?? readFollows() ?? [:]
    for (key, change) in followChanges {
      follows[key] = change.followed ? change.follow : nil
    }
    return follows
  }

  /// The database's follows, kept as `followBase`; nil when they cannot be read. Without a
  /// lookup connection (a state in memory) the session's changes are all there is.
  private mutating func readFollows() -> [String: ArtistFollow]? {
    guard let reader else {
      followBase = [:]
      return [:]
    }
    guard let found = try? reader.store.follows() else { return nil }
    let base = Dictionary(found.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    followBase = base
    return base
  }

  /// The session's follows and unfollows, as changes to write into a fresh database.
  func followRewrites() -> [StateChange] {
    followChanges.values.sorted { $0.sequence < $1.sequence }.map { change in
      change.followed
        ? .follow(change.follow.name, change.follow.since) : .unfollow(change.follow.name)
    }
  }
}
