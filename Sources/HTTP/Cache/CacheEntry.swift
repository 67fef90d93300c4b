import Foundation

/// The last good body of one URL, with what is needed to ask for it again conditionally.
public struct CacheEntry: Sendable, Equatable {
  /// The URL as requested (before redirects): the cache's key.
  public var url: URL
  public var etag: String?
  public var lastModified: String?
  /// When the body was fetched or last confirmed by a 304.
  public var fetchedAt: Date
  /// The status that delivered the body (200).
  public var status: Int
  public var body: Data

  public init(
    url: URL, etag: String?, lastModified: String?, fetchedAt: Date, status: Int, body: Data
  ) {
    self.url = url
    self.etag = etag
    self.lastModified = lastModified
    self.fetchedAt = fetchedAt
    self.status = status
    self.body = body
  }
}

/// The on-disk form of a `CacheEntry`: one file, so body and metadata cannot disagree.
///
///     artfeed-cache 1\n
///     <length of the JSON header in bytes>\n
///     <JSON header: url, etag, lastModified, fetchedAt, status, bodyBytes, bodyChecksum>
///     <body>
///
/// `decode` accepts a file only if the magic line, the header, the body's length and its
/// FNV-1a 64 checksum all agree; anything else (truncated, torn, edited) is treated as absent.
enum CacheEntryFile {
  /// An array, not `Data`: LeakSanitizer does not recognise the reference a global `Data`
  /// holds, and reported this constant as leaked by every process that wrote the cache.
  static let magic = Array("artfeed-cache 1\n".utf8)

  /// The header as JSON; `fetchedAt` is seconds since 1970 so it round-trips exactly.
  struct Header: Codable {
    var url: String
    var etag: String?
    var lastModified: String?
    var fetchedAt: Double
    var status: Int
    var bodyBytes: Int
    var bodyChecksum: String
  }

  static func encode(_ entry: CacheEntry) throws -> Data {
    let header = Header(
      url: entry.url.absoluteString, etag: entry.etag, lastModified: entry.lastModified,
      fetchedAt: entry.fetchedAt.timeIntervalSince1970, status: entry.status,
      bodyBytes: entry.body.count, bodyChecksum: checksum(entry.body))
    let json = try JSONEncoder().encode(header)
    var file = Data(magic)
    file.append(Data("\(json.count)\n".utf8))
    file.append(json)
    file.append(entry.body)
    return file
  }

  /// The entry in `file`, or nil unless every part checks out.
  static func decode(_ file: Data) -> CacheEntry? {
    guard file.starts(with: magic) else { return nil }
    var cursor = file.startIndex + magic.count
    guard let newline = file[cursor...].prefix(12).firstIndex(of: UInt8(ascii: "\n")),
      let length = Int(String(decoding: file[cursor..<newline], as: UTF8.self)),
      length > 0, length <= file.endIndex - newline - 1
    else { return nil }
    cursor = newline + 1
    guard let header = try? JSONDecoder().decode(Header.self, from: file[cursor..<cursor + length]),
      let url = URL(string: header.url)
    else { return nil }
    let body = Data(file[(cursor + length)...])
    guard body.count == header.bodyBytes, checksum(body) == header.bodyChecksum else { return nil }
    return CacheEntry(
      url: url, etag: header.etag, lastModified: header.lastModified,
      fetchedAt: Date(timeIntervalSince1970: header.fetchedAt), status: header.status, body: body)
  }

  static func checksum(_ body: Data) -> String {
    let hash = body.withUnsafeBytes { FNV1a.hash64($0) }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
