import FeedCore
import Foundation
import Locking
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@testable import FeedModel
@testable import ReadingState

/// The state at a year's scale (docs/adr/0170-0173): a WAL that does not outlive the
/// session, pruning that spares what the reader keeps, a first screen that reads only what
/// it shows.
@Suite("State history")
struct StateHistoryTests {
  @Test("finishing the writes (at quit) leaves no WAL past its limit, though more was written")
  func checkpointAtExit() throws {
    let home = try DataHome()
    let state = ReaderState.open(environment: home.environment) { _ in }
    #expect(state.finishWrites())
    state.observe(
      feedA, items: ItemChunks((0..<100_000).map { FeedItem(guid: "g\($0)") }),
      complete: true)
    state.setRead(keys(1...120_000), true)
    #expect(state.finishWrites(timeout: .seconds(120)))
    // More than the limit went through the WAL (the whole file did); what is left of it is
    // within the limit (without the checkpoints by size and the truncation, all of it).
    #expect(SQLiteStateStore.fileSize(home.statePath) > SQLiteStateStore.walLimit * 2)
    #expect(SQLiteStateStore.fileSize(home.statePath + "-wal") <= SQLiteStateStore.walLimit)
    #expect(try home.open().readCount() == 120_000)
  }

  @Test("a checkpoint empties the WAL only when it copied it all and it is past the limit")
  func checkpointTruncates() throws {
    let scratch = try StateScratch()
    let store = try scratch.open()
    try store.deferCheckpoints()
    try store.apply(.setRead(keys(1...100), true), at: at(0))
    #expect(try !store.checkpoint())  // small: left for SQLite to reuse
    try store.apply(.observe(feedA, keys(101...150_000), complete: true), at: at(1))
    try store.apply(.setRead(keys(101...150_000), true), at: at(2))
    #expect(store.walBytes > SQLiteStateStore.walLimit)
    // A reader in the middle of a read holds the WAL: copied as far as it can, not emptied.
    let reader = try scratch.open()
    let select = try reader.db.prepare("SELECT id FROM items")
    #expect(try select.step())
    #expect(try !store.checkpoint())
    #expect(store.walBytes > SQLiteStateStore.walLimit)
    select.reset()
    #expect(try store.checkpoint())
    #expect(store.walBytes == 0)
  }

  @Test("pruning keeps starred items and followed artists' items, and notes when it ran")
  func pruneKeeps() throws {
    let scratch = try StateScratch()
    let store = try scratch.open()
    let raven = ArtistIdentity.hash("Raven Quill")
    let other = ArtistIdentity.hash("Someone Else")
    // Items 1-10 were in the feed on day 0; from day 200 only 11 and 12 are.
    try store.apply(
      .observe(
        feedA, keys(1...10), complete: true,
        artists: [raven, raven, raven, other, other, other, nil, nil, other, nil]),
      at: at(0))
    try store.apply(.setStarred(keys(4...4), true), at: at(1))
    try store.apply(.setRead(keys(5...6), true), at: at(1))
    _ = try store.follow("raven-quill", at: at(2))
    let day = 86_400
    try store.apply(.observe(feedA, keys(11...12), complete: true), at: at(200 * day))
    #expect(try store.summary().pruned == nil)
    let pruned = try store.prune(leftBefore: at(200 * day - 90 * day))
    #expect(pruned == 6)
    let kept = try store.marks(of: keys(1...12)).keys.map(\.rawValue).sorted()
    #expect(kept == [1, 2, 3, 4, 11, 12])
    #expect(try store.counts()[feedA]?.total == 2)
    #expect(try store.summary().pruned != nil)
    // Unfollowed, the artist's items go with the next prune; the starred one stays.
    _ = try store.unfollow("Raven Quill")
    #expect(try store.prune(leftBefore: at(200 * day - 90 * day)) == 3)
    #expect(try store.marks(of: keys(1...4)).keys.map(\.rawValue) == [4])
  }

