import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedLoading
@testable import HTTP
@testable import Subscriptions

/// What fetches of a feed came to, kept beside the cache: its title once read, its last
/// failure, for `artfeed feeds` and the feed list.
@Suite("Feed records", .serialized, .timeLimit(.minutes(1)))
struct FeedRecordTests {
  @Test("a refresh notes the title, a failure notes why and when, a success forgets it")
  func notes() async throws {
    let temp = try TempDirectory()
    let server = try TestServer()
    defer { server.stop(); temp.remove() }
    let good = server.url("/feed.xml")
    let bad = server.url("/status/500")
    let cacheFolder = temp.url.appendingPathComponent("cache")
    let refresher = SubscriptionRefresher(loader: SubscriptionRefresherTests.loader(cacheFolder))
    _ = await refresher.refresh(SubscriptionRefresherTests.subscriptions([good, bad]))
    let cache = FeedCache(directory: cacheFolder)
    #expect(cache.record(for: good)?.title == "Test Feed")
    #expect(cache.record(for: good)?.lastError == nil)
    let failed = try #require(cache.record(for: bad))
    #expect(failed.lastError?.contains("HTTP 500") == true && failed.failedAt != nil)

    let subscription = SubscriptionRefresherTests.subscriptions([bad])[0]
    let status = SubscriptionStatus(subscription, cache: cache)
    #expect(status.state == "failed just now")
    #expect(
      status.error == "HTTP 500 Internal Server Error (never fetched)", "\(status.error ?? "")")

    // A library made afterwards knows the good feed's title before reading anything.
    let library = SubscriptionLibrary(
      subscriptions: SubscriptionRefresherTests.subscriptions([good, bad]),
      loader: SubscriptionRefresherTests.loader(cacheFolder))
    #expect(library.knownTitles == ["Test Feed", nil])

    // Offline reads note nothing; the failure stays until a fetch works.
    var offline = FetchOptions(timeout: 10, connectTimeout: 5)
    offline.offline = true
    let reader = SubscriptionRefresher(
      loader: FeedLoader(
        fetcher: FeedFetcher(client: CurlClient.shared, cache: cache, options: offline)))
    _ = await reader.refresh(SubscriptionRefresherTests.subscriptions([bad]))
    #expect(cache.record(for: bad)?.failedAt == failed.failedAt)
  }

  @Test("a record for another url, or a damaged one, is no record")
  func damaged() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    let cache = FeedCache(directory: temp.url)
    let url = try #require(URL(string: "http://a.example/feed.xml"))
    let other = try #require(URL(string: "http://b.example/"))
    try cache.store(FeedRecord(url: other, title: "B"))
    try FileManager.default.moveItem(
      at: cache.recordURL(for: other), to: cache.recordURL(for: url))
    #expect(cache.record(for: url) == nil)
    try Data("{not json".utf8).write(to: cache.recordURL(for: url))
    #expect(cache.record(for: url) == nil)
  }
}
