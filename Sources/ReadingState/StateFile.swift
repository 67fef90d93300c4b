import FeedModel
import Foundation

/// Where the reader's state lives, and opening it so that a bad file never stops artfeed.
public enum StateFile {
  /// `$XDG_DATA_HOME/artfeed/state.db`, else `~/.local/share/artfeed/state.db` (user data,
  /// not cache: clearing the cache never loses a mark). Nil without HOME or XDG_DATA_HOME.
  public static func defaultLocation(environment: [String: String]) -> URL? {
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("artfeed/state.db")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".local/share/artfeed/state.db")
  }

  /// What opening found: the store to use, and one line per thing the reader should know.
  public struct Opened {
    public var store: SQLiteStateStore
    /// True when `store` is the disk file; false when it lives in memory for this session.
    public var isSaved: Bool
    public var notices: [String]
  }

  /// Opens the state at `url`, creating its folder (mode 0700).
  ///
  /// A file that is not a sound database is moved aside to `state.db.corrupt-TIMESTAMP`
  /// (with its -wal), with a notice, and a fresh one is started. Any other failure (a
  /// read-only folder, a newer version) keeps the state in memory for the session, with a
  /// notice saying why; the browser goes on either way. Nil only if SQLite cannot even open
  /// a memory database.
  public static func open(
    at url: URL, now: Date = Date(), check: SQLiteStateStore.Check = .pages
  ) -> Opened? {
    let why: String
    do throws(StateError) {
      try makeFolder(url.deletingLastPathComponent().path)
      return Opened(
        store: try SQLiteStateStore(path: url.path, check: check), isSaved: true, notices: [])
    } catch  where error.kind == .corrupt {
      if let (store, notice) = startAfresh(url, because: error, now: now) {
        return Opened(store: store, isSaved: true, notices: [notice])
      }
      why = "\(url.path) is damaged and could not be moved aside"
    } catch {
      why = error.description
    }
    guard let memory = SQLiteStateStore.inMemory() else { return nil }
    return Opened(
      store: memory, isSaved: false,
      notices: ["State not saved, marks kept for this session only: \(why)"])
  }

  /// Creates `path` and the folders above it that are missing (new ones mode 0700); throws
  /// why not, in the system's words ("cannot create /x: Permission denied").
  static func makeFolder(_ path: String) throws(StateError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      guard isFolder.boolValue else { throw StateError(.readOnly, "\(path) is not a folder") }
      return
    }
    let parent = (path as NSString).deletingLastPathComponent
    if parent != path, !parent.isEmpty { try makeFolder(parent) }
    guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
      throw StateError(.readOnly, "cannot create \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// Moves a damaged database aside and opens a fresh one in its place; with the notice
  /// that says so. Nil when it cannot be moved or the fresh one cannot be opened.
  public static func startAfresh(_ url: URL, because error: StateError, now: Date = Date())
    -> (SQLiteStateStore, String)?
  {
    var aside = url.path + ".corrupt-" + timestamp(now)
    var number = 1
    while FileManager.default.fileExists(atPath: aside) {
      number += 1
      aside = url.path + ".corrupt-" + timestamp(now) + "-\(number)"
    }
    guard moveAside(url.path, to: aside), let store = try? SQLiteStateStore(path: url.path)
    else { return nil }
    return (
      store,
      "State file damaged, moved aside to \(aside) and started afresh (\(error.description))"
    )
  }

  /// Renames the database and its -wal (which would otherwise be replayed into the fresh
  /// file) and drops its -shm; true when the database itself moved.
  private static func moveAside(_ path: String, to aside: String) -> Bool {
    guard rename(path, aside) == 0 else { return false }
    _ = rename(path + "-wal", aside + "-wal")
    unlink(path + "-shm")
    return true
  }

  private static func timestamp(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return formatter.string(from: date)
  }
}
