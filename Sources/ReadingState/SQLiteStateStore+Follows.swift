import FeedModel
import Foundation

/// The followed artists (schema version 5, docs/adr/0160): one row per `ArtistIdentity.key`,
/// with the name as first given and the time it was followed.
extension SQLiteStateStore {
  @discardableResult
  public func follow(_ name: String, at now: Date) throws(StateError)
    -> (follow: ArtistFollow, isNew: Bool)
  {
    if let problem = ArtistFollow.problem(name: name) {
      throw StateError(.badInput, "the artist's name \(problem)")
    }
    return try db.transaction { () throws(StateError) -> (ArtistFollow, Bool) in
      let isNew = try insertFollow(name, since: Int64(now.timeIntervalSince1970.rounded(.down)))
      guard let stored = try storedFollow(key: ArtistIdentity.key(name)) else {
        throw StateError(.io, "\(path): the follow of \(name) vanished")
      }
      return (stored, isNew)
    }
  }

  @discardableResult
  public func unfollow(_ name: String) throws(StateError) -> ArtistFollow? {
    try db.transaction { () throws(StateError) -> ArtistFollow? in try deleteFollow(name) }
  }

  public func follows() throws(StateError) -> [ArtistFollow] {
    let select = try statement("SELECT key, name, since FROM follows ORDER BY key")
    defer { select.reset() }
    var found: [ArtistFollow] = []
    while try select.step() {
      found.append(Self.follow(select, from: 0))
    }
    return found
  }

  public func isFollowed(key: String) throws(StateError) -> Bool {
    try storedFollow(key: key) != nil
  }

  // MARK: - Inside a transaction

  /// Adds the follow unless its key is followed already; true when it was added. A name
  /// `ArtistFollow.problem` refuses is never stored (callers check it first).
  func insertFollow(_ name: String, since: Int64) throws(StateError) -> Bool {
    guard ArtistFollow.problem(name: name) == nil else { return false }
    let insert = try statement(
      "INSERT INTO follows(key, name, since) VALUES(?1, ?2, ?3) ON CONFLICT(key) DO NOTHING")
    insert.bind(1, ArtistIdentity.key(name))
    insert.bind(2, name)
    insert.bind(3, since)
    try insert.run()
    return db.changes > 0
  }

  /// Removes the follow of the artist `name` is; the follow removed, if there was one.
  func deleteFollow(_ name: String) throws(StateError) -> ArtistFollow? {
    let delete = try statement("DELETE FROM follows WHERE key = ? RETURNING key, name, since")
    delete.bind(1, ArtistIdentity.key(name))
    defer { delete.reset() }
    guard try delete.step() else { return nil }
    let removed = Self.follow(delete, from: 0)
    while try delete.step() {}
    return removed
  }

  /// The follow stored under `key`, if any.
  func storedFollow(key: String) throws(StateError) -> ArtistFollow? {
    guard !key.isEmpty else { return nil }
    let select = try statement("SELECT key, name, since FROM follows WHERE key = ?")
    select.bind(1, key)
    defer { select.reset() }
    guard try select.step() else { return nil }
    return Self.follow(select, from: 0)
  }

  /// The follow in the row `statement` is on: key, name and since from column `first` on.
  static func follow(_ statement: SQLiteStatement, from first: Int32) -> ArtistFollow {
    ArtistFollow(
      name: statement.text(first + 1) ?? "", key: statement.text(first) ?? "",
      since: Date(timeIntervalSince1970: Double(statement.int64(first + 2))))
  }
}
