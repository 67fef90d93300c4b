import FeedModel
import Foundation
import HTTP
import Locking
import PictureFiles
import Testing

/// A client answering from a table, counting requests.
final class TableClient: HTTPClient {
  let answers: [String: Result<HTTPResponse, TransportError>]
  let requests = Locked<[HTTPRequest]>([])

  init(_ answers: [String: Result<HTTPResponse, TransportError>]) { self.answers = answers }

  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    requests.withLock { $0.append(request) }
    guard let answer = answers[request.url.absoluteString] else { throw .refused(host: "?") }
    return try answer.get()
  }

  static func ok(_ url: String, _ body: Data, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [:], body: body, url: URL(string: url) ?? URL(fileURLWithPath: "/"))
  }
}

/// A fresh directory under the system's temporary one, removed by `cleanUp`.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("artfeed-images-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

@Suite("Picture bytes: files, HTTP and the disk cache")
struct ImageLoaderTests {
  @Test("a file is read directly; a missing one, a huge one and a bad address say why")
  func files() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let small = directory.appendingPathComponent("a.png")
    try Data(repeating: 7, count: 100).write(to: small)
    let loader = ImageLoader(client: TableClient([:]), cache: nil, maxBytes: 99)
    let roomy = ImageLoader(client: TableClient([:]), cache: nil, maxBytes: 100)
    #expect(try await roomy.load(small.absoluteString).count == 100)
    await #expect(throws: ImageLoadError("too large")) {
      try await loader.load(small.absoluteString)
    }
    await #expect(throws: ImageLoadError("no file")) {
      try await loader.load(directory.appendingPathComponent("none.png").absoluteString)
    }
    await #expect(throws: ImageLoadError("bad URL")) { try await loader.load("gopher://x/y") }
    await #expect(throws: ImageLoadError("bad URL")) { try await loader.load("no address") }
  }

  @Test("files are read whole at every size up to the limit, past the first buffer too")
  func fileSizes() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let limit = 300_000
    let loader = ImageLoader(client: TableClient([:]), cache: nil, maxBytes: limit)
    for size in [0, 1, 65_535, 65_536, 65_537, 200_000, limit - 1, limit, limit + 1, 2 * limit] {
      let file = directory.appendingPathComponent("\(size).bin")
      let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) })
      try bytes.write(to: file)
      if size > limit {
        await #expect(throws: ImageLoadError("too large")) {
          try await loader.load(file.absoluteString)
        }
      } else {
        #expect(try await loader.load(file.absoluteString) == bytes, "\(size) bytes")
      }
    }
    await #expect(throws: ImageLoadError("unreadable")) {
      try await loader.load(directory.absoluteString)
    }
  }

  @Test("a file with no size (a pipe) is read to its end, within the limit")
  func pipe() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("pipe")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let bytes = Data((0..<150_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
    let writer = Thread {
      if let handle = FileHandle(forWritingAtPath: fifo.path) {
        handle.write(bytes)
        try? handle.close()
      }
    }
    writer.start()
    let loader = ImageLoader(client: TableClient([:]), cache: nil, maxBytes: 1_000_000)
    #expect(try await loader.load(fifo.absoluteString) == bytes)
  }

  @Test("a device is no picture: /dev/zero and /dev/null are refused at once, not read")
  func devices() async throws {
    let loader = ImageLoader(client: TableClient([:]), cache: nil, maxBytes: 50_000_000)
    for device in ["file:///dev/zero", "file:///dev/null", "file:///dev/urandom"] {
      await #expect(throws: ImageLoadError("unreadable"), "\(device)") {
        try await loader.load(device)
      }
    }
  }

  @Test("HTTP: a 200 is stored and the next load comes from the cache; other answers fail")
  func http() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let body = Data(repeating: 1, count: 500)
    let client = TableClient([
      "https://img.example/a.jpg": .success(TableClient.ok("https://img.example/a.jpg", body)),
      "https://img.example/gone.jpg": .success(
        TableClient.ok("https://img.example/gone.jpg", Data(), status: 404)),
      "https://img.example/slow.jpg": .failure(.timedOut(seconds: 30)),
    ])
    let cache = ImageDiskCache(directory: directory)
    let loader = ImageLoader(client: client, cache: cache, maxBytes: 1000, timeout: 5)
    #expect(try await loader.load("https://img.example/a.jpg") == body)
    #expect(try await loader.load("https://img.example/a.jpg") == body)
    #expect(client.requests.withLock { $0.count } == 1, "the second load came from the cache")
    let request = try #require(client.requests.withLock { $0.first })
    #expect(request.maxBodyBytes == 1000 && request.timeout == 5)
    await #expect(throws: ImageLoadError("HTTP 404")) {
      try await loader.load("https://img.example/gone.jpg")
    }
    await #expect(throws: ImageLoadError("timed out")) {
      try await loader.load("https://img.example/slow.jpg")
    }
    let offline = ImageLoader(client: client, cache: cache, offline: true)
    #expect(try await offline.load("https://img.example/a.jpg") == body)
    await #expect(throws: ImageLoadError("offline")) {
      try await offline.load("https://img.example/other.jpg")
    }
  }

  @Test("the disk cache stays under its cap, oldest out first, with no temporary files left")
  func diskCap() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = ImageDiskCache(directory: directory, byteCap: 1000)
    for index in 0..<8 {
      cache.store(Data(repeating: UInt8(index), count: 300), for: "https://x/\(index)")
      // Modification times of a second's resolution must differ for "oldest" to mean something.
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: Double(1_000_000 + index))],
        ofItemAtPath: cache.path(for: "https://x/\(index)"))
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    let sizes = try files.map {
      try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($0).path)[
        .size] as? Int ?? 0
    }
    #expect(sizes.reduce(0, +) <= 1000)
    #expect(!files.contains { $0.hasPrefix(".") }, "temporary files left: \(files)")
    #expect(cache.data(for: "https://x/7") != nil, "the newest is kept")
    #expect(cache.data(for: "https://x/0") == nil, "the oldest went first")
  }

  @Test("the cache lives under XDG_CACHE_HOME, else ~/.cache")
  func directories() {
    #expect(
      ImageDiskCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]).path
        == "/c/artfeed/images")
    #expect(
      ImageDiskCache.defaultDirectory(environment: ["HOME": "/h"]).path
        == "/h/.cache/artfeed/images")
  }
}
