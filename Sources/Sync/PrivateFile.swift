import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Small files only their owner may read (the accounts file, login tokens): written
/// atomically with mode 0600, read with a size limit, edited under a lock.
///
/// A write goes to a temporary file created 0600 in the target's folder (never readable by
/// others, not even for a moment), is fsynced, renamed over the name and the folder fsynced:
/// after `kill -9` or a power cut the name holds the old bytes or the new, whole. A name that
/// is a symbolic link is written through to its target (a dotfiles folder keeps its link),
/// unless the file is a secret (`throughLinks: false`, login tokens): then the link itself
/// is replaced, and a secret is never read through one.
enum PrivateFile {
  /// Reads the file at `url`, refusing one over `limit` bytes; nil when it does not exist.
  /// A secret (`secret: true`) is not read through a symbolic link (an error), and one that
  /// others may read is made 0600 first.
  static func read(_ url: URL, limit: Int, secret: Bool = false) throws(AccountError) -> Data? {
    let fd = open(url.path, O_RDONLY | O_CLOEXEC | (secret ? O_NOFOLLOW : 0))
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      if errno == ELOOP {
        throw AccountError(.storage, "\(url.path): a symbolic link; not read")
      }
      throw AccountError(.storage, "\(url.path): \(reason(errno))")
    }
    defer { close(fd) }
    if secret {
      var info = stat()
      guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        throw AccountError(.storage, "\(url.path): not a regular file; not read")
      }
      if info.st_mode & 0o077 != 0, fchmod(fd, 0o600) != 0 {
        throw AccountError(
          .storage, "\(url.path): others may read it and it cannot be made private; not read")
      }
    }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = Glibc.read(fd, &chunk, chunk.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw AccountError(.storage, "\(url.path): \(reason(errno))")
      }
      if count == 0 { return data }
      data.append(contentsOf: chunk[0..<count])
      guard data.count <= limit else {
        throw AccountError(.storage, "\(url.path): larger than \(limit) bytes; not read")
      }
    }
  }

  /// Replaces the file at `url` (or a link's target, unless `throughLinks` is false) with
  /// `data`, mode 0600, creating its folder with mode 0700 when missing.
  static func write(_ data: Data, to url: URL, throughLinks: Bool = true) throws(AccountError) {
    let target = throughLinks ? resolvedTarget(url) : url
    let folder = target.deletingLastPathComponent().path
    try createFolder(folder)
    let temporary =
      "\(folder)/.\(target.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw AccountError(.storage, "\(temporary): \(reason(errno))") }
    var failure: String?
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count, failure == nil {
        let written = Glibc.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if written < 0 {
          if errno != EINTR { failure = reason(errno) }
        } else {
          offset += written
        }
      }
    }
    if failure == nil, fchmod(fd, 0o600) != 0 || fsync(fd) != 0 { failure = reason(errno) }
    close(fd)
    if failure == nil, rename(temporary, target.path) != 0 { failure = reason(errno) }
    guard let failure else {
      let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      if directory >= 0 {
        fsync(directory)
        close(directory)
      }
      return
    }
    unlink(temporary)
    throw AccountError(.storage, "\(target.path): cannot write: \(failure)")
  }

  /// Runs `body` holding an exclusive lock on `.NAME.lock` beside `url`, waiting up to 10 s
  /// for another artfeed's edit to finish.
  static func locked<Result>(
    _ url: URL, _ body: () throws(AccountError) -> Result
  ) throws(AccountError) -> Result {
    let folder = url.deletingLastPathComponent().path
    try createFolder(folder)
    let path = "\(folder)/.\(url.lastPathComponent).lock"
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw AccountError(.storage, "\(path): cannot lock: \(reason(errno))") }
    defer { close(fd) }
    let deadline = Date() + 10
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
        throw AccountError(.storage, "\(url.path): another artfeed is editing it; try again")
      }
      usleep(5_000)
    }
    defer { flock(fd, LOCK_UN) }
    return try body()
  }

  /// Creates `path` (and its parents) with mode 0700 when missing.
  static func createFolder(_ path: String) throws(AccountError) {
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw AccountError(.storage, "\(path): cannot create the folder")
    }
  }

  /// The file a write to `url` should replace: a symbolic link's target (followed to the
  /// end, relative targets against the link's folder), else `url` itself.
  static func resolvedTarget(_ url: URL) -> URL {
    var current = url
    for _ in 0..<16 {
      guard
        let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path)
      else { return current }
      current =
        destination.hasPrefix("/")
        ? URL(fileURLWithPath: destination)
        : current.deletingLastPathComponent().appendingPathComponent(destination)
    }
    return current
  }

  static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
