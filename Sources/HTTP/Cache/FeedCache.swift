import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The offline cache: plain files in one directory, one per URL, plus one per backed-off host.
///
/// `<FNV-1a 128 of the URL>.feed` holds the last good body and its metadata in one file
/// (`CacheEntryFile`); `<FNV-1a 128 of the URL>.record` the feed's title and last failure
/// (`FeedRecord`, JSON); `host-<FNV-1a 128 of host[:port]>.backoff` holds a `Backoff` as JSON.
/// Every write replaces the whole file atomically (`AtomicFile`); a file that does not check
/// out is treated as absent and is replaced by the next good fetch.
public struct FeedCache: Sendable {
  public let directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  /// `$XDG_CACHE_HOME/artfeed`, else `$HOME/.cache/artfeed` (XDG base directories; a relative
  /// `XDG_CACHE_HOME` is invalid and ignored), else a directory under the temporary one.
  public static func defaultDirectory(environment: [String: String]) -> URL {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("artfeed")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(".cache/artfeed")
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("artfeed-cache")
  }

  // MARK: - Entries

  /// The file that holds `url`'s entry.
  public func fileURL(for url: URL) -> URL {
    directory.appendingPathComponent(FNV1a.hex128(url.absoluteString.utf8) + ".feed")
  }

  /// The entry for `url`, or nil when there is none or it does not check out.
  public func entry(for url: URL) -> CacheEntry? {
    guard let file = try? Data(contentsOf: fileURL(for: url)),
      let entry = CacheEntryFile.decode(file), entry.url.absoluteString == url.absoluteString
    else { return nil }
    return entry
  }

  /// Replaces `entry.url`'s entry.
  public func store(_ entry: CacheEntry) throws(CacheWriteError) {
    try createDirectory()
    let file: Data
    do {
      file = try CacheEntryFile.encode(entry)
    } catch {
      throw CacheWriteError(step: "encode", code: EINVAL)
    }
    try AtomicFile.write(file, to: fileURL(for: entry.url))
  }

  // MARK: - Back-off

  /// The back-off recorded for `host`, if it has not ended by `now`.
  public func backoff(forHost host: String, now: Date = Date()) -> Backoff? {
    guard let data = try? Data(contentsOf: backoffURL(host)),
      let backoff = try? JSONDecoder().decode(Backoff.self, from: data),
      backoff.host == host, backoff.until > now
    else { return nil }
    return backoff
  }

  /// Records a back-off; it survives restarts until it ends.
  public func record(_ backoff: Backoff) throws(CacheWriteError) {
    try createDirectory()
    guard let data = try? JSONEncoder().encode(backoff) else {
      throw CacheWriteError(step: "encode", code: EINVAL)
    }
    try AtomicFile.write(data, to: backoffURL(backoff.host))
  }

  private func backoffURL(_ host: String) -> URL {
    directory.appendingPathComponent("host-" + FNV1a.hex128(host.utf8) + ".backoff")
  }

  // MARK: - Housekeeping

  /// Removes temporary files left by a process killed mid-write, if older than `age` seconds
  /// (a younger one may belong to a write in progress in another process).
  public func sweepTemporaryFiles(olderThan age: TimeInterval = 600, now: Date = Date()) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    for name in names where name.hasPrefix(".") && name.hasSuffix(AtomicFile.temporarySuffix) {
      let path = directory.appendingPathComponent(name).path
      let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate]
      if let modified = modified as? Date, now.timeIntervalSince(modified) > age {
        unlink(path)
      }
    }
  }

  /// Writes a small file of the cache atomically, creating the folder first.
  func writeFile(_ data: Data, to url: URL) throws(CacheWriteError) {
    try createDirectory()
    try AtomicFile.write(data, to: url)
  }

  private func createDirectory() throws(CacheWriteError) {
    if mkdir(directory.path, 0o700) == 0 || errno == EEXIST { return }
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw CacheWriteError(step: "create \(directory.path)", code: errno == 0 ? EIO : errno)
    }
  }
}
