import CSQLite
import FeedModel

extension StateError {
  /// The error SQLite reported for `code` (a primary or extended result code).
  init(sqlite code: Int32, _ message: String) {
    let kind: Kind =
      switch code & 0xFF {
      case SQLITE_CORRUPT, SQLITE_NOTADB: .corrupt
      case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN, SQLITE_AUTH: .readOnly
      case SQLITE_FULL: .full
      case SQLITE_BUSY, SQLITE_LOCKED: .busy
      default: .io
      }
    self.init(kind, message)
  }
}
