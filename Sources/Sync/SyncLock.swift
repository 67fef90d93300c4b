import Foundation
import Workers

/// An exclusive `flock` on a file beside the local copy, held for one sync: two artfeeds
/// (the browser and `artfeed sync`) never send the same queue or fetch the same pages at once.
final class SyncLock: Sendable {
  let fd: Int32

  private init(fd: Int32) {
    self.fd = fd
  }

  /// Takes the lock at `path`, waiting up to `patience` seconds for another sync to end;
  /// nil for no path.
  static func take(_ path: String?, account: String, patience: Double = 120)
    async throws(AccountError) -> SyncLock?
  {
    guard let path else { return nil }
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw AccountError(.storage, "\(path): cannot lock: \(PrivateFile.reason(errno))")
    }
    let deadline = Date() + patience
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline, !Task.isCancelled else {
        close(fd)
        throw AccountError(
          Task.isCancelled ? .cancelled : .unavailable,
          "\(account): another artfeed has been syncing it for \(Int(patience)) s; try again")
      }
      // Not `Task.sleep`: it would start libdispatch's pool and its timer (docs/adr/0083).
      await WorkerPool.sleep(for: .milliseconds(100))
    }
    return SyncLock(fd: fd)
  }

  func release() {
    flock(fd, LOCK_UN)
    close(fd)
  }
}
