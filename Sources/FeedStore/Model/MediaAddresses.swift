import FeedCore
import Foundation

/// Makes the picture addresses of items (thumbnails, media contents, the description's first
/// `<img>`) absolute, against the address of the feed that
/// carried them, as a reader resolves any relative link: `../thumbnails/a.webp` in
/// `/x/feeds/popular.rss` is `file:///x/thumbnails/a.webp`.
///
/// Only relative addresses change; absolute ones, and everything else in an item, are kept.
/// A relative address in a feed read from standard input (no base) stays as it is.
public enum MediaAddresses {
  public static func resolved(_ items: [FeedItem], against base: URL?) -> [FeedItem] {
    guard let base else { return items }
    var items = items
    for index in items.indices {
      for thumbnail in items[index].thumbnails.indices {
        let url = items[index].thumbnails[thumbnail].url
        if isRelative(url) { items[index].thumbnails[thumbnail].url = resolve(url, base) }
      }
      for content in items[index].contents.indices {
        let url = items[index].contents[content].url
        if isRelative(url) { items[index].contents[content].url = resolve(url, base) }
      }
      if let image = items[index].firstImage, isRelative(image) {
        items[index].firstImage = resolve(image, base)
      }
    }
    return items
  }

  /// True for an address without a scheme (`a.png`, `../t/a.png`, `/t/a.png`, `//host/a`).
  static func isRelative(_ address: String) -> Bool {
    guard let colon = address.firstIndex(of: ":") else { return true }
    let scheme = address[..<colon]
    return scheme.isEmpty || !scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
  }

  private static func resolve(_ address: String, _ base: URL) -> String {
    URL(string: address, relativeTo: base)?.absoluteURL.absoluteString ?? address
  }
}
