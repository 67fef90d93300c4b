import FeedCore
import Foundation
import Testing

@testable import FeedStore

@Suite("Feed addresses and endpoint URLs")
struct FeedAddressTests {
  @Test("a SOURCE is stdin, a web address, a file URL or a path")
  func kinds() throws {
    #expect(try FeedAddress(argument: "-") == .standardInput)
    #expect(
      try FeedAddress(argument: "https://example.org/feed.xml")
        == .web(URL(string: "https://example.org/feed.xml")!))
    #expect(
      try FeedAddress(argument: "HTTP://example.org/") == .web(URL(string: "HTTP://example.org/")!))
    #expect(try FeedAddress(argument: "feeds/a.rss") == .file(URL(fileURLWithPath: "feeds/a.rss")))
    #expect(
      try FeedAddress(argument: "file:///tmp/a.rss") == .file(URL(fileURLWithPath: "/tmp/a.rss")))
  }

  @Test("a web address without a host and other schemes are clear errors")
  func badAddresses() {
    #expect(throws: LoadError(.unreadable, "http://: not a valid web address")) {
      try FeedAddress(argument: "http://")
    }
    #expect(
      throws: LoadError(.unreadable, "ftp://x/feed: only http, https and file addresses are read")
    ) {
      try FeedAddress(argument: "ftp://x/feed")
    }
  }

  @Test("the endpoint's queries: boost:popular, by:NAME encoded, offset, its own query kept")
  func endpointURLs() throws {
    let loader = FeedLoader(
      fetcher: FeedFetcher(
        client: CurlClient.shared, cache: nil, options: FetchOptions(offline: true)))
    let source = EndpointSource(
      endpoint: URL(string: "https://backend.example/rss.xml?type=deviation")!, loader: loader)
    #expect(
      source.url(query: "boost:popular").absoluteString
        == "https://backend.example/rss.xml?type=deviation&q=boost:popular")
    #expect(
      source.url(query: "by:Zoë Q+A&b").absoluteString
        == "https://backend.example/rss.xml?type=deviation&q=by:Zo%C3%AB%20Q%2BA%26b")
    let page = source.url(query: "by:x", offset: 60)
    #expect(
      page.absoluteString == "https://backend.example/rss.xml?type=deviation&offset=60&q=by:x")
    #expect(
      source.offsetPage(after: page, count: 60).absoluteString
        == "https://backend.example/rss.xml?type=deviation&q=by:x&offset=120")
  }

  @Test("one identity rule: guid, else link, else title and date")
  func identity() {
    let date = Date(timeIntervalSince1970: 1000)
    #expect(ItemID(.init(title: "a", link: "L", guid: "G")) == ItemID(.init(title: "b", guid: "G")))
    #expect(ItemID(.init(title: "a", link: "L")) == ItemID(.init(title: "b", link: "L")))
    #expect(ItemID(.init(title: "a", link: "L")) != ItemID(.init(title: "a", guid: "L")))
    #expect(
      ItemID(.init(title: "a", published: date)) == ItemID(.init(title: "a", published: date)))
    #expect(ItemID(.init(title: "a", published: date)) != ItemID(.init(title: "a")))
  }
}
