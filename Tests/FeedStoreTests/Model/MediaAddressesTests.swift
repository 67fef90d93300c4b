import FeedCore
import Foundation
import Testing

@testable import FeedStore

@Suite("Picture addresses")
struct MediaAddressesTests {
  @Test("relative picture addresses resolve against the feed's address; absolute ones stay")
  func resolve() {
    let item = FeedItem(
      title: "a",
      thumbnails: [
        MediaThumbnail(url: "../thumbnails/a.webp"), MediaThumbnail(url: "https://x/t.jpg"),
      ],
      contents: [MediaContent(url: "/full/a.png"), MediaContent(url: "data:image/png;base64,AA")],
      firstImage: "img/b.gif")
    let base = URL(fileURLWithPath: "/srv/art/feeds/popular.rss")
    let resolved = MediaAddresses.resolved([item], against: base)[0]
    #expect(
      resolved.thumbnails.map(\.url) == ["file:///srv/art/thumbnails/a.webp", "https://x/t.jpg"])
    #expect(resolved.contents.map(\.url) == ["file:///full/a.png", "data:image/png;base64,AA"])
    #expect(resolved.firstImage == "file:///srv/art/feeds/img/b.gif")
    let web = MediaAddresses.resolved(
      [item], against: URL(string: "https://h.example/f/rss.xml?q=1"))[0]
    #expect(web.thumbnails[0].url == "https://h.example/thumbnails/a.webp")
    #expect(MediaAddresses.resolved([item], against: nil) == [item])
  }
}
