import FeedArt
import FeedCore
import FeedModel
import Foundation

extension FeedLoader {
  /// Loads a feed, handing a file's or standard input's items to `onBatch` as they are
  /// parsed, picture addresses already absolute. A web feed's body is in memory anyway and
  /// comes whole: its items stay in the returned feed, and `onBatch` is not called.
  ///
  /// - Returns: the feed, without the items that went to `onBatch`.
  public func load(
    _ address: FeedAddress, isEndpoint: Bool = false, batches: BatchSizes = BatchSizes(),
    onBatch: @escaping @Sendable (FeedBatch) -> Void
  ) async throws(LoadError) -> LoadedFeed {
    switch address {
    case .file(let url):
      let feed = try Self.parse(address.description) { () throws(FeedParseError) -> Feed in
        try FeedParser.parse(contentsOf: url, batches: batches) { batch in
          onBatch(Self.resolved(batch, against: url))
        }
      }
      return LoadedFeed(feed: feed, address: address, baseURL: url, freshness: .local)
    case .standardInput:
      let data = try readStandardInput()
      let feed = try Self.parse(address.description) { () throws(FeedParseError) -> Feed in
        try FeedParser.parse(data, batches: batches) { batch in
          var batch = batch
          let head = FeedHead(title: batch.title, link: batch.link, author: batch.author)
          batch.items = ItemArtist.completed(batch.items, in: head)
          onBatch(batch)
        }
      }
      return LoadedFeed(feed: feed, address: address, baseURL: nil, freshness: .local)
    case .web:
      return try await load(address, isEndpoint: isEndpoint)
    }
  }

  /// Runs a parse, turning its error into the loader's.
  private static func parse(_ name: String, _ body: () throws(FeedParseError) -> Feed)
    throws(LoadError) -> Feed
  {
    do {
      return try body()
    } catch {
      throw LoadError(error.isUnreadable ? .unreadable : .notAFeed, "\(name): \(error.description)")
    }
  }

  private static func resolved(_ batch: FeedBatch, against base: URL) -> FeedBatch {
    var batch = batch
    let head = FeedHead(
      title: batch.title, link: batch.link, author: batch.author, address: base.absoluteString)
    batch.items = ItemArtist.completed(
      MediaAddresses.resolved(batch.items, against: base), in: head)
    return batch
  }
}
