import FeedCore
import Foundation
import Testing

@testable import FeedModel

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

  @Test("a feed from the web names pictures on the web only: local files are dropped")
  func remoteFeedsNameNoLocalFiles() {
    let item = FeedItem(
      title: "a",
      thumbnails: [MediaThumbnail(url: "file:///etc/passwd"), MediaThumbnail(url: "t/a.jpg")],
      contents: [
        MediaContent(url: "FILE:///dev/zero"), MediaContent(url: "HTTPS://x.example/full.png"),
        MediaContent(url: "/srv/fifo"),
      ],
      firstImage: "file:///home/reader/secret.png")
    for base in ["https://h.example/f/rss.xml", "http://127.0.0.1:8080/rss"] {
      let remote = MediaAddresses.resolved([item], against: URL(string: base))[0]
      #expect(remote.thumbnails.map(\.url).allSatisfy(MediaAddresses.isWeb))
      #expect(remote.thumbnails.count == 1, "the relative one, made a web address")
      #expect(remote.contents.map(\.url).count == 2, "the web one, and /srv/fifo on the host")
      #expect(remote.contents.map(\.url).allSatisfy(MediaAddresses.isWeb))
      #expect(remote.firstImage == nil)
    }
    // A sync server's items carry absolute addresses and no base.
    let synced = MediaAddresses.webOnly([item])[0]
    #expect(synced.thumbnails.isEmpty && synced.firstImage == nil)
    #expect(synced.contents.map(\.url) == ["HTTPS://x.example/full.png"])
    // The reader's own files may name their own pictures.
    let local = MediaAddresses.resolved([item], against: URL(fileURLWithPath: "/srv/f.xml"))[0]
    #expect(local.firstImage == "file:///home/reader/secret.png")
    #expect(local.contents.count == 3)
  }

  @Test("the quick join of plain paths gives what Foundation's resolution gives")
  func quickJoinIsFoundations() throws {
    let bases = [
      "/srv/art/feeds/popular.rss", "/a.rss", "/x y/feeds/p.rss", "/deep/er/still/f.xml",
      "/dir/", "/é/feeds/p.rss",
    ]
    let addresses = [
      "a.png", "./a.png", "../a.png", "../../../../../a.png", "t/../a.png", "t/./a.png", "t/",
      "..", ".", "../", "./", "/abs/a.png", "/abs/../b.png", "/../b.png", "a..b.png", ".hidden",
      "...", "t//a.png", "~user/a.png", "a-b_c~d.png", "t/..", "t/.", "../thumbnails/x_by_y.jpg",
      "a/b/c/../../d.png",
    ]
    var quick = 0
    for path in bases {
      let base = URL(fileURLWithPath: path)
      let resolver = MediaAddresses.Resolver(base)
      #expect(resolver.directory != nil, "\(path)")
      for address in addresses {
        let expected = URL(string: address, relativeTo: base)?.absoluteURL.absoluteString
        #expect(resolver.resolve(address) == expected, "\(address) against \(path)")
        if MediaAddresses.Resolver.isPlainPath(address) { quick += 1 }
      }
    }
    #expect(quick == bases.count * addresses.count)
    // Not plain: Foundation decides.
    for address in ["a b.png", "a%20b.png", "//host/a.png", "a?x=1", "a#f", "é.png", ""] {
      #expect(!MediaAddresses.Resolver.isPlainPath(address), "\(address)")
    }
    #expect(MediaAddresses.Resolver(try #require(URL(string: "https://h/f.xml"))).directory == nil)
  }

  @Test("an address has a scheme by the same rule, read as bytes or as characters")
  func schemes() {
    let old = { (address: String) -> Bool in
      guard let colon = address.firstIndex(of: ":") else { return true }
      let scheme = address[..<colon]
      return scheme.isEmpty
        || !scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }
    let samples = [
      "http://h/a", "HTTPS://h", "data:image/png;base64,AA", "a.png", "../a.png", "/a:b", ":x",
      "a+b.c-d:x", "1:x", "é:x", "日本:x", "a b:x", "a_b:x", "file:///a", "//h/a:b", "", "x:",
      "a/b:c", "٣:x",
    ]
    for address in samples {
      #expect(MediaAddresses.isRelative(address) == old(address), "\(address)")
    }
  }
}
