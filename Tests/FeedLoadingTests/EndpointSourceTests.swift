import Foundation
import HTTP
import Testing

@testable import FeedLoading

@Suite("Endpoint URLs")
struct EndpointSourceTests {
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
}
