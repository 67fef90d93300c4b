import FeedCore
import FeedModel
import Foundation
import HTTP
import Locking

/// Reads any `FeedAddress` into a `Feed`: files and standard input directly, web addresses
/// through the fetcher and its cache. The one place the data layer turns bytes into feeds.
public final class FeedLoader: Sendable {
  public let fetcher: FeedFetcher
  /// Standard input can be read once; a reload shows what was read.
  private let standardInput = Locked<Data?>(nil)

  public init(fetcher: FeedFetcher) {
    self.fetcher = fetcher
  }

  /// Loads and parses a feed; `isEndpoint` marks a DeviantArt-style endpoint (403 = slow down).
  public func load(_ address: FeedAddress, isEndpoint: Bool = false) async throws(LoadError)
    -> LoadedFeed
  {
    switch address {
    case .file(let url):
      let feed = try Self.parseFile(url, name: address.description)
      return LoadedFeed(feed: feed, address: address, baseURL: url, freshness: .local)
    case .standardInput:
      let data = try readStandardInput()
      let feed = try Self.parse(data, name: address.description)
      return LoadedFeed(feed: feed, address: address, baseURL: nil, freshness: .local)
    case .web(let url):
      let name = url.absoluteString
      let fetched = try await fetcher.fetch(url, isEndpoint: isEndpoint) {
        (data: Data) throws(LoadError) -> Feed in
        try Self.parse(data, name: name)
      }
      let freshness: Freshness
      switch fetched.origin {
      case .network, .notModified: freshness = .live
      case .cached(let fetchedAt, let reason):
        freshness = .cached(fetchedAt: fetchedAt, reason: reason)
      }
      return LoadedFeed(
        feed: fetched.value, address: address, baseURL: fetched.url, freshness: freshness,
        notSaved: fetched.notSaved)
    }
  }

  static func parseFile(_ url: URL, name: String) throws(LoadError) -> Feed {
    do {
      return try FeedParser.parse(contentsOf: url)
    } catch {
      throw LoadError(error.isUnreadable ? .unreadable : .notAFeed, "\(name): \(error.description)")
    }
  }

  static func parse(_ data: Data, name: String) throws(LoadError) -> Feed {
    do {
      return try FeedParser.parse(data)
    } catch {
      throw LoadError(error.isUnreadable ? .unreadable : .notAFeed, "\(name): \(error.description)")
    }
  }

  /// Reads standard input now, before it is handed to the terminal (`artfeed - ` in the
  /// browser); later loads of `.standardInput` use what was read.
  public func readStandardInputNow() throws(LoadError) {
    _ = try readStandardInput()
  }

  /// Standard input's bytes, read on the first call and kept.
  func readStandardInput() throws(LoadError) -> Data {
    if let data = standardInput.withLock({ $0 }) { return data }
    let data: Data
    do {
      data = try FileHandle.standardInput.readToEnd() ?? Data()
    } catch {
      throw LoadError(.unreadable, "standard input: \(SystemMessage.words(error))")
    }
    standardInput.withLock { $0 = data }
    return data
  }
}
