import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files in one directory kept under a byte cap, least recently used out first: the store
/// under `ImageDiskCache` (fetched pictures) and `CellDiskCache` (converted cells).
///
/// Writes go through `AtomicFile` without fsync: a reader never sees half a file while the
/// machine runs, and a file a power cut leaves empty or short is rejected by its reader (the
/// cells' header holds the payload's hash; a picture is removed when empty or when its bytes
/// do not decode, and fetched again). A read touches
/// the file's modification time, and trimming deletes by modification time, so "oldest"
/// means least recently used. The total is measured by a directory scan the first time it is
/// needed, then kept by adding what is written; going over the cap scans again and deletes
/// the oldest files until the total is under 90% of it. Temporary files a killed writer left
/// count and age out like any other file. Several processes may share the directory: each
/// write is one rename, and a file trimmed under a reader is a miss.
package final class CappedDirectory: Sendable {
  package let directory: URL
  package let byteCap: Int
  /// `directory`'s path ending in `/`: names are appended as text (URL's are costly).
  private let prefix: String
  /// Bytes on disk as last counted plus written since; nil before the first count.
  private let total = Locked<Int?>(nil)

  package init(directory: URL, byteCap: Int) {
    self.directory = directory
    self.byteCap = max(0, byteCap)
    let path = directory.path
    prefix = path.hasSuffix("/") ? path : path + "/"
  }

  /// The file called `name`.
  package func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

  /// The path of the file called `name`.
  package func path(_ name: String) -> String { prefix + name }

  /// The contents of `name`, or nil when it is missing, not a regular file, unreadable or
  /// larger than `maxBytes` (checked before reading). A file read becomes the newest.
  package func read(_ name: String, maxBytes: Int) -> Data? {
    let descriptor = open(path(name), O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      info.st_size >= 0, info.st_size <= maxBytes
    else { return nil }
    let size = Int(info.st_size)
    var data = Data(count: size)
    var count = 0
    while count < size {
      let read = data.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return -1 }
        return Foundation.read(descriptor, base + count, size - count)
      }
      if read < 0, errno == EINTR { continue }
      guard read >= 0 else { return nil }
      if read == 0 { break }
      count += read
    }
    // A file that shrank while read is returned short: readers check lengths.
    data.count = count
    // The modification time becomes now (nil times: both now); a failure only ages it.
    _ = futimens(descriptor, nil)
    return data
  }

  /// Stores `data` as `name` atomically, then trims the directory to the cap; false when it
  /// was not stored. A file over the cap is not stored; a failure leaves no temporary file.
  @discardableResult
  package func write(_ data: Data, name: String) -> Bool {
    guard data.count <= byteCap else { return false }
    // Counted before the file is there, or the first write would count twice.
    total.withLock { total in
      if total == nil { total = measure() }
    }
    let target = url(name)
    do throws(CacheWriteError) {
      try AtomicFile.write(data, to: target, durable: false)
    } catch {
      // The first write makes the folder.
      guard error.code == ENOENT,
        (try? FileManager.default.createDirectory(
          at: directory, withIntermediateDirectories: true)) != nil,
        (try? AtomicFile.write(data, to: target, durable: false)) != nil
      else { return false }
    }
    let over = total.withLock { total -> Bool in
      let current = (total ?? 0) + data.count
      total = current
      return current > byteCap
    }
    if over { trim() }
    return true
  }

  /// Deletes the oldest files until the total is under 90% of the cap.
  package func trim() {
    total.withLock { total in
      var files = entries()
      var bytes = files.reduce(0) { $0 + $1.bytes }
      files.sort { $0.date < $1.date }
      let target = byteCap / 10 * 9
      for file in files where bytes > target {
        if (try? FileManager.default.removeItem(at: file.url)) != nil { bytes -= file.bytes }
      }
      total = bytes
    }
  }

  // MARK: - Directory

  private struct Entry {
    var url: URL
    var bytes: Int
    var date: Date
  }

  private func measure() -> Int { entries().reduce(0) { $0 + $1.bytes } }

  private func entries() -> [Entry] {
    let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
    let urls =
      (try? FileManager.default.contentsOfDirectory(
        at: directory, includingPropertiesForKeys: keys)) ?? []
    return urls.compactMap { url in
      guard let values = try? url.resourceValues(forKeys: Set(keys)),
        let bytes = values.fileSize
      else { return nil }
      return Entry(url: url, bytes: bytes, date: values.contentModificationDate ?? .distantPast)
    }
  }

  // MARK: - Names

  /// A file name for `key`: two 64-bit FNV-1a hashes of it with different seeds, in hex.
  package static func name(for key: String) -> String {
    hex(fnv1a(key, seed: 0xcbf2_9ce4_8422_2325)) + hex(fnv1a(key, seed: 0x8422_2325_cbf2_9ce4))
  }

  private static func fnv1a(_ text: String, seed: UInt64) -> UInt64 {
    var hash = seed
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
