import Foundation
import HTTP

/// Picture files fetched over HTTP, kept on disk under a byte cap, oldest out first.
///
/// One file per address, named by two 64-bit FNV-1a hashes of it, in a `CappedDirectory`:
/// written atomically (temporary file and rename), touched when read, the least recently
/// used deleted when the total goes over the cap.
///
/// The pictures of starred and saved items are kept (`keep(_:)`): their files move, by one
/// rename each, to a sibling folder (`images-kept`) that is never trimmed, and move back
/// when unstarred, as the newest. Being a folder, the keep holds across runs and for every
/// artfeed sharing the cache; it is bounded by what the reader stars, not by the cap.
public final class ImageDiskCache: Sendable {
  public var directory: URL { files.directory }
  public var byteCap: Int { files.byteCap }
  private let files: CappedDirectory
  /// The kept pictures: never trimmed (its cap only bounds one file, as the cache's does).
  private let kept: CappedDirectory

  /// The default cap: 100 MB, about 10,000 thumbnails of 10 KB.
  public static let defaultByteCap = 100_000_000

  public init(directory: URL, byteCap: Int = defaultByteCap) {
    files = CappedDirectory(directory: directory, byteCap: byteCap)
    kept = CappedDirectory(
      directory: directory.deletingLastPathComponent().appendingPathComponent(
        directory.lastPathComponent + "-kept"),
      byteCap: .max)
  }

  /// The folder of kept pictures, beside `directory`.
  public var keptDirectory: URL { kept.directory }

  /// `$XDG_CACHE_HOME/artfeed/images`, else `~/.cache/artfeed/images`.
  public static func defaultDirectory(environment: [String: String]) -> URL {
    cacheRoot(environment: environment).appendingPathComponent("images")
  }

  /// `$XDG_CACHE_HOME/artfeed`, else `~/.cache/artfeed`: the picture caches' parent.
  static func cacheRoot(environment: [String: String]) -> URL {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("artfeed")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/artfeed")
  }

  /// The cached bytes for `address`, if any (the file becomes the newest). A file over
  /// `maxBytes` (default: the cap, which no store writes past) is not read; an empty one
  /// (what a crash between write and rename can leave, writes are not synced) is removed.
  public func data(for address: String, maxBytes: Int? = nil) -> Data? {
    let name = CappedDirectory.name(for: address)
    let limit = min(maxBytes ?? files.byteCap, files.byteCap)
    guard let data = files.read(name, maxBytes: limit) ?? kept.read(name, maxBytes: limit)
    else { return nil }
    if data.isEmpty {
      remove(address)
      return nil
    }
    return data
  }

  /// Deletes what is kept for `address` (a picture that did not decode: the next time it is
  /// wanted, it is fetched again instead of failing from the cache until it ages out).
  public func remove(_ address: String) {
    unlink(files.path(CappedDirectory.name(for: address)))
    unlink(kept.path(CappedDirectory.name(for: address)))
  }

  /// Keeps the pictures of `addresses` out of trimming (a starred or saved item's), or lets
  /// them age out again (`isKept: false`; they count as just used). A picture not cached yet
  /// is kept when it is stored. Failures are ignored: the cache is an optimisation.
  public func keep(_ addresses: some Sequence<String>, _ isKept: Bool = true) {
    let (from, to) = isKept ? (files, kept) : (kept, files)
    for address in addresses {
      let name = CappedDirectory.name(for: address)
      if isKept {
        // The marker makes a later `store` write into the kept folder.
        _ = kept.write(Data(), name: name + ".keep")
      } else {
        unlink(kept.path(name + ".keep"))
      }
      // Moved back, a picture counts as just used (nil times: now).
      if rename(from.path(name), to.path(name)) == 0, !isKept {
        _ = utimensat(AT_FDCWD, to.path(name), nil, 0)
      }
    }
    if !isKept { files.trim() }
  }

  /// Whether `address` is kept (starred or saved).
  public func isKept(_ address: String) -> Bool {
    access(kept.path(CappedDirectory.name(for: address) + ".keep"), F_OK) == 0
  }

  /// Stores `data` for `address` atomically, then trims the directory to the cap. Failures
  /// to write are ignored: the cache is an optimisation.
  public func store(_ data: Data, for address: String) {
    let name = CappedDirectory.name(for: address)
    if isKept(address) {
      kept.write(data, name: name)
    } else {
      files.write(data, name: name)
    }
  }

  /// Deletes the oldest files until the total is under 90% of the cap.
  public func trim() { files.trim() }

  /// The path of the file that holds `address` (whether or not it exists).
  public func path(for address: String) -> String { fileURL(for: address).path }

  /// The file that holds `address`.
  func fileURL(for address: String) -> URL { files.url(CappedDirectory.name(for: address)) }
}
