import FeedCore
import Foundation
import TestSupport
import Testing

@testable import FeedLoading
@testable import FeedModel
@testable import HTTP
@testable import Subscriptions

/// The artist search on a DeviantArt-style endpoint whose `by:` finds only full names
/// (`feedserver.py`'s `strict=1`, artists Brindlewick, Quillon, Marrowgate): what was already
/// loaded at once, then the endpoint asked for the name as typed and the full names it
/// matches, each item once.
@Suite("Endpoint artist search", .serialized, .timeLimit(.minutes(1)))
struct EndpointSearchTests {
  static func source(_ server: TestServer, _ query: String, cache: URL) -> EndpointSource {
    EndpointSource(
      endpoint: server.url("/rss.xml?\(query)"),
      loader: SubscriptionRefresherTests.loader(cache))
  }

  static func byRequests(_ server: TestServer) async throws -> [String] {
    try await server.requests().map(\.path).filter { $0.contains("q=by:") }.sorted()
  }

  @Test("part of a name finds what is loaded at once, then the full name's work, each once")
  func partialName() async throws {
    let temp = try TempDirectory()
    let server = try TestServer()
    defer { server.stop(); temp.remove() }
    let source = Self.source(server, "strict=1&limit=10", cache: temp.url)
    let popular = try await source.loadMain()
    #expect(popular.items.count == 10)
    _ = try await CurlClient.shared.send(HTTPRequest(url: server.url("/log?clear=1")))

    let local = try #require(await source.searchLocally(artist: "brind"))
    #expect(
      local.items.map(\.title) == [
        "Popular work 9", "Popular work 6", "Popular work 3", "Popular work 0",
      ])
    #expect(try await Self.byRequests(server).isEmpty, "no request for what is loaded")

    let found = try await source.search(artist: "Brind")
    let titles = found.items.compactMap(\.title)
    #expect(titles.count == 7, "\(titles)")
    #expect(Set(titles).count == 7, "each item once")
    #expect(titles.filter { $0.hasPrefix("Brindlewick's own work") }.count == 3)
    #expect(found.warnings.isEmpty)
    #expect(
      try await Self.byRequests(server)
        == ["/rss.xml?strict=1&limit=10&q=by:Brind", "/rss.xml?strict=1&limit=10&q=by:Brindlewick"])

    // The endpoint's answers are remembered: they match at once next time.
    let again = try #require(await source.searchLocally(artist: "own work"))
    #expect(again.items.isEmpty, "names, not titles, are matched")
    #expect(try #require(await source.searchLocally(artist: "lewick")).items.count == 7)
  }

  @Test("the same search again remembers nothing more; what is remembered stays bounded")
  func boundedMemory() async throws {
    let temp = try TempDirectory()
    let server = try TestServer()
    defer { server.stop(); temp.remove() }
    let source = Self.source(server, "limit=10", cache: temp.url)
    _ = try await source.loadMain()
    _ = try await source.search(artist: "Quill")
    let once = source.seenCount
    for _ in 0..<12 { _ = try await source.search(artist: "Quill") }
    #expect(source.seenCount == once, "twelve more answers of the same items add none")

    let bounded = EndpointSource(
      endpoint: server.url("/rss.xml?limit=10"),
      loader: SubscriptionRefresherTests.loader(temp.url), maxSeenItems: 15)
    _ = try await bounded.loadMain()
    for name in ["Ash", "Birch", "Cedar", "Dogwood", "Elm"] {
      let found = try await bounded.search(artist: name)
      #expect(found.items.count >= 6, "the endpoint's answer is shown whole")
      #expect(bounded.seenCount <= 15)
    }
    // The latest answer is among what is remembered.
    #expect(try #require(await bounded.searchLocally(artist: "Elm")).items.count == 6)
  }

  @Test("a failing endpoint: the matches already loaded with a warning; nothing at all is an error")
  func failing() async throws {
    let temp = try TempDirectory()
    let server = try TestServer()
    defer { server.stop(); temp.remove() }
    let source = Self.source(server, "strict=1&limit=10&fail-by=500", cache: temp.url)
    _ = try await source.loadMain()
    let found = try await source.search(artist: "quill")
    #expect(found.items.count == 3, "Quillon's popular works stay")
    #expect(found.warnings.first?.contains("500") == true, "\(found.warnings)")
    await #expect(throws: LoadError.self) { try await source.search(artist: "nobody") }
  }

  @Test("the names asked: as typed, then up to three full names that differ from it")
  func names() {
    #expect(
      EndpointSource.names(typed: "Brind", known: ["Brindlewick"]) == ["Brind", "Brindlewick"])
    #expect(EndpointSource.names(typed: "brindlewick", known: ["Brindlewick"]) == ["brindlewick"])
    #expect(
      EndpointSource.names(typed: "a", known: ["ab", "AB", "ac", "ad", "ae"]) == [
        "a", "ab", "ac", "ad",
      ])
  }

  @Test("All items asks every endpoint among the subscriptions and merges, each item once")
  func everyEndpoint() async throws {
    let temp = try TempDirectory()
    let first = try TestServer()
    let second = try TestServer()
    defer { first.stop(); second.stop(); temp.remove() }
    let urls = [
      first.url("/rss.xml?q=boost:popular&strict=1&limit=10"),
      second.url("/rss.xml?q=by:Quillon&strict=1"),
      first.url("/rss.xml?q=by:Marrowgate&strict=1&limit=10"),
    ]
    let loader = SubscriptionRefresherTests.loader(temp.url)
    let endpoints = SubscriptionLibrary.endpoints(
      in: SubscriptionRefresherTests.subscriptions(urls), loader: loader)
    #expect(endpoints.count == 2, "one per endpoint, not per subscription")
    let library = SubscriptionLibrary(
      subscriptions: SubscriptionRefresherTests.subscriptions(urls), loader: loader,
      endpoints: endpoints)
    _ = await library.refresh()
    _ = try await CurlClient.shared.send(HTTPRequest(url: first.url("/log?clear=1")))
    _ = try await CurlClient.shared.send(HTTPRequest(url: second.url("/log?clear=1")))

    let local = try #require(await library.allItemsSource.searchLocally(artist: "quill"))
    #expect(local.items.count == 4, "three popular works and the by:Quillon page's new one")
    let found = try await library.allItemsSource.search(artist: "quill")
    #expect(
      try await Self.byRequests(first)
        == ["/rss.xml?strict=1&limit=10&q=by:Quillon", "/rss.xml?strict=1&limit=10&q=by:quill"])
    #expect(
      try await Self.byRequests(second) == [
        "/rss.xml?strict=1&q=by:Quillon", "/rss.xml?strict=1&q=by:quill",
      ])
    let ids = found.items.map(ItemID.init)
    #expect(Set(ids).count == ids.count, "each item once")
    #expect(found.items.count == 6, "\(found.items.compactMap(\.title))")
  }
}
