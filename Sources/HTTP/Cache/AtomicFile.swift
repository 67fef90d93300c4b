import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces a file so that, after a crash or `kill -9` at any moment, the name holds either
/// the old contents or the new ones, whole.
///
/// The bytes go to a temporary file in the same directory (`.<name>.<pid>.<n>.tmp`), which is
/// fsynced, renamed over the name (atomic within one file system), and then the directory is
/// fsynced so the rename itself survives a power cut. Readers only ever open the final name,
/// so a half-written temporary file is never read; `FeedCache` removes old ones.
package enum AtomicFile {
  /// Suffix of temporary files, so they can be recognised and swept.
  package static let temporarySuffix = ".tmp"

  private static let counter = Counter()

  /// The mode and owner a replaced file keeps.
  package struct Ownership {
    package var mode: mode_t
    package var owner: uid_t
    package var group: gid_t

    package init(mode: mode_t, owner: uid_t, group: gid_t) {
      self.mode = mode
      self.owner = owner
      self.group = group
    }
  }

  /// Writes `data` to `url`; with `keeping`, the new file gets that mode (exactly, whatever
  /// the umask) and, when the process may set it, that owner. `durable: false` skips both
  /// fsyncs, for files that may be lost but must never be read half-written (the picture
  /// caches: after a power cut an entry may be empty or short, which its reader rejects and
  /// removes: `CellDiskCache` by its hash, `ImageDiskCache` when empty or not a picture).
  package static func write(
    _ data: Data, to url: URL, keeping: Ownership? = nil, durable: Bool = true
  ) throws(CacheWriteError) {
    let directory = url.deletingLastPathComponent().path
    let temporary =
      "\(directory)/.\(url.lastPathComponent).\(getpid()).\(counter.next())\(temporarySuffix)"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw CacheWriteError(step: "create \(temporary)", code: errno) }
    do throws(CacheWriteError) {
      if let keeping {
        // An owner we may not give the file (not root) is left as ours: the mode still holds.
        _ = fchown(fd, keeping.owner, keeping.group)
        guard fchmod(fd, keeping.mode) == 0 else {
          throw CacheWriteError(step: "chmod", code: errno)
        }
      }
      try writeAll(data, to: fd)
      guard !durable || fsync(fd) == 0 else { throw CacheWriteError(step: "fsync", code: errno) }
    } catch {
      close(fd)
      unlink(temporary)
      throw error
    }
    // Closed once, before the rename: a second close could shut another thread's file.
    close(fd)
    guard rename(temporary, url.path) == 0 else {
      let code = errno
      unlink(temporary)
      throw CacheWriteError(step: "rename", code: code)
    }
    if durable { syncDirectory(directory) }
  }

  private static func writeAll(_ data: Data, to fd: Int32) throws(CacheWriteError) {
    let failure: Int32? = data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Glibc.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
    if let failure { throw CacheWriteError(step: "write", code: failure) }
  }

  /// Makes the rename durable. A failure here loses durability, not consistency: ignored.
  private static func syncDirectory(_ path: String) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }
}

/// A process-wide counter for unique temporary names.
private final class Counter: Sendable {
  private let value = Locked<Int>(0)
  func next() -> Int {
    value.withLock {
      $0 += 1; return $0
    }
  }
}

/// Why the cache could not write a file: the step and the system's reason.
public struct CacheWriteError: Error, Sendable, Equatable, CustomStringConvertible {
  public var step: String
  public var code: Int32
  public var description: String { "\(step): \(reason)" }
  /// The system's reason alone ("No space left on device").
  public var reason: String { String(cString: strerror(code)) }
}
