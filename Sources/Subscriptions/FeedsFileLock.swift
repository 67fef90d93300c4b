import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive `flock` on a file beside the feeds file (`.feeds.lock`), held across each
/// read-modify-write so two `artfeed` processes never edit from the same old copy.
///
/// The lock is on a file of its own, not on the feeds file: each edit replaces the feeds
/// file by a rename, and a lock on the replaced file would no longer exclude anyone. The lock
/// file is never removed (removing it would let a third process lock a new file while a
/// second still waits on the old one). It sits in the folder of the name artfeed uses, not
/// of a link's target, so a dotfiles folder gets no extra file.
enum FeedsFileLock {
  /// How long to wait for another artfeed's edit (edits take milliseconds).
  static let patience: Double = 10

  /// Runs `body` holding the lock of the feeds file at `location`, waiting for another edit
  /// to finish first.
  static func holding<Result>(
    _ location: URL, _ body: () throws(SubscriptionError) -> Result
  ) throws(SubscriptionError) -> Result {
    let fd = try lock(location)
    defer {
      flock(fd, LOCK_UN)
      close(fd)
    }
    return try body()
  }

  private static func lock(_ location: URL) throws(SubscriptionError) -> Int32 {
    let folder = location.deletingLastPathComponent()
    try FeedsFileStorage.createFolder(folder)
    let path = folder.appendingPathComponent(".\(location.lastPathComponent).lock").path
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw .io(path: path, reason: "cannot lock: " + FeedsFileStorage.systemReason(errno))
    }
    let deadline = Date() + patience
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR, Date() < deadline else {
        close(fd)
        let reason =
          code == EWOULDBLOCK
          ? "another artfeed has been editing it for \(Int(patience)) s; try again"
          : "cannot lock: " + FeedsFileStorage.systemReason(code)
        throw .io(path: location.path, reason: reason)
      }
      usleep(5_000)
    }
    return fd
  }
}
