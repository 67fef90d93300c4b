import FeedModel
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a whole file that artfeed keeps in memory (the feeds file, an OPML file), with a
/// size bound and a sentence for everything that is not a regular file.
public enum BoundedFile {
  /// The bytes at `path` (through links), or nil when nothing is there. A folder, a device, a
  /// pipe or a file over `maxBytes` (checked before reading, and again while reading, in
  /// case it grows) throws `unreadableFile` with the reason in words; `tooLarge` is the
  /// error for the last.
  public static func read(_ path: String, maxBytes: Int, tooLarge: SubscriptionError)
    throws(SubscriptionError) -> Data?
  {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw .unreadableFile(path: path, reason: SystemMessage.posix(errno))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw .unreadableFile(path: path, reason: SystemMessage.posix(errno))
    }
    try checkKind(info, path: path)
    guard info.st_size <= maxBytes else { throw tooLarge }
    return try readAll(fd, path: path, maxBytes: maxBytes, tooLarge: tooLarge)
  }

  /// Everything readable from `fd` (a file, or standard input), at most `maxBytes`.
  public static func readAll(
    _ fd: Int32, path: String, maxBytes: Int, tooLarge: SubscriptionError
  ) throws(SubscriptionError) -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let got = Glibc.read(fd, &chunk, chunk.count)
      if got < 0 {
        if errno == EINTR { continue }
        throw .unreadableFile(path: path, reason: SystemMessage.posix(errno))
      }
      if got == 0 { return data }
      data.append(contentsOf: chunk[..<got])
      if data.count > maxBytes { throw tooLarge }
    }
  }

  /// A folder, a device or a pipe where a file should be, in words.
  static func checkKind(_ info: stat, path: String) throws(SubscriptionError) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR:
      throw .unreadableFile(path: path, reason: "is a folder, not a file")
    default:
      throw .unreadableFile(path: path, reason: "is not a regular file")
    }
  }
}
