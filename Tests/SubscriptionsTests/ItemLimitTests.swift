import FeedCore
import Foundation
import TestSupport
import Testing

@testable import Subscriptions

/// The settings' `max-items`: the newest items a subscribed feed keeps.
@Suite("Items kept per feed")
struct ItemLimitTests {
  static func item(_ name: String, _ hoursAgo: Double?) -> FeedItem {
    FeedItem(
      title: name, guid: name,
      published: hoursAgo.map { Date(timeIntervalSince1970: 1_700_000_000 - $0 * 3600) })
  }

  @Test("the newest N stay, in the feed's order; undated items count as oldest")
  func newest() {
    let items = [
      Self.item("old", 50), Self.item("undated-a", nil), Self.item("new", 1),
      Self.item("middle", 10), Self.item("undated-b", nil),
    ]
    #expect(ItemLimit.newest(2, of: items).map(\.title) == ["new", "middle"])
    #expect(ItemLimit.newest(3, of: items).map(\.title) == ["old", "new", "middle"])
    #expect(
      ItemLimit.newest(4, of: items).map(\.title) == ["old", "undated-a", "new", "middle"])
    #expect(ItemLimit.newest(nil, of: items).count == 5)
    #expect(ItemLimit.newest(9, of: items).count == 5)
  }

  @Test("a library with max-items keeps that many of each feed, opened or refreshed")
  func library() async throws {
    let temp = try TempDirectory()
    try SmallFeed.writeGalleries(in: temp.url)
    let server = try TestServer(directory: temp.url)
    defer { server.stop(); temp.remove() }
    let urls = [server.url("/files/north.xml"), server.url("/files/south.xml")]
    let library = SubscriptionLibrary(
      subscriptions: SubscriptionRefresherTests.subscriptions(urls),
      loader: SubscriptionRefresherTests.loader(temp.url.appendingPathComponent("cache")),
      maxItemsPerFeed: 1)
    let opened = await library.open { _, _ in }
    #expect(opened.compactMap(\.list).map(\.items.count) == [1, 1])
    #expect(library.list(ofFeed: 1)?.items.count == 1)
    let refreshed = await library.refresh()
    #expect(refreshed.compactMap(\.list).map(\.items.count) == [1, 1])
    #expect(library.allItems().items.count == 2)
  }
}
