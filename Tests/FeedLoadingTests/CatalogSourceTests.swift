import FeedCore
import Foundation
import Testing

@testable import FeedLoading
@testable import HTTP

@Suite("Catalog source (files)")
struct CatalogSourceTests {
  static func write(_ text: String, name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-catalog-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  static func feed(_ title: String, items: [(String, String)]) -> String {
    let body = items.map {
      "<item><title>\($0.0)</title><guid>\($0.0)</guid><author>\($0.1)</author></item>"
    }
    return "<rss version=\"2.0\"><channel><title>\(title)</title>\(body.joined())</channel></rss>"
  }

  static let loader = FeedLoader(
    fetcher: FeedFetcher(
      client: CurlClient.shared, cache: nil, options: FetchOptions(offline: true)))

  @Test("opens the main feed and searches every catalog feed, without duplicates")
  func searchCatalog() async throws {
    let main = try Self.write(
      Self.feed("Main", items: [("a", "Ann"), ("b", "Bo")]), name: "main.rss")
    let other = try Self.write(
      Self.feed("Other", items: [("a", "Ann"), ("c", "Anna")]), name: "other.rss")
    let source = CatalogSource(
      main: .file(main), catalog: [.file(main), .file(other)], loader: Self.loader)
    let list = try await source.loadMain()
    #expect(list.title == "Main")
    #expect(list.freshness == .local)
    #expect(list.nextPage == nil)
    let found = try await source.search(artist: "ann")
    #expect(found.title == "Artist: ann")
    #expect(found.items.compactMap(\.title) == ["a", "c"])
  }

  @Test("a file that is not a feed fails as not a feed, a missing one as unreadable")
  func failures() async throws {
    let html = try Self.write("<!DOCTYPE html><html><body>hi</body></html>", name: "page.html")
    do {
      _ = try await CatalogSource(main: .file(html), loader: Self.loader).loadMain()
      Issue.record("an HTML page loaded")
    } catch {
      #expect(error.kind == .notAFeed)
      #expect(error.description.hasPrefix(html.path + ": "))
    }
    let missing = URL(fileURLWithPath: "/nonexistent/feed.rss")
    do {
      _ = try await CatalogSource(main: .file(missing), loader: Self.loader).loadMain()
      Issue.record("a missing file loaded")
    } catch {
      #expect(error.kind == .unreadable)
    }
  }

  @Test("a file's own next link is not followed (it would reach the network unasked)")
  func fileDoesNotPage() async throws {
    let text = """
      <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>T</title>
      <atom:link rel="next" href="https://example.org/page2"/>
      <item><title>a</title></item></channel></rss>
      """
    let url = try Self.write(text, name: "paged.rss")
    let list = try await CatalogSource(main: .file(url), loader: Self.loader).loadMain()
    #expect(list.items.count == 1)
    #expect(list.nextPage == nil)
  }
}