  @Test("a backup carries items' artists (format 3): restored, pruning keeps a followed one's")
  func exportKeepsArtists() throws {
    let source = try StateScratch().open()
    let raven = ArtistIdentity.hash("Raven Quill")
    let other = ArtistIdentity.hash("Someone Else")
    try source.apply(
      .observe(feedA, keys(1...4), complete: true, artists: [raven, raven, other, nil]),
      at: at(0))
    try source.apply(.setRead(keys(1...4), true), at: at(1))
    _ = try source.follow("Raven Quill", at: at(2))
    let exported = try source.export()
    #expect(exported.format == 3)
    let ravenHex = try #require(raven.map { ItemKey(rawValue: $0).description })
    let otherHex = try #require(other.map { ItemKey(rawValue: $0).description })
    #expect(exported.items.map(\.artist) == [ravenHex, ravenHex, otherHex, nil])
    let text = try #require(String(data: exported.encoded(), encoding: .utf8))
    #expect(text.hasPrefix("{\"format\":3,"))
    #expect(text.contains("{\"artist\":\"\(ravenHex)\",\"changed\":"))
    // Streamed as in memory, and read back by the import's reader.
    var streamed = Data()
    try source.export(
      to: StateExportWriter { (bytes) throws(StateError) in streamed.append(contentsOf: bytes) })
    #expect(streamed == exported.encoded())
    let target = try StateScratch().open()
    _ = try target.mergeCounting(reading: StateExportInput(bytes: Array(streamed)))
    #expect(try target.export() == exported)
    // In no feed there, long ago: the followed artist's items stay, the others go.
    #expect(try target.prune(leftBefore: at(100 * 86_400)) == 2)
    #expect(try target.marks(of: keys(1...4)).keys.map(\.rawValue).sorted() == [1, 2])

    // An older backup of the same marks (no artists, format 1) leaves the artists known here;
    // a newer one fills in those not known, whichever marks win.
    let known = try StateScratch().open()
    try known.apply(
      .observe(feedA, keys(1...1), complete: true, artists: [raven]), at: at(0))
    try known.apply(.setRead(keys(1...2), true), at: at(9))
    var old = exported
    old.items = old.items.map { item in
      var item = item
      item.artist = nil
      return item
    }
    #expect(old.format == 2)
    try known.merge(old)
    try known.merge(exported)
    let artists = try known.export().items.map(\.artist)
    #expect(artists == [ravenHex, ravenHex, otherHex, nil])
  }

