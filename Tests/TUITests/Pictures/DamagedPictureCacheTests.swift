import ArtfeedResources
import FeedModel
import Foundation
import HTTP
import PictureFiles
import Pictures
import TestSupport
import Testing

@testable import TUIRuntime

/// A picture cached on disk that a power cut left empty or damaged (the cache's writes are
/// not synced) is fetched again from the server, not served broken until it ages out.
@Suite("Damaged pictures in the disk cache", .serialized)
struct DamagedPictureCacheTests {
  @Test(
    "an empty cached picture is fetched again; one that does not decode is removed, then fetched",
    arguments: ["empty", "damaged"])
  func refetched(_ damage: String) async throws {
    let temp = try CellDiskCacheLoaderTests.Folder()
    defer { temp.remove() }
    let served = temp.url.appendingPathComponent("served")
    try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
    let file = try #require(BundledThumbnails.all().first { $0.pathExtension == "png" })
    let bytes = try Data(contentsOf: file)
    try bytes.write(to: served.appendingPathComponent("t.png"))
    let server = try TestServer(directory: served)
    defer { server.stop() }
    let address = server.url("/files/t.png").absoluteString
    let cache = ImageDiskCache(directory: temp.url.appendingPathComponent("images"))
    let images = ImageLoader(client: CurlClient.shared, cache: cache, timeout: 10)
    let key = PictureCache.Key(url: address, columns: 12, rows: 6, depth: .indexed256)
    let first = try await PictureLoader.make(key, images: images).get()
    let entry = cache.path(for: address)
    #expect(try Data(contentsOf: URL(fileURLWithPath: entry)) == bytes)
    // What a crash can leave: an empty file, or one cut short.
    let left = damage == "empty" ? Data() : bytes.prefix(40)
    try left.write(to: URL(fileURLWithPath: entry))
    let before = try await server.requests().count
    if damage == "damaged" {
      // This load reads the damaged copy, fails to decode it, and removes it.
      await #expect(throws: ImageLoadError.self) {
        try await PictureLoader.make(key, images: images).get()
      }
      #expect(!FileManager.default.fileExists(atPath: entry))
    }
    let again = try await PictureLoader.make(key, images: images).get()
    #expect(again == first)
    #expect(try await server.requests().count == before + 1, "fetched from the server again")
    #expect(try Data(contentsOf: URL(fileURLWithPath: entry)) == bytes)
  }
}
