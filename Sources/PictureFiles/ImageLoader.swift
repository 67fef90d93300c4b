import FeedModel
import Foundation
import HTTP

/// Fetches the bytes of a picture: files are read directly, http(s) addresses come through
/// the `HTTPClient` and the disk cache.
///
/// Bounded everywhere: a file or a body over `maxBytes` is refused ("too large"), only a 200
/// is a picture, and every failure is one short reason. Offline, only the disk cache answers.
public struct ImageLoader: Sendable {
  public let client: any HTTPClient
  public let cache: ImageDiskCache?
  /// The disk cache of converted symbol cells, checked against the bytes `load` returns
  /// (the picture loader reads and fills it); nil: every picture is converted.
  public let cells: CellDiskCache?
  /// The largest picture file accepted, in bytes.
  public let maxBytes: Int
  /// Seconds a whole request may take.
  public let timeout: Double
  /// Never touch the network.
  public let offline: Bool

  /// 10 MB: far above any thumbnail, small enough to hold a few in memory.
  public static let defaultMaxBytes = 10_000_000

  public init(
    client: any HTTPClient, cache: ImageDiskCache?, cells: CellDiskCache? = nil,
    maxBytes: Int = defaultMaxBytes, timeout: Double = 30, offline: Bool = false
  ) {
    self.client = client
    self.cache = cache
    self.cells = cells
    self.maxBytes = maxBytes
    self.timeout = timeout
    self.offline = offline
  }

  /// The bytes at `address` (`file:` or `http(s):`).
  public func load(_ address: String) async throws(ImageLoadError) -> Data {
    guard let url = URL(string: address), let scheme = url.scheme?.lowercased() else {
      throw ImageLoadError("bad URL")
    }
    switch scheme {
    case "file": return try readFile(url)
    case "http", "https": return try await fetch(url, address: address)
    default: throw ImageLoadError("bad URL")
    }
  }

  /// Forgets the disk cache's copy of `address` (its bytes did not make a picture).
  public func forgetCached(_ address: String) {
    cache?.remove(address)
  }

  /// Reads at most `maxBytes + 1` bytes, so a huge file costs no more than that: straight
  /// into one buffer the file's size (read(2) until the end), growing only for a file that
  /// grows or has no size (a pipe). `FileHandle.read(upToCount:)` is far slower on a large
  /// picture, even one already in the page cache (docs/adr/0128).
  func readFile(_ url: URL) throws(ImageLoadError) -> Data {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ImageLoadError(errno == ENOENT || errno == ENOTDIR ? "no file" : "unreadable")
    }
    defer { close(descriptor) }
    var info = stat()
    // A file, or a pipe the reader gave (a local feed's own); a device such as /dev/zero, a
    // socket or a folder is no picture. Remote feeds name no local file at all
    // (`MediaAddresses`).
    guard fstat(descriptor, &info) == 0 else { throw ImageLoadError("unreadable") }
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG || kind == S_IFIFO else { throw ImageLoadError("unreadable") }
    let limit = maxBytes + 1
    var capacity = min(limit, max(Int(info.st_size) + 1, 64 << 10))
    var data = Data(count: capacity)
    var count = 0
    while count < limit {
      if count == capacity {
        capacity = min(limit, capacity * 2)
        data.count = capacity
      }
      let read = data.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return -1 }
        return Foundation.read(descriptor, base + count, capacity - count)
      }
      if read < 0, errno == EINTR { continue }
      guard read >= 0 else { throw ImageLoadError("unreadable") }
      if read == 0 { break }
      count += read
    }
    if count > maxBytes { throw ImageLoadError("too large") }
    data.count = count
    return data
  }

  private func fetch(_ url: URL, address: String) async throws(ImageLoadError) -> Data {
    if let cached = cache?.data(for: address, maxBytes: maxBytes) { return cached }
    if offline { throw ImageLoadError("offline") }
    let request = HTTPRequest(
      url: url, headers: ["Accept": "image/*"], timeout: timeout, maxBodyBytes: maxBytes)
    let response: HTTPResponse
    do {
      response = try await client.send(request)
    } catch {
      throw ImageLoadError(error)
    }
    if Task.isCancelled { throw .cancelled }
    guard response.status == 200 else { throw ImageLoadError("HTTP \(response.status)") }
    guard response.body.count <= maxBytes else { throw ImageLoadError("too large") }
    cache?.store(response.body, for: address)
    return response.body
  }
}
