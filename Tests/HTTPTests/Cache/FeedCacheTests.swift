import Foundation
import TestSupport
import Testing

@testable import HTTP

/// The on-disk cache: round trips, what it refuses to trust, back-offs, the XDG directory.
@Suite("FeedCache", .timeLimit(.minutes(1)))
struct FeedCacheTests {
  static let url = URL(string: "https://example.org/feed.xml?q=by:ann") ?? URL(fileURLWithPath: "/")

  static func entry(_ body: String = "<rss>body</rss>") -> CacheEntry {
    CacheEntry(
      url: url, etag: "\"v1\"", lastModified: "Sat, 21 Nov 2026 10:00:00 GMT",
      fetchedAt: Date(timeIntervalSince1970: 1_795_000_000.25), status: 200,
      body: Data(body.utf8))
  }

  @Test("an entry round-trips exactly, in one file named by the URL's hash")
  func roundTrip() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let cache = FeedCache(directory: temp.url.appendingPathComponent("nested/artfeed"))
    #expect(cache.entry(for: Self.url) == nil)
    try cache.store(Self.entry())
    #expect(cache.entry(for: Self.url) == Self.entry())
    let files = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
    #expect(files == [cache.fileURL(for: Self.url).lastPathComponent])
    #expect(files[0].count == 32 + ".feed".count)
  }

  @Test("a truncated entry is ignored, and the next store replaces it")
  func truncated() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let cache = FeedCache(directory: temp.url)
    try cache.store(Self.entry())
    let file = cache.fileURL(for: Self.url)
    let whole = try Data(contentsOf: file)
    for length in [0, 5, 17, 40, whole.count - 1] {
      try whole.prefix(length).write(to: file)
      #expect(cache.entry(for: Self.url) == nil, "truncated to \(length)")
    }
    try cache.store(Self.entry("<rss>new</rss>"))
    #expect(cache.entry(for: Self.url)?.body == Data("<rss>new</rss>".utf8))
  }

  @Test("a flipped body byte, a garbage file and another URL's entry are not trusted")
  func corrupt() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let cache = FeedCache(directory: temp.url)
    try cache.store(Self.entry())
    let file = cache.fileURL(for: Self.url)
    var bytes = try Data(contentsOf: file)
    bytes[bytes.count - 3] ^= 0x20
    try bytes.write(to: file)
    #expect(cache.entry(for: Self.url) == nil)
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: file)
    #expect(cache.entry(for: Self.url) == nil)
    let other = try #require(URL(string: "https://example.org/other.xml"))
    try cache.store(
      CacheEntry(
        url: other, etag: nil, lastModified: nil, fetchedAt: Date(), status: 200,
        body: Data("x".utf8)))
    try FileManager.default.removeItem(at: file)
    try FileManager.default.copyItem(at: cache.fileURL(for: other), to: file)
    #expect(cache.entry(for: Self.url) == nil)
  }

  @Test("a half-written temporary file next to an entry never shadows it, and is swept later")
  func halfWrittenTemporary() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let cache = FeedCache(directory: temp.url)
    try cache.store(Self.entry())
    let final = cache.fileURL(for: Self.url)
    let good = try Data(contentsOf: final)
    let encoded = try CacheEntryFile.encode(Self.entry("<rss>newer, never finished</rss>"))
    let half = temp.url.appendingPathComponent(
      ".\(final.lastPathComponent).99999.1\(AtomicFile.temporarySuffix)")
    try encoded.prefix(encoded.count / 2).write(to: half)
    #expect(cache.entry(for: Self.url) == Self.entry())
    #expect(try Data(contentsOf: final) == good)
    cache.sweepTemporaryFiles(olderThan: 600)
    #expect(FileManager.default.fileExists(atPath: half.path))
    cache.sweepTemporaryFiles(olderThan: 600, now: Date() + 3600)
    #expect(!FileManager.default.fileExists(atPath: half.path))
    #expect(cache.entry(for: Self.url) == Self.entry())
  }

  @Test("a back-off is kept per host until it ends")
  func backoff() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let now = Date()
    let backoff = Backoff(host: "example.org", until: now + 60, reason: "example.org answered 429")
    try FeedCache(directory: temp.url).record(backoff)
    let reopened = FeedCache(directory: temp.url)
    #expect(reopened.backoff(forHost: "example.org", now: now) == backoff)
    #expect(reopened.backoff(forHost: "example.org", now: now + 61) == nil)
    #expect(reopened.backoff(forHost: "example.net", now: now) == nil)
  }

  @Test("the back-off key is the lower-cased host, with the port when there is one")
  func backoffKey() throws {
    #expect(
      Backoff.key(for: try #require(URL(string: "https://WWW.DeviantArt.com/rss.xml")))
        == "www.deviantart.com")
    #expect(
      Backoff.key(for: try #require(URL(string: "http://127.0.0.1:8080/x"))) == "127.0.0.1:8080")
  }

  @Test("the directory is $XDG_CACHE_HOME/artfeed, else $HOME/.cache/artfeed")
  func defaultDirectory() {
    let xdg = FeedCache.defaultDirectory(environment: [
      "XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a",
    ])
    #expect(xdg.path == "/x/cache/artfeed")
    let home = FeedCache.defaultDirectory(environment: ["HOME": "/home/a"])
    #expect(home.path == "/home/a/.cache/artfeed")
    let relative = FeedCache.defaultDirectory(environment: [
      "XDG_CACHE_HOME": "rel", "HOME": "/home/a",
    ])
    #expect(relative.path == "/home/a/.cache/artfeed")
  }

  @Test("FNV-1a 128 matches its published test vectors")
  func hash() {
    #expect(FNV1a.hex128("".utf8) == "6c62272e07bb014262b821756295c58d")
    #expect(FNV1a.hex128("a".utf8) == "d228cb696f1a8caf78912b704e4a8964")
  }
}
