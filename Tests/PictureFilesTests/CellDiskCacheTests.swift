import Foundation
import Locking
import TestSupport
import Testing

@testable import PictureFiles

@Suite("The disk cache of converted cells")
struct CellDiskCacheTests {
  static let source = Data((0..<1500).map { UInt8($0 % 251) })
  static let payload = Data((0..<700).map { UInt8($0 % 13) })
  static let key = "cells 1 truecolor 20x8 file:///pictures/a.jpg"

  @Test("a stored payload comes back, in this process and the next, for the same key and bytes")
  func roundTrip() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let cache = CellDiskCache(directory: temp.url)
    #expect(cache.payload(for: Self.key, source: Self.source) == nil)
    cache.store(Self.payload, for: Self.key, source: Self.source)
    #expect(cache.payload(for: Self.key, source: Self.source) == Self.payload)
    let next = CellDiskCache(directory: temp.url)
    #expect(next.payload(for: Self.key, source: Self.source) == Self.payload)
    #expect(cache.counts == CellDiskCache.Counts(hits: 1, misses: 1, stores: 1))
    #expect(
      next.payload(for: "cells 1 truecolor 20x9 file:///pictures/a.jpg", source: Self.source) == nil
    )
  }

  @Test("other bytes at the same address, of the same length or not, are a miss")
  func changedSource() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let cache = CellDiskCache(directory: temp.url)
    cache.store(Self.payload, for: Self.key, source: Self.source)
    var sameLength = [UInt8](Self.source)
    sameLength[700] ^= 0x01
    #expect(cache.payload(for: Self.key, source: Data(sameLength)) == nil)
    #expect(cache.payload(for: Self.key, source: Self.source.prefix(1499)) == nil)
    #expect(cache.payload(for: Self.key, source: Self.source + [0]) == nil)
    #expect(cache.payload(for: Self.key, source: Data()) == nil)
    // The new picture's cells replace the old ones.
    let other = Data("new cells".utf8)
    cache.store(other, for: Self.key, source: Data(sameLength))
    #expect(cache.payload(for: Self.key, source: Data(sameLength)) == other)
    #expect(cache.payload(for: Self.key, source: Self.source) == nil)
  }

  /// Ways an entry file can be wrong: each must read as a miss, then be replaced by a store.
  static func damages(of entry: [UInt8]) -> [(String, [UInt8])] {
    var damages: [(String, [UInt8])] = stride(from: 0, to: entry.count, by: 37).map {
      ("cut at \($0)", Array(entry.prefix($0)))
    }
    damages.append(("one byte short", Array(entry.dropLast())))
    damages.append(("one byte long", entry + [0]))
    var flipped = entry
    flipped[entry.count - 10] ^= 0x40
    damages.append(("a payload byte flipped", flipped))
    var version = entry
    version[4] = 2
    damages.append(("another format version", version))
    var magic = entry
    magic[0] = UInt8(ascii: "X")
    damages.append(("foreign magic", magic))
    var keyLength = entry
    keyLength[8] = 0xFF
    damages.append(("a key length past the end", keyLength))
    damages.append(("zeros (a power cut)", [UInt8](repeating: 0, count: entry.count)))
    return damages
  }

  @Test("a damaged, short, long, foreign-version or zeroed entry is a miss, then rewritten")
  func damaged() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let cache = CellDiskCache(directory: temp.url)
    cache.store(Self.payload, for: Self.key, source: Self.source)
    let path = cache.path(for: Self.key)
    let entry = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    for (name, bytes) in Self.damages(of: entry) {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      #expect(cache.payload(for: Self.key, source: Self.source) == nil, "\(name)")
      cache.store(Self.payload, for: Self.key, source: Self.source)
      #expect(cache.payload(for: Self.key, source: Self.source) == Self.payload, "\(name)")
    }
  }

  @Test("an entry over the size limit is refused before it is read, and never written")
  func oversized() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let cache = CellDiskCache(directory: temp.url)
    cache.store(Self.payload, for: Self.key, source: Self.source)
    let path = cache.path(for: Self.key)
    // A sparse file far over the limit: reading it whole would take 4 GiB.
    let descriptor = open(path, O_WRONLY)
    #expect(descriptor >= 0)
    #expect(ftruncate(descriptor, 4 << 30) == 0)
    close(descriptor)
    #expect(cache.payload(for: Self.key, source: Self.source) == nil)
    // A directory in the entry's place is a miss too.
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(cache.payload(for: Self.key, source: Self.source) == nil)
    try FileManager.default.removeItem(atPath: path)
    // A payload that would make an entry over the limit is not stored.
    let big = Data(count: CellDiskCache.maxEntryBytes)
    cache.store(big, for: Self.key, source: Self.source)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("over the cap, the least recently used entries go first; nothing temporary is left")
  func trimming() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let cache = CellDiskCache(directory: temp.url, byteCap: 5000)
    let keys = (0..<12).map { "cells 1 none 20x8 file:///p/\($0).png" }
    for (index, key) in keys.enumerated() {
      cache.store(Self.payload, for: key, source: Self.source)
      // Modification times a second apart, so "oldest" means something.
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: Double(1_000_000 + index))],
        ofItemAtPath: cache.path(for: key))
      if index == 5 {
        // Read: the first entry becomes the newest and outlives the ones after it.
        #expect(cache.payload(for: keys[0], source: Self.source) == Self.payload)
      }
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: temp.url.path)
    let sizes = try files.map {
      try FileManager.default.attributesOfItem(atPath: temp.url.appendingPathComponent($0).path)[
        .size] as? Int ?? 0
    }
    #expect(sizes.reduce(0, +) <= 5000)
    #expect(files.count < keys.count, "nothing was trimmed")
    #expect(!files.contains { $0.hasPrefix(".") }, "temporary files: \(files)")
    #expect(cache.payload(for: keys[11], source: Self.source) == Self.payload, "the newest")
    #expect(cache.payload(for: keys[0], source: Self.source) == Self.payload, "read recently")
    #expect(cache.payload(for: keys[1], source: Self.source) == nil, "the oldest went first")
  }

  @Test("a write that cannot happen is ignored and leaves no file")
  func failedWrite() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    // The cache's folder is a file: nothing can be created in it.
    let blocked = temp.url.appendingPathComponent("cells")
    try Data("not a folder".utf8).write(to: blocked)
    let cache = CellDiskCache(directory: blocked)
    cache.store(Self.payload, for: Self.key, source: Self.source)
    #expect(cache.payload(for: Self.key, source: Self.source) == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path) == ["cells"])
    #expect(cache.counts.stores == 0)
  }

  @Test("several writers and readers of one entry at once: every read is whole or a miss")
  func concurrent() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let payloads = (0..<4).map { index in Data((0..<3000).map { UInt8(($0 + index) % 256) }) }
    let wrong = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      // One cache each, as separate processes would have.
      let cache = CellDiskCache(directory: temp.url)
      for round in 0..<40 {
        if (worker + round) % 2 == 0 {
          cache.store(payloads[(worker + round) % 4], for: Self.key, source: Self.source)
        } else if let read = cache.payload(for: Self.key, source: Self.source),
          !payloads.contains(read)
        {
          wrong.withLock { $0 += 1 }
        }
      }
    }
    #expect(wrong.withLock { $0 } == 0, "torn or mixed entries read")
    let files = try FileManager.default.contentsOfDirectory(atPath: temp.url.path)
    #expect(files.count == 1, "\(files)")
  }

  @Test("the cells live next to the images: XDG_CACHE_HOME/artfeed/cells, else ~/.cache")
  func directories() {
    #expect(
      CellDiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]).path
        == "/c/artfeed/cells")
    #expect(
      CellDiskCache.defaultDirectory(environment: ["HOME": "/h"]).path == "/h/.cache/artfeed/cells")
  }
}
