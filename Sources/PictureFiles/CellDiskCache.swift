import Foundation
import HTTP
import Locking

/// What pictures were converted into (the `Pictures` module's encoding of symbol cells),
/// kept on disk so that a picture shown before is neither decoded nor converted again: the
/// first screen of every start shows the same few thumbnails (docs/adr/0150).
///
/// An entry is named by its key (the picture's address, the box, the colour depth and the
/// converter's version, made by the caller) and is valid only for the same bytes: its header
/// records the key, the picture's length and 64-bit FNV-1a hash, and the payload's hash, so
/// a picture changed at the same address, a damaged, short, foreign or oversized file are
/// all misses (a store then replaces the entry). The payload is opaque here.
///
/// Entry: `AFCL`, format version (UInt32), key length (UInt32) and key (UTF-8), picture
/// length, picture hash, payload hash (UInt64 each), payload; integers little-endian.
public final class CellDiskCache: Sendable {
  private let files: CappedDirectory
  private let counters = Locked(Counts())

  /// Hits, misses and stores since the cache was made (tests and logs read them).
  public struct Counts: Sendable, Equatable {
    public var hits = 0
    public var misses = 0
    public var stores = 0

    public init(hits: Int = 0, misses: Int = 0, stores: Int = 0) {
      self.hits = hits
      self.misses = misses
      self.stores = stores
    }
  }

  /// The default cap: 20 MB, about 8,000 thumbnails of 20x8 cells (about 2.5 KB each).
  public static let defaultByteCap = 20_000_000
  /// The largest entry read or written: a 300x200-cell picture (about 660 KB) fits.
  public static let maxEntryBytes = 1 << 20
  /// The entry format's version; a file with another is a miss.
  static let formatVersion: UInt32 = 1
  private static let magic: [UInt8] = Array("AFCL".utf8)

  public var directory: URL { files.directory }
  public var byteCap: Int { files.byteCap }

  public init(directory: URL, byteCap: Int = defaultByteCap) {
    files = CappedDirectory(directory: directory, byteCap: byteCap)
  }

  /// `$XDG_CACHE_HOME/artfeed/cells`, else `~/.cache/artfeed/cells`: next to the images.
  public static func defaultDirectory(environment: [String: String]) -> URL {
    ImageDiskCache.cacheRoot(environment: environment).appendingPathComponent("cells")
  }

  /// The payload stored for `key` from exactly these `source` bytes, or nil.
  public func payload(for key: String, source: Data) -> Data? {
    let payload = files.read(CappedDirectory.name(for: key), maxBytes: Self.maxEntryBytes)
      .flatMap { Self.payload(in: $0, key: key, source: source) }
    counters.withLock {
      if payload == nil { $0.misses += 1 } else { $0.hits += 1 }
    }
    return payload
  }

  /// Stores `payload` for `key`, made from `source`. An entry over `maxEntryBytes` is not
  /// stored; a failed write is ignored and leaves nothing behind.
  public func store(_ payload: Data, for key: String, source: Data) {
    let entry = Self.entry(payload, key: key, source: source)
    guard entry.count <= Self.maxEntryBytes else { return }
    if files.write(entry, name: CappedDirectory.name(for: key)) {
      counters.withLock { $0.stores += 1 }
    }
  }

  /// The path of the file that holds `key` (whether or not it exists).
  public func path(for key: String) -> String {
    files.path(CappedDirectory.name(for: key))
  }

  /// Deletes the oldest entries until the total is under 90% of the cap.
  public func trim() { files.trim() }

  public var counts: Counts { counters.withLock { $0 } }

  // MARK: - Format

  static func entry(_ payload: Data, key: String, source: Data) -> Data {
    var entry = Data(magic)
    append(formatVersion, to: &entry)
    let keyBytes = Array(key.utf8)
    append(UInt32(truncatingIfNeeded: keyBytes.count), to: &entry)
    entry.append(contentsOf: keyBytes)
    append(UInt64(source.count), to: &entry)
    append(hash(source), to: &entry)
    append(hash(payload), to: &entry)
    entry.append(payload)
    return entry
  }

  /// The payload of `entry` if it is whole, of this format, for `key` and `source`.
  static func payload(in entry: Data, key: String, source: Data) -> Data? {
    let bytes = [UInt8](entry)
    var reader = ByteReader(bytes: bytes)
    let keyBytes = Array(key.utf8)
    guard reader.take(magic.count).map(Array.init) == magic,
      reader.uint32() == formatVersion,
      let keyCount = reader.uint32(), Int(keyCount) == keyBytes.count,
      reader.take(keyBytes.count).map(Array.init) == keyBytes,
      reader.uint64() == UInt64(source.count),
      reader.uint64() == hash(source),
      let payloadHash = reader.uint64()
    else { return nil }
    let payload = Data(bytes[reader.offset...])
    guard hash(payload) == payloadHash else { return nil }
    return payload
  }

  private static func hash(_ data: Data) -> UInt64 {
    data.withUnsafeBytes { FNV1a.hash64($0) }
  }

  private static func append<Value: FixedWidthInteger>(_ value: Value, to data: inout Data) {
    withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
  }
}

/// Reads little-endian integers and byte runs from the front of a buffer, nil past its end.
private struct ByteReader {
  let bytes: [UInt8]
  var offset = 0

  mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
    guard count >= 0, bytes.count - offset >= count else { return nil }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  mutating func uint32() -> UInt32? { integer(UInt32.self) }
  mutating func uint64() -> UInt64? { integer(UInt64.self) }

  private mutating func integer<Value: FixedWidthInteger>(_: Value.Type) -> Value? {
    guard let slice = take(MemoryLayout<Value>.size) else { return nil }
    return slice.reversed().reduce(Value(0)) { $0 << 8 | Value($1) }
  }
}
