import FeedModel
import Foundation

/// The marks the browser has seen or made this session, in front of the database.
///
/// An entry is the item's marks as last read from the database (`base`, nil until read)
/// with this session's changes on top (`read`, `starred`), so a bulk mark of 100k items
/// writes overrides without reading any of them first. Only `ReaderState`'s lock touches it.
struct Overlay: Sendable {
  /// The lookup connection; nil when the store is in memory (the overlay then holds it all).
  private(set) var reader: StoreBox?
  private var entries: [ItemKey: Entry] = [:]
  private var visits: [FeedKey: Date?] = [:]
  /// The followed artists as last read from the database, by key; nil until read
  /// (`ReaderState+Follows.swift`).
  var followBase: [String: ArtistFollow]?
  /// This session's follows and unfollows, by key, not yet known to be on disk.
  var followChanges: [String: FollowChange] = [:]
  /// The number of the last change made.
  private(set) var sequence = 0

  /// Lookups must run on the writer's thread: while the store is being opened there, and
  /// for good when `reader` is the writer's own store (`render`'s, `openReadOnly`).
  private(set) var lookupsOnWriter: Bool

  init(reader: StoreBox?, lookupsOnWriter: Bool = false) {
    self.reader = reader
    self.lookupsOnWriter = lookupsOnWriter
  }

  /// Starts reading marks from `reader` (opened after the overlay, on the writer's thread).
  mutating func use(reader: StoreBox?, lookupsOnWriter: Bool) {
    self.reader = reader
    self.lookupsOnWriter = lookupsOnWriter
  }

  struct Entry: Sendable {
    var base: ItemMarks?
    var read: Bool?
    var starred: Bool?
    /// The change that last touched the entry; 0 when only read from the database.
    var sequence = 0

    var marks: ItemMarks {
      var marks = base ?? .unknown
      if let read { marks.read = read }
      if let starred { marks.starred = starred }
      return marks
    }
  }

  /// The marks of `keys`, reading those without a `base` from the database in one batch.
  /// Throws only `.corrupt` (other lookup failures read as unknown marks), so the caller
  /// can have the file checked.
  mutating func marks(for keys: [ItemKey]) throws(StateError) -> [ItemMarks] {
    let missing = keys.filter { entries[$0]?.base == nil }
    if !missing.isEmpty, let reader {
      do {
        let found = try reader.store.marks(of: missing)
        for key in missing { entries[key, default: Entry()].base = found[key] ?? .unknown }
      } catch  where error.kind == .corrupt {
        throw error
      } catch {}
    }
    return keys.map { entries[$0]?.marks ?? .unknown }
  }

  /// The marks of `keys` without keeping what the database says: for a pass over a whole
  /// list (a filter, the next unread item), which must not fill memory with every item.
  func peek(_ keys: [ItemKey]) -> [ItemMarks] {
    let missing = keys.filter { entries[$0]?.base == nil }
    let found = missing.isEmpty ? [:] : ((try? reader?.store.marks(of: missing)) ?? [:])
    return keys.map { key in
      guard var entry = entries[key] else { return found[key] ?? .unknown }
      if entry.base == nil { entry.base = found[key] ?? .unknown }
      return entry.marks
    }
  }

  /// The number a new change gets.
  mutating func nextSequence() -> Int {
    sequence += 1
    return sequence
  }

  /// Applies change `number` to `keys`.
  mutating func change(_ keys: some Collection<ItemKey>, number: Int, _ body: (inout Entry) -> Void)
  {
    entries.reserveCapacity(entries.count + keys.count)
    for key in keys {
      body(&entries[key, default: Entry()])
      entries[key]?.sequence = number
    }
  }

  /// Applies one change to `keys`; returns its number.
  mutating func change(_ keys: [ItemKey], _ body: (inout Entry) -> Void) -> Int {
    let number = nextSequence()
    change(keys, number: number, body)
    return number
  }

  /// Drops a change that never reached the disk from the keys it was the last to touch.
  mutating func forget(_ keys: [ItemKey], ifChangedBy change: Int) {
    for key in keys where entries[key]?.sequence == change {
      entries[key]?.read = nil
    }
  }

  /// Forgets everything changes up to `savedThrough` put on disk: those entries are read
  /// again from the database; later changes keep their overrides.
  mutating func forgetSaved(through savedThrough: Int) {
    entries = entries.filter { $0.value.sequence > savedThrough }
    for key in entries.keys { entries[key]?.base = nil }
    visits = [:]
    followChanges = followChanges.filter { $0.value.sequence > savedThrough }
    followBase = nil
  }

  /// A fresh database replaced a damaged one: what was read from the old file is
  /// forgotten, and the session's own marks come back as changes to write into the new one
  /// (read, unread, starred, unstarred: at most four), then its follows and unfollows.
  mutating func replaceReader(_ reader: StoreBox?) -> [StateChange] {
    self.reader = reader
    visits = [:]
    followBase = nil
    var read: [Bool: [ItemKey]] = [:]
    var starred: [Bool: [ItemKey]] = [:]
    for (key, entry) in entries {
      if let flag = entry.read { read[flag, default: []].append(key) }
      if let flag = entry.starred { starred[flag, default: []].append(key) }
    }
    entries = entries.filter { $0.value.read != nil || $0.value.starred != nil }
    for key in entries.keys { entries[key]?.base = nil }
    return read.map { StateChange.setRead($0.value, $0.key) }
      + starred.map { StateChange.setStarred($0.value, $0.key) } + followRewrites()
  }

  /// The last visit of `feed` before now, remembering `now` as the latest.
  mutating func visit(_ feed: FeedKey, now: Date) -> Date? {
    let previous = lastVisit(of: feed)
    visits[feed] = now
    return previous
  }

  private mutating func lastVisit(of feed: FeedKey) -> Date? {
    if let known = visits[feed] { return known }
    let found = (try? reader?.store.lastVisit(of: feed)) ?? nil
    visits[feed] = found
    return found
  }
}
