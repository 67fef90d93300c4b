import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A folder on a full disk, for tests of what artfeed does when a write fails.
///
/// As root (CI's container, this machine), a 64 KiB tmpfs is mounted on the folder and
/// filled, so writes fail with ENOSPC as on a real full disk. Without the right to mount, the
/// folder stays on the ordinary disk and `wrap` runs the program with a file-size limit of
/// 16 KiB and SIGXFSZ ignored, so bigger writes fail with EFBIG instead (`kind` says which).
final class FullDisk {
  enum Kind: String {
    case tmpfs = "a full 64 KiB tmpfs (ENOSPC)"
    case fileSizeLimit = "a 16 KiB file-size limit (EFBIG)"
  }

  let path: String
  let kind: Kind
  private var mounted = false

  /// Makes `path` (and `folders` and `files` inside it, made before the disk fills) a full
  /// disk.
  init(at path: String, folders: [String], files: [String: Data] = [:]) throws {
    self.path = path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let (status, _) = try Spawn.run(["/bin/mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", path])
    mounted = status == 0
    kind = mounted ? .tmpfs : .fileSizeLimit
    for folder in folders {
      try FileManager.default.createDirectory(
        atPath: path + "/" + folder, withIntermediateDirectories: true)
    }
    for (name, contents) in files {
      try contents.write(to: URL(fileURLWithPath: path + "/" + name))
    }
    if mounted { fill() }
  }

  deinit {
    if mounted { _ = try? Spawn.run(["/bin/umount", "-l", path]) }
  }

  /// Writes zeros to a file until the disk says it is full.
  private func fill() {
    let fd = open(path + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    let block = [UInt8](repeating: 0, count: 4096)
    while write(fd, block, block.count) > 0 {}
  }

  /// `argv` as run on this disk: as it is on a tmpfs, else under `sh` with the size limit.
  func wrap(_ argv: [String]) -> [String] {
    guard kind == .fileSizeLimit else { return argv }
    return ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 32; exec \"$@\"", "sh"] + argv
  }
}
