import FeedModel
import Foundation
import ReadingState
import Workers

/// The reader's state database as the commands use it (synchronously: no UI to keep free).
struct StateAccess {
  let location: URL

  /// Finds the state file from the environment (`$XDG_DATA_HOME/artfeed/state.db`, else
  /// `~/.local/share/artfeed/state.db`).
  init(environment: [String: String] = processEnvironment)
    throws(CommandFailure)
  {
    guard let location = StateFile.defaultLocation(environment: environment) else {
      throw .noConfiguration("set HOME or XDG_DATA_HOME: there is nowhere to keep read state")
    }
    self.location = location
  }

  /// Opens the state for a command that writes: a damaged file is moved aside (with a
  /// warning); a state that would only live in memory is a failure (EX_CANTCREAT).
  func openForWriting() throws(CommandFailure) -> SQLiteStateStore {
    guard let opened = StateFile.open(at: location) else {
      throw .cannotWrite("state: SQLite cannot open even a memory database")
    }
    guard opened.isSaved else {
      throw .cannotWrite(opened.notices.first ?? "state: \(location.path) cannot be written")
    }
    for notice in opened.notices { warn(notice) }
    return opened.store
  }

  /// The state for `state export`: nil when there is none yet (nothing is created); a file
  /// that cannot be used (damaged, of a version this artfeed does not know, on a disk that
  /// refuses it) is a failure, so that a backup is never written empty in its place.
  func openForExport() throws(CommandFailure) -> SQLiteStateStore? {
    guard FileManager.default.fileExists(atPath: location.path) else { return nil }
    do {
      return try SQLiteStateStore(path: location.path)
    } catch {
      throw CommandFailure(StateError(error.kind, "state: \(error.description)"))
    }
  }

  /// The state for reading, or nil when there is none yet (nothing is created) or it cannot
  /// be opened (a warning says why).
  func openIfPresent() -> SQLiteStateStore? {
    guard FileManager.default.fileExists(atPath: location.path) else { return nil }
    do {
      return try SQLiteStateStore(path: location.path)
    } catch {
      warn("state: \(error.description)")
      return nil
    }
  }
}

/// Records which items each refreshed feed holds, so `artfeed feeds` can count them, one
/// feed at a time as the refresh brings them, on a thread of its own: the state's commits
/// (one transaction each, fsynced) overlap the network instead of following the last feed.
/// A state that cannot be written costs a warning, not the refresh.
final class RefreshRecorder: @unchecked Sendable {
  // `@unchecked Sendable`: `store`, `hashes` and `allKeys` are set in `init` and then touched
  // only by the worker's blocks, which run one at a time on its thread.
  private let worker = SerialWorker(name: "artfeed-state")
  private var store: SQLiteStateStore?
  private var hashes = ArtistHashes()
  /// Every recorded feed's items, each once: what All items counts.
  private var allKeys = Set<ItemKey>()

  /// Opens the state (its notices are warnings); nil store: it cannot be written.
  init() {
    guard let access = try? StateAccess(), let opened = StateFile.open(at: access.location),
      opened.isSaved
    else {
      warn("state: not recorded (the state file cannot be written)")
      return
    }
    for notice in opened.notices { warn(notice) }
    store = opened.store
  }

  /// Records `refresh`'s items after those given before (a failed feed records nothing).
  func record(_ refresh: FeedRefresh, at now: Date) {
    guard let list = refresh.list else { return }
    worker.async { [self] in
      let keys = list.chunks.map(ItemKey.init)
      allKeys.formUnion(keys)
      guard let state = store else { return }
      let artists = hashes.of(list.chunks)
      let feed = FeedKey(refresh.subscription.address)
      do throws(StateError) {
        _ = try state.apply(.observe(feed, keys, complete: true, artists: artists), at: now)
      } catch {
        // The first failure is said once; the feeds after it are not recorded.
        warn("state: \(error.description)")
        store = nil
      }
    }
  }

  /// Waits until every feed given is recorded; how many distinct items they hold.
  func finish() -> Int {
    worker.sync { allKeys.count }
  }
}

extension CommandFailure {
  /// The failure a state error means for a command's exit status.
  init(_ error: StateError) {
    switch error.kind {
    case .badInput: self = .notAFeed(error.description)
    case .readOnly, .full, .io, .corrupt, .busy, .newerVersion:
      self = .cannotWrite(error.description)
    }
  }
}
