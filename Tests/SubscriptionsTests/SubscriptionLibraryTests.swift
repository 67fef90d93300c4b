import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedModel
@testable import HTTP
@testable import Subscriptions

/// The subscriptions as the browser uses them, against `feedserver.py`: opening from the
/// cache, refreshing, "All items", and a search across every feed and the endpoint.
@Suite("SubscriptionLibrary", .serialized, .timeLimit(.minutes(1)))
struct SubscriptionLibraryTests {
  @Test("opening reads cached copies without asking, and fetches only the never fetched")
  func openFromCache() async throws {
    let temp = try TempDirectory()
    try SmallFeed.writeGalleries(in: temp.url)
    let server = try TestServer(directory: temp.url)
    defer { server.stop(); temp.remove() }
    let cache = temp.url.appendingPathComponent("cache")
    let urls = [server.url("/files/north.xml"), server.url("/files/south.xml")]
    // North was fetched before; South never was.
    _ = try await SubscriptionRefresherTests.loader(cache).load(.web(urls[0]))
    _ = try await CurlClient.shared.send(HTTPRequest(url: server.url("/log?clear=1")))

    let library = SubscriptionLibrary(
      subscriptions: SubscriptionRefresherTests.subscriptions(urls),
      loader: SubscriptionRefresherTests.loader(cache))
    let results = await library.open { _, _ in }
    let paths = try await server.requests().map(\.path)
    #expect(paths == ["/files/south.xml"], "only the feed with no cached copy is fetched")
    #expect(results.count == 2)
    let north = try #require(results.first { $0.subscription.line == 1 })
    guard case .cached(_, let reason) = north.state else {
      Issue.record("North comes from the cache, got \(north.state)")
      return
    }
    #expect(reason == "not refreshed yet (R)")
    #expect(results.first { $0.subscription.line == 2 }?.state == .fresh)
    #expect(library.list(ofFeed: 0)?.title == "North Gallery")
    #expect(library.list(ofFeed: 1)?.items.count == 3)
  }

  @Test("a refresh that fails keeps the feed's list; All items merges, newest first, once each")
  func refreshKeepsLists() async throws {
    let temp = try TempDirectory()
    try SmallFeed.writeGalleries(in: temp.url)
    let server = try TestServer(directory: temp.url)
    defer { server.stop(); temp.remove() }
    let urls = [
      server.url("/files/north.xml"), server.url("/files/south.xml"), server.url("/status/404"),
    ]
    let library = SubscriptionLibrary(
      subscriptions: SubscriptionRefresherTests.subscriptions(urls),
      loader: SubscriptionRefresherTests.loader(temp.url.appendingPathComponent("cache")))
    let first = await library.refresh()
    #expect(first.map(\.state).filter { $0 == .fresh }.count == 2)
    #expect(library.list(ofFeed: 2) == nil)
    // Each list is made once, in the refresh's task: what the progress hands the run loop
    // is the library's own list (the same items' storage), not a list to make again.
    for refresh in first {
      guard let handed = refresh.list else { continue }
      let index = refresh.subscription.line - 1
      let kept = try #require(library.list(ofFeed: index))
      #expect(handed.chunks.sharesStorage(with: kept.chunks))
    }
    let all = library.allItems()
    #expect(all.items.map(\.title) == ["Dune", "Aurora", "Fjord", "Shared", "Reef"])

    // South goes away: its refresh falls back on the cached copy, and says why.
    try FileManager.default.removeItem(at: temp.url.appendingPathComponent("south.xml"))
    let again = await library.refresh([1])
    #expect(again.count == 1)
    #expect(again[0].state.summary().hasSuffix("south.xml: HTTP 404 Not Found"))
    #expect(library.list(ofFeed: 1)?.items.count == 3)
    #expect(library.allItems().items.count == 5)
    // With no cache at all, a failure leaves the list the feed had in this session.
    try FileManager.default.removeItem(at: temp.url.appendingPathComponent("cache"))
    let third = await library.refresh([1])
    #expect(third[0].state.summary().hasPrefix("error: "))
    #expect(library.list(ofFeed: 1)?.items.count == 3)
  }

  @Test("a search on All items covers every feed and asks the endpoint, each item once")
  func searchEverywhere() async throws {
    let temp = try TempDirectory()
    try SmallFeed.writeGalleries(in: temp.url)
    let server = try TestServer(directory: temp.url)
    defer { server.stop(); temp.remove() }
    let popular = server.url("/rss.xml?q=boost:popular")
    let subscriptions = SubscriptionRefresherTests.subscriptions([
      server.url("/files/north.xml"), server.url("/files/south.xml"), popular,
    ])
    let loader = SubscriptionRefresherTests.loader(temp.url.appendingPathComponent("cache"))
    let endpoints = SubscriptionLibrary.endpoints(in: subscriptions, loader: loader)
    #expect(endpoints.map(\.endpoint) == [server.url("/rss.xml")])
    let library = SubscriptionLibrary(
      subscriptions: subscriptions, loader: loader, endpoints: endpoints)
    _ = await library.refresh()
    _ = try await CurlClient.shared.send(HTTPRequest(url: server.url("/log?clear=1")))

    let found = try await library.allItemsSource.search(artist: "mira sol")
    let titles = found.items.compactMap(\.title)
    #expect(titles.contains("Dune") && titles.contains("Aurora"), "the feeds' own")
    #expect(titles.filter { $0.hasPrefix("mira sol's work") }.count == 4, "the endpoint's page")
    let dates = found.items.compactMap(\.published)
    #expect(dates == dates.sorted(by: >), "merged newest first")
    let asked = try await server.requests().map(\.path)
    #expect(asked.count == 1 && asked[0].hasPrefix("/rss.xml?") && asked[0].contains("by"))
    #expect(Set(found.items.map(ItemID.init)).count == found.items.count)
    #expect(library.allItemsSource.searchesOnline)

    // One feed's page searches that feed only, offline.
    let north = try await library.feedSource(0).search(artist: "odd")
    #expect(north.items.map(\.title) == ["Fjord", "Shared"])
    #expect(!library.feedSource(0).searchesOnline)
  }
}
