import Foundation
import Testing

@testable import PictureFiles

/// Kept pictures (starred and saved items') on disk: never trimmed, until unkept.
@Suite("Picture bytes: kept pictures on disk")
struct ImageDiskCacheKeepTests {
  /// A cache under a fresh folder (its kept folder beside it is inside the same parent).
  private static func cache(byteCap: Int) throws -> (ImageDiskCache, URL) {
    let parent = try temporaryDirectory()
    let cache = ImageDiskCache(directory: parent.appendingPathComponent("images"), byteCap: byteCap)
    return (cache, parent)
  }

  /// Stores `count` files of 300 bytes, each older than the next, kept ones as the first.
  private static func fill(_ cache: ImageDiskCache, _ range: Range<Int>) throws {
    for index in range {
      cache.store(Data(repeating: UInt8(index), count: 300), for: "https://x/\(index)")
      let path = cache.path(for: "https://x/\(index)")
      if FileManager.default.fileExists(atPath: path) {
        try FileManager.default.setAttributes(
          [.modificationDate: Date(timeIntervalSince1970: Double(1_000_000 + index))],
          ofItemAtPath: path)
      }
    }
  }

  @Test("a kept picture outlives trimming, whether stored before or after it was kept")
  func keptSurvives() throws {
    let (cache, parent) = try Self.cache(byteCap: 1000)
    defer { try? FileManager.default.removeItem(at: parent) }
    try Self.fill(cache, 0..<1)
    cache.keep(["https://x/0", "https://x/1"])
    try Self.fill(cache, 1..<12)
    #expect(cache.data(for: "https://x/0") == Data(repeating: 0, count: 300))
    #expect(cache.data(for: "https://x/1") == Data(repeating: 1, count: 300))
    #expect(cache.data(for: "https://x/2") == nil, "the oldest not kept went")
    #expect(cache.isKept("https://x/0") && !cache.isKept("https://x/2"))
    // Another cache on the same folders (another artfeed, the next run) sees the keep.
    let again = ImageDiskCache(directory: parent.appendingPathComponent("images"), byteCap: 1000)
    #expect(again.isKept("https://x/1") && again.data(for: "https://x/1") != nil)
  }

  @Test("unkept, a picture is the newest of the cache, then ages out like any other")
  func unkeep() throws {
    let (cache, parent) = try Self.cache(byteCap: 1000)
    defer { try? FileManager.default.removeItem(at: parent) }
    cache.keep(["https://x/0"])
    try Self.fill(cache, 0..<6)
    cache.keep(["https://x/0"], false)
    #expect(!cache.isKept("https://x/0"))
    #expect(cache.data(for: "https://x/0") != nil, "moved back, not lost")
    let path = cache.path(for: "https://x/0")
    let touched = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    #expect(touched.map { Date().timeIntervalSince($0) < 600 } == true, "as the newest")
    // Once it is the oldest again, trimming takes it.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 999_999)], ofItemAtPath: path)
    try Self.fill(cache, 6..<12)
    #expect(cache.data(for: "https://x/0") == nil, "then trimmed as the oldest")
  }

  @Test("kept pictures beyond the cap are all kept; the cache's own files still fit its cap")
  func keptBeyondCap() throws {
    let (cache, parent) = try Self.cache(byteCap: 1000)
    defer { try? FileManager.default.removeItem(at: parent) }
    cache.keep((0..<6).map { "https://x/\($0)" })
    try Self.fill(cache, 0..<12)
    #expect((0..<6).allSatisfy { cache.data(for: "https://x/\($0)") != nil })
    let files = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
    #expect(files.count * 300 <= 1000)
  }
}
