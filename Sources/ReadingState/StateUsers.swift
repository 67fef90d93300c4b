import FeedModel
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The `flock` every artfeed holds, shared, on `state.db.lock` while it has the state file
/// open; `state vacuum` takes it exclusively to put a compacted file in the live one's place
/// (docs/adr/0173).
///
/// A process that has the old file open would go on writing into it after the rename, and
/// its marks would be lost with it: so the swap waits until it holds the only lock, and an
/// artfeed that opens the state meanwhile waits for the swap (at most the busy timeout).
final class StateUsers {
  private let fd: Int32
  let path: String

  /// Takes the shared lock for the database at `database`, waiting up to `milliseconds`
  /// for a swap under way. Nil when the lock file cannot be made (a read-only folder): the
  /// state is used without it, and a vacuum then refuses to swap.
  init?(database: String, milliseconds: Int32) {
    path = database + ".lock"
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return nil }
    self.fd = fd
    let deadline = Date() + Double(milliseconds) / 1000
    while flock(fd, LOCK_SH | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else { break }
      usleep(5_000)
    }
  }

  deinit { close(fd) }

  /// Turns this process's shared lock into the only one, trying until `deadline`; false
  /// when another artfeed still holds the state.
  func takeAlone(until deadline: Date) -> Bool {
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else { return false }
      usleep(50_000)
    }
    return true
  }

  /// Shares the lock again after `takeAlone`.
  func share() {
    flock(fd, LOCK_SH)
  }
}
