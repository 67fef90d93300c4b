import Foundation
import Locking

/// Picture files fetched over HTTP, kept on disk under a byte cap, oldest out first.
///
/// One file per address, named by two 64-bit FNV-1a hashes of it. Writes go to a temporary
/// file that is renamed into place, so a reader never sees half a file. A hit touches the
/// file's modification time, and trimming deletes by modification time, so "oldest" means
/// least recently used. The total is measured by a directory scan the first time it is
/// needed, then kept by adding what is written; going over the cap scans again and deletes
/// the oldest files until the total is under 90% of it.
public final class ImageDiskCache: Sendable {
  public let directory: URL
  public let byteCap: Int
  /// Bytes on disk as last counted plus written since; nil before the first count.
  private let total = Locked<Int?>(nil)

  /// The default cap: 100 MB, about 10,000 thumbnails of 10 KB.
  public static let defaultByteCap = 100_000_000

  public init(directory: URL, byteCap: Int = defaultByteCap) {
    self.directory = directory
    self.byteCap = max(0, byteCap)
  }

  /// `$XDG_CACHE_HOME/artfeed/images`, else `~/.cache/artfeed/images`.
  public static func defaultDirectory(environment: [String: String]) -> URL {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("artfeed/images")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/artfeed/images")
  }

  /// The cached bytes for `address`, if any (the file becomes the newest).
  public func data(for address: String) -> Data? {
    let url = fileURL(for: address)
    guard let data = try? Data(contentsOf: url) else { return nil }
    try? FileManager.default.setAttributes(
      [.modificationDate: Date()], ofItemAtPath: url.path)
    return data
  }

  /// Stores `data` for `address` atomically, then trims the directory to the cap. Failures
  /// to write are ignored: the cache is an optimisation.
  public func store(_ data: Data, for address: String) {
    guard data.count <= byteCap else { return }
    let manager = FileManager.default
    try? manager.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(".tmp-\(UUID().uuidString)")
    guard manager.createFile(atPath: temporary.path, contents: data) else { return }
    guard rename(temporary.path, fileURL(for: address).path) == 0 else {
      try? manager.removeItem(at: temporary)
      return
    }
    let over = total.withLock { total -> Bool in
      let current = total ?? measure()
      total = current + data.count
      return current + data.count > byteCap
    }
    if over { trim() }
  }

  /// Deletes the oldest files until the total is under 90% of the cap.
  public func trim() {
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

  /// The path of the file that holds `address` (whether or not it exists).
  public func path(for address: String) -> String { fileURL(for: address).path }

  /// The file that holds `address`.
  func fileURL(for address: String) -> URL {
    directory.appendingPathComponent(
      Self.hex(Self.fnv1a(address, seed: 0xcbf2_9ce4_8422_2325))
        + Self.hex(Self.fnv1a(address, seed: 0x8422_2325_cbf2_9ce4)))
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
