import FeedModel
import Foundation
import HTTP

#if canImport(Glibc)
  import Glibc
#endif

/// The feeds file on disk: found through links, read with a size bound, and replaced so that
/// a link stays a link, the mode stays the mode and a read-only file is left alone.
///
/// Everything here speaks POSIX, so every failure has the system's own reason
/// (`strerror`), never Foundation's "The operation could not be completed".
enum FeedsFileStorage {
  /// The largest feeds file read: about 10,000 subscriptions of 100 bytes. A bigger file is
  /// refused with a sentence rather than read for seconds, in gigabytes of memory
  /// (docs/adr/0100).
  static let maxBytes = 1 << 20

  /// What the name points to after following links: the file to read and to replace.
  ///
  /// A link whose target does not exist (a dotfile manager's link before the first `add`)
  /// resolves to that target; a relative link is relative to the folder that holds it.
  static func target(of location: URL) throws(SubscriptionError) -> URL {
    var path = location.path
    for _ in 0..<40 {
      var info = stat()
      if lstat(path, &info) != 0 {
        if errno == ENOENT { return URL(fileURLWithPath: path) }
        throw .unreadableFile(path: path, reason: systemReason(errno))
      }
      guard info.st_mode & S_IFMT == S_IFLNK else { return URL(fileURLWithPath: path) }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(path, &buffer, buffer.count - 1)
      guard count > 0 else { throw .unreadableFile(path: path, reason: systemReason(errno)) }
      let destination = String(
        decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      path =
        destination.hasPrefix("/")
        ? destination
        : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(
          destination
        ).standardizedFileURL.path
    }
    throw .unreadableFile(path: location.path, reason: "too many levels of links")
  }

  /// The bytes of the feeds file at `location` (through links), or nil when there is none.
  static func read(_ location: URL) throws(SubscriptionError) -> Data? {
    try BoundedFile.read(location.path, maxBytes: maxBytes, tooLarge: tooLarge(location.path))
  }

  /// A folder, a device or a pipe where the feeds file should be, in words.
  static func checkKind(_ info: stat, path: String) throws(SubscriptionError) {
    try BoundedFile.checkKind(info, path: path)
  }

  static func tooLarge(_ path: String) -> SubscriptionError {
    .unreadableFile(
      path: path,
      reason: "is larger than 1 MiB; artfeed reads feeds files up to 1 MiB (about 10,000 feeds)")
  }

  /// Replaces the file at `target` (a resolved path, not a link) with `data`, atomically.
  ///
  /// A file that exists keeps its mode (and its owner, when we may set it); one whose owner
  /// has no write permission, or that we may not write, is refused and left as it is. A
  /// new file gets 0644 less the umask, as any editor would give it.
  static func replace(_ target: URL, with data: Data) throws(SubscriptionError) {
    let path = target.path
    var info = stat()
    var keep: AtomicFile.Ownership?
    if stat(path, &info) == 0 {
      try checkKind(info, path: path)
      let mode = info.st_mode & 0o7777
      // Checked by the mode bits too: root may write anything, but a 0444 file says "leave me".
      guard mode & S_IWUSR != 0 else {
        throw .io(
          path: path,
          reason: "is read-only (mode \(String(mode, radix: 8))); artfeed leaves it as it is "
            + "(chmod u+w allows edits)")
      }
      guard access(path, W_OK) == 0 else { throw .io(path: path, reason: systemReason(errno)) }
      keep = AtomicFile.Ownership(mode: mode, owner: info.st_uid, group: info.st_gid)
    }
    let folder = target.deletingLastPathComponent()
    try createFolder(folder)
    do {
      try AtomicFile.write(data, to: target, keeping: keep)
    } catch {
      throw .io(path: path, reason: error.reason)
    }
  }

  /// Creates `folder` and its parents (0755 less the umask) when missing.
  static func createFolder(_ folder: URL) throws(SubscriptionError) {
    var info = stat()
    if stat(folder.path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw .io(path: folder.path, reason: "is not a folder")
      }
      return
    }
    let parent = folder.deletingLastPathComponent()
    if parent.path != folder.path { try createFolder(parent) }
    if mkdir(folder.path, 0o755) != 0 && errno != EEXIST {
      throw .io(path: folder.path, reason: systemReason(errno))
    }
  }

  /// The system's sentence for an `errno` value ("No such file or directory").
  static func systemReason(_ code: Int32) -> String {
    SystemMessage.posix(code)
  }
}
