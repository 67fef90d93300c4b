import Foundation

/// What the fetches of a feed came to, kept beside its cached body: the feed's own title once
/// known, and the last failure, so `artfeed feeds` and the feed list can say them without
/// parsing or fetching anything. The cache keeps good bodies only; this keeps the rest.
public struct FeedRecord: Sendable, Equatable, Codable {
  /// The url the record is for (a file that names another is ignored).
  public var url: URL
  /// The feed's own `<title>`, from the last fetch that parsed.
  public var title: String?
  /// The last fetch's failure in one line, nil once a fetch worked.
  public var lastError: String?
  public var failedAt: Date?

  public init(url: URL, title: String? = nil, lastError: String? = nil, failedAt: Date? = nil) {
    self.url = url
    self.title = title
    self.lastError = lastError
    self.failedAt = failedAt
  }
}

extension FeedCache {
  /// The record for `url`, or nil when there is none or it cannot be read.
  public func record(for url: URL) -> FeedRecord? {
    guard let data = try? Data(contentsOf: recordURL(for: url)),
      let record = try? JSONDecoder().decode(FeedRecord.self, from: data),
      record.url.absoluteString == url.absoluteString
    else { return nil }
    return record
  }

  /// Replaces `record.url`'s record (atomically, like every cache write).
  public func store(_ record: FeedRecord) throws(CacheWriteError) {
    guard let data = try? JSONEncoder().encode(record) else {
      throw CacheWriteError(step: "encode", code: EINVAL)
    }
    try writeFile(data, to: recordURL(for: record.url))
  }

  /// Notes a fetch of `url`: a title when it worked (the failure is then forgotten), or why
  /// it failed. Best effort: a record that cannot be written costs only the note.
  public func note(_ url: URL, title: String?, failure: String?, at date: Date = Date()) {
    var record = self.record(for: url) ?? FeedRecord(url: url)
    if let failure {
      record.lastError = failure
      record.failedAt = date
    } else {
      if let title, !title.isEmpty { record.title = title }
      record.lastError = nil
      record.failedAt = nil
    }
    try? store(record)
  }

  func recordURL(for url: URL) -> URL {
    directory.appendingPathComponent(FNV1a.hex128(url.absoluteString.utf8) + ".record")
  }
}
