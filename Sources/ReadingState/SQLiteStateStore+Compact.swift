import FeedModel
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `artfeed state vacuum`: a compacted copy of the file made while other artfeeds go on
/// using it, put in its place once none does (docs/adr/0173).
extension SQLiteStateStore {
  /// What a compaction did.
  public enum Compaction: Sendable, Equatable {
    /// The compacted file replaced the live one: its size before (with the WAL) and after.
    case replaced(before: Int, after: Int)
    /// Another artfeed still had the file open when `wait` ran out: the copy was removed,
    /// the live file left as it was.
    case inUse
  }

  /// Writes a compacted copy of the database at `path` beside it (`VACUUM INTO`: a read
  /// transaction, so the browser and commands go on reading and writing meanwhile), then
  /// waits up to `wait` seconds to be its only user (`StateUsers`), and, once alone, renames
  /// the copy over the file. A change committed by another artfeed between the copy and
  /// the swap is not lost: the copy is made again, alone, first.
  ///
  /// Throws when the file cannot be opened or the copy written (a full disk); the live file
  /// is never touched before the rename, which is atomic. A state file that is a symbolic
  /// link stays one: the file it names is replaced (SQLite keeps its WAL beside that file
  /// too), and the copy takes the file's permissions.
  public static func compact(path: String, wait: TimeInterval) throws(StateError) -> Compaction {
    // The lock stays beside `path`, where every artfeed looks for it.
    let target = resolvedLink(path)
    let copy = target + ".compact"
    let before = fileSize(target) + fileSize(target + "-wal")
    guard let users = StateUsers(database: path, milliseconds: 5000) else {
      throw StateError(.readOnly, "\(path).lock cannot be made: the file cannot be replaced")
    }
    var db: SQLiteConnection? = try SQLiteConnection(path: path)
    db?.setBusyTimeout(milliseconds: 5000)
    defer { unlink(copy) }
    let seen = try db?.integer("PRAGMA data_version")
    try vacuum(db, into: copy)
    guard users.takeAlone(until: Date() + wait) else { return .inUse }
    defer { users.share() }
    // Alone now: another artfeed that committed since the copy has quit; copy again.
    if try db?.integer("PRAGMA data_version") != seen { try vacuum(db, into: copy) }
    _ = try db?.integer("PRAGMA wal_checkpoint(TRUNCATE)")
    var info = stat()
    if stat(target, &info) == 0, chmod(copy, info.st_mode & 0o7777) != 0 {
      throw StateError(.io, "\(copy): cannot give it the file's permissions: \(reason())")
    }
    try syncFile(copy)
    db = nil  // closed before the rename: its WAL and shared memory are the old file's
    guard rename(copy, target) == 0 else {
      throw StateError(.io, "\(path): cannot replace it with the compacted copy: \(reason())")
    }
    unlink(target + "-wal")
    unlink(target + "-shm")
    try syncFile((target as NSString).deletingLastPathComponent)
    return .replaced(before: before, after: fileSize(target))
  }

  /// The file `path` names at the end of its symbolic links; `path` itself when it is none
  /// (or cannot be resolved: the rename then fails with a reason).
  static func resolvedLink(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func vacuum(_ db: SQLiteConnection?, into copy: String) throws(StateError) {
    unlink(copy)
    let fd = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw StateError(.io, "\(copy): cannot create: \(reason())") }
    close(fd)
    let vacuum = try db?.prepare("VACUUM INTO ?")
    vacuum?.bind(1, copy)
    try vacuum?.run()
  }

  private static func syncFile(_ path: String) throws(StateError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw StateError(.io, "\(path): cannot open: \(reason())") }
    defer { close(fd) }
    guard fsync(fd) == 0 else { throw StateError(.io, "\(path): cannot sync: \(reason())") }
  }

  static func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}