  @Test("an item's artist in a backup must be 16 hex digits")
  func exportArtistChecked() throws {
    let store = try StateScratch().open()
    for bad in ["\"xyz\"", "\"0123456789abcdef0\"", "12", "null"] {
      let text =
        "{\"format\":3,\"feeds\":[],\"items\":[{\"artist\":\(bad),\"changed\":1,"
        + "\"firstSeen\":1,\"id\":\"0123456789abcdef\",\"read\":true,\"starred\":false}]}"
      #expect(throws: StateError.self) {
        try store.merge(reading: StateExportInput(bytes: Array(text.utf8)))
      }
    }
    #expect(try store.export().items.isEmpty)
  }

  @Test("a run's start prunes only when the last prune is older than the interval")
  func pruneWhenDue() throws {
    let scratch = try StateScratch()
    let store = try scratch.open()
    let day = 86_400
    try store.apply(.observe(feedA, keys(1...4), complete: true), at: at(0))
    try store.apply(.observe(feedA, keys(3...4), complete: true), at: at(200 * day))
    let cutoff = at(200 * day - 90 * day)
    let now = Date()
    // Never pruned: it runs (with a cutoff that removes nothing) and notes when.
    #expect(try store.pruneIfDue(leftBefore: at(0), now: now) == 0)
    // Within the interval it is skipped, whatever there is to remove.
    #expect(try store.pruneIfDue(leftBefore: cutoff, now: now.addingTimeInterval(3_600)) == nil)
    #expect(try store.marks(of: keys(1...4)).count == 4)
    // Once the interval has passed it runs again.
    let later = now.addingTimeInterval(SQLiteStateStore.pruneInterval + 60)
    #expect(try store.pruneIfDue(leftBefore: cutoff, now: later) == 2)
    #expect(try store.marks(of: keys(1...4)).count == 2)
    // A noted time ahead of the clock (the clock was set back) does not stop it.
    try store.setInfo("pruned", Int64(now.timeIntervalSince1970) + 7 * Int64(day))
    #expect(try store.pruneIfDue(leftBefore: cutoff, now: now) == 0)
  }

  @Test("items that left a feed within the retention, or are still in one, are not pruned")
  func pruneRecent() throws {
    let scratch = try StateScratch()
    let store = try scratch.open()
    let day = 86_400
    try store.apply(.observe(feedA, keys(1...4), complete: true), at: at(0))
    try store.apply(.observe(feedA, keys(3...4), complete: true), at: at(60 * day))
    #expect(try store.prune(leftBefore: at(60 * day - 90 * day)) == 0)
    #expect(try store.marks(of: keys(1...4)).count == 4)
  }

  @Test("render's state reads the pages of what it shows, not the file: a few of thousands")
  func firstScreenReadsWhatItShows() throws {
    let home = try DataHome()
    do {
      let file = try home.open()
      try file.apply(.observe(feedB, keys(1...60_000), complete: true), at: at(0))
      try file.apply(.setRead(keys(1...40_000), true), at: at(1))
      try file.apply(.setStarred(keys(7...9), true), at: at(2))
      _ = try file.checkpoint()
    }
    let pages = SQLiteStateStore.fileSize(home.statePath) / 4096
    #expect(pages > 500)
    let events = Locked<[StateEvent]>([])
    let state = ReaderState.openReadOnly(environment: home.environment) { event in
      events.withLock { $0.append(event) }
    }
    // A first screen: the shown feed's 64 items recorded, counts, the visible rows' marks.
    let shown = (0..<64).map { FeedItem(guid: "shown-\($0)") }
    state.observe(feedA, items: shown, complete: true)
    state.requestCounts(allItems: [])
    let visible = Array(shown.prefix(12).map(ItemKey.init)) + keys(7...8)
    let marks = try #require(state.answered(visible))
    #expect(marks.suffix(2).allSatisfy { $0.starred && $0.read })
    #expect(state.finishWrites())
    let counts = try #require(state.latestCounts)
    #expect(counts.feeds[feedA] == FeedCounts(total: 64, unread: 64, new: 64))
    #expect(counts.feeds[feedB]?.unread == 20_000 && counts.starred == 3)
    let read = try #require(state.pagesRead)
    #expect(read > 0 && read * 50 < pages, "pages read \(read) of \(pages)")
    // Nothing reached the file.
    #expect(try home.open().counts()[feedA] == nil)
  }

  @Test("state vacuum compacts a pruned file in place, keeping every mark")
  func vacuumCompacts() throws {
    let home = try DataHome()
    do {
      let file = try home.open()
      try file.apply(.observe(feedA, keys(1...50_000), complete: true), at: at(0))
      try file.apply(.setStarred(keys(1...10), true), at: at(1))
      try file.apply(.observe(feedA, keys(50_001...50_010), complete: true), at: at(200 * 86_400))
      #expect(try file.prune(leftBefore: at(100 * 86_400)) == 49_990)
      _ = try file.checkpoint()
    }
    let before = SQLiteStateStore.fileSize(home.statePath)
    // A process another test forks in the instant before its exec holds a copy of every
    // descriptor, this one's lock too, until the exec closes it: wait out that moment.
    let done = try SQLiteStateStore.compact(path: home.statePath, wait: TimeScale.seconds(10))
    guard case .replaced(_, let after) = done else {
      Issue.record("not replaced: \(done)")
      return
    }
    #expect(after * 4 < before, "\(before) -> \(after)")
    let store = try home.open()
    #expect(try store.marks(of: keys(1...10)).values.allSatisfy(\.starred))
    #expect(try store.counts()[feedA]?.total == 10)
    #expect(try store.db.text("PRAGMA integrity_check") == "ok")
  }

  @Test("state vacuum keeps a state file that is a link a link, and the file's permissions")
  func vacuumKeepsLinksAndModes() throws {
    let home = try DataHome()
    let elsewhere = try TempDirectory()
    defer { elsewhere.remove() }
    let real = elsewhere.url.appendingPathComponent("kept.db").path
    do {
      let file = try SQLiteStateStore(path: real)
      try file.apply(.setStarred(keys(1...5), true), at: at(0))
      _ = try file.checkpoint()
    }
    #expect(chmod(real, 0o640) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: home.statePath, withDestinationPath: real)
    // A process another test forks in the instant before its exec holds a copy of every
    // descriptor, this one's lock too, until the exec closes it: wait out that moment.
    let done = try SQLiteStateStore.compact(path: home.statePath, wait: TimeScale.seconds(10))
    guard case .replaced = done else {
      Issue.record("not replaced: \(done)")
      return
    }
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: home.statePath)
    #expect(link == real, "the link still names the same file")
    var info = stat()
    #expect(stat(real, &info) == 0 && info.st_mode & 0o7777 == 0o640)
    #expect(!FileManager.default.fileExists(atPath: real + ".compact"))
    #expect(try home.open().marks(of: keys(1...5)).values.allSatisfy(\.starred))
  }

  @Test("state vacuum leaves the file alone while another user has it open")
  func vacuumWaitsForTheLast() throws {
    let home = try DataHome()
    let other = try home.open()
    try other.apply(.setRead(keys(1...100), true), at: at(0))
    #expect(try SQLiteStateStore.compact(path: home.statePath, wait: 0.2) == .inUse)
    #expect(!FileManager.default.fileExists(atPath: home.statePath + ".compact"))
    // The other user still writes into the live file.
    try other.apply(.setRead(keys(101...101), true), at: at(1))
    #expect(try home.open().readCount() == 101)
  }
}
