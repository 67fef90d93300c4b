import Foundation
import TestSupport
import Testing

@testable import HTTP
@testable import PictureFiles

/// Picture bytes over HTTP from a real server on 127.0.0.1: served, cached on disk, then
/// read from the disk cache when the server is gone; failures give the box's short reason.
@Suite("Pictures over HTTP", .serialized)
struct ImageLoaderServerTests {
  @Test("a picture is fetched, cached, and read from the cache once the server is gone")
  func fetchAndCache() async throws {
    let temp = try TempDirectory()
    let served = temp.url.appendingPathComponent("served")
    try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
    let bytes = Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try bytes.write(to: served.appendingPathComponent("t.png"))
    let server = try TestServer(directory: served)
    let address = server.url("/files/t.png").absoluteString
    let cache = ImageDiskCache(directory: temp.url.appendingPathComponent("images"))
    let loader = ImageLoader(client: CurlClient.shared, cache: cache, timeout: 10)
    #expect(try await loader.load(address) == bytes)
    let requests = try await server.requests()
    #expect(requests.last?.headers["user-agent"]?.hasPrefix("artfeed/") == true)
    server.stop()
    #expect(try await loader.load(address) == bytes, "the disk cache answers")
    let offline = ImageLoader(
      client: CurlClient.shared, cache: cache, timeout: 10, offline: true)
    #expect(try await offline.load(address) == bytes)
  }

  @Test("a 404, an oversized body and a refused connection each give one short reason")
  func failures() async throws {
    let server = try TestServer()
    let loader = ImageLoader(
      client: CurlClient.shared, cache: nil, maxBytes: 100_000, timeout: 10)
    do {
      _ = try await loader.load(server.url("/status/404").absoluteString)
      Issue.record("a 404 gave a picture")
    } catch {
      #expect(error.description == "HTTP 404")
    }
    do {
      _ = try await loader.load(server.url("/large?mb=1&chunked=1").absoluteString)
      Issue.record("a 1 MB body passed a 100 kB cap")
    } catch {
      #expect(error.description == "too large")
    }
    let gone = server.url("/feed.xml").absoluteString
    server.stop()
    do {
      _ = try await loader.load(gone)
      Issue.record("a stopped server answered")
    } catch {
      #expect(!error.description.isEmpty && error.description.count <= 20, "\(error.description)")
    }
  }
}
