import FeedCore
import Foundation

/// Makes the picture addresses of items (thumbnails, media contents, enclosures, the
/// summary's images, their `srcset`s and links, links to pictures) absolute, against the address of the feed that
/// carried them, as a reader resolves any relative link: `../thumbnails/a.webp` in
/// `/x/feeds/popular.rss` is `file:///x/thumbnails/a.webp`.
///
/// Only relative addresses change; absolute ones, and everything else in an item, are kept.
/// A relative address in a feed read from standard input (no base) stays as it is.
///
/// A feed from the web (an http(s) base, or a sync server's items) names pictures on the web
/// only: any other address (`file:///etc/...`, `file:///dev/zero`, a FIFO) would let a remote
/// feed read the reader's files, so it is dropped, and the item shows no picture for it.
public enum MediaAddresses {
  public static func resolved(_ items: [FeedItem], against base: URL?) -> [FeedItem] {
    guard let base else { return items }
    let resolver = Resolver(base)
    let isRemote = isWeb(base.absoluteString)
    var items = items
    for index in items.indices {
      for thumbnail in items[index].thumbnails.indices {
        let url = items[index].thumbnails[thumbnail].url
        if isRelative(url) { items[index].thumbnails[thumbnail].url = resolver.resolve(url) }
      }
      for content in items[index].contents.indices {
        let url = items[index].contents[content].url
        if isRelative(url) { items[index].contents[content].url = resolver.resolve(url) }
      }
      for image in items[index].inlineImages.indices {
        resolve(&items[index].inlineImages[image], with: resolver)
      }
      for link in items[index].pictureLinks.indices
      where isRelative(items[index].pictureLinks[link]) {
        items[index].pictureLinks[link] = resolver.resolve(items[index].pictureLinks[link])
      }
      for enclosure in items[index].enclosures.indices {
        let url = items[index].enclosures[enclosure].url
        if isRelative(url) { items[index].enclosures[enclosure].url = resolver.resolve(url) }
      }
      if isRemote { keepWebOnly(&items[index]) }
    }
    return items
  }

  private static func resolve(_ image: inout InlineImage, with resolver: Resolver) {
    if isRelative(image.url) { image.url = resolver.resolve(image.url) }
    for source in image.sources.indices where isRelative(image.sources[source].url) {
      image.sources[source].url = resolver.resolve(image.sources[source].url)
    }
    if let link = image.link, isRelative(link) { image.link = resolver.resolve(link) }
  }

  /// The items of a remote source (a sync server's) with every picture address that is not
  /// http(s) dropped.
  public static func webOnly(_ items: [FeedItem]) -> [FeedItem] {
    var items = items
    for index in items.indices { keepWebOnly(&items[index]) }
    return items
  }

  /// True for an `http://` or `https://` address (the scheme in any case).
  public static func isWeb(_ address: String) -> Bool {
    let prefix = address.utf8.prefix(8).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    return prefix.starts(with: "http://".utf8) || prefix.starts(with: "https://".utf8)
  }

  private static func keepWebOnly(_ item: inout FeedItem) {
    if !item.thumbnails.allSatisfy({ isWeb($0.url) }) {
      item.thumbnails.removeAll { !isWeb($0.url) }
    }
    if !item.contents.allSatisfy({ isWeb($0.url) }) {
      item.contents.removeAll { !isWeb($0.url) }
    }
    if !item.inlineImages.allSatisfy({ isWeb($0.url) }) {
      item.inlineImages.removeAll { !isWeb($0.url) }
    }
    for image in item.inlineImages.indices {
      item.inlineImages[image].sources.removeAll { !isWeb($0.url) }
      if let link = item.inlineImages[image].link, !isWeb(link) {
        item.inlineImages[image].link = nil
      }
    }
    item.pictureLinks.removeAll { !isWeb($0) }
    item.enclosures.removeAll { !isWeb($0.url) }
  }

  /// True for an address without a scheme (`a.png`, `../t/a.png`, `/t/a.png`, `//host/a`).
  /// Read as bytes while they are ASCII (a `Character` at a time costs far more, for every
  /// address: docs/adr/0149); a scheme with other letters is read by the `Character` rule.
  static func isRelative(_ address: String) -> Bool {
    let bytes = address.utf8
    // Nearly every address: `http:` or `https:` in lower case.
    if bytes.starts(with: "https:".utf8) || bytes.starts(with: "http:".utf8) { return false }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return true }
    let scheme = bytes[..<colon]
    if scheme.isEmpty { return true }
    guard scheme.allSatisfy({ $0 < 0x80 }) else {
      return !address[..<colon].allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }
    return !scheme.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
        UInt8(ascii: "."):
        return true
      default:
        return false
      }
    }
  }

  /// Resolves addresses against one base. A plain relative path (`../t/a.png`: letters,
  /// digits, `-._~/` only) against a `file:` base is joined and its dot segments removed as
  /// RFC 3986 says, without Foundation's URL parsing (a visible part of the first screen of a
  /// feed with pictures: docs/adr/0149); anything else goes to `URL(string:relativeTo:)`.
  /// `MediaAddressesTests` compare the two on many paths.
  struct Resolver {
    let base: URL
    /// The base's directory, as `file:///dir/dir/` (nil: no plain file base).
    let directory: String?
    /// That directory's path, `/dir/dir/`.
    private let directoryPath: String

    init(_ base: URL) {
      self.base = base
      let text = base.absoluteString
      if text.hasPrefix("file:///"), !text.contains("?"), !text.contains("#"),
        let slash = text.lastIndex(of: "/")
      {
        directory = String(text[...slash])
        directoryPath = String(text[text.index(text.startIndex, offsetBy: 7)...slash])
      } else {
        directory = nil
        directoryPath = ""
      }
    }

    func resolve(_ address: String) -> String {
      guard directory != nil, Self.isPlainPath(address) else {
        return URL(string: address, relativeTo: base)?.absoluteURL.absoluteString ?? address
      }
      let merged = address.hasPrefix("/") ? address : directoryPath + address
      return "file://" + Self.removingDotSegments(merged)
    }

    /// A relative path of unreserved characters and slashes, not `//host` and not empty.
    static func isPlainPath(_ address: String) -> Bool {
      !address.isEmpty && !address.hasPrefix("//")
        && address.utf8.allSatisfy { byte in
          switch byte {
          case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            return true
          default:
            return false
          }
        }
    }

    /// RFC 3986 section 5.2.4 on an absolute path of ASCII: `.` segments go, `..` removes
    /// the one before (never above the root). Bytes, not `Character`s.
    static func removingDotSegments(_ path: String) -> String {
      let slash = UInt8(ascii: "/")
      let dot = UInt8(ascii: ".")
      let bytes = Array(path.utf8)
      // The segments after the first slash, as ranges of `bytes` (slices would be counted
      // references, and a `split` of them a generic detour: docs/adr/0151).
      var segments: [Range<Int>] = []
      var start: Int?
      for (offset, byte) in bytes.enumerated() where byte == slash {
        if let start { segments.append(start..<offset) }
        start = offset + 1
      }
      if let start { segments.append(start..<bytes.count) }
      var output: [Range<Int>] = []
      for (index, segment) in segments.enumerated() {
        let isLast = index == segments.count - 1
        let isDot = segment.count == 1 && bytes[segment.lowerBound] == dot
        let isDotDot = segment.count == 2 && bytes[segment].allSatisfy { $0 == dot }
        if isDot {
          if isLast { output.append(0..<0) }
        } else if isDotDot {
          if !output.isEmpty { output.removeLast() }
          if isLast { output.append(0..<0) }
        } else {
          output.append(segment)
        }
      }
      var joined: [UInt8] = [slash]
      joined.reserveCapacity(bytes.count)
      for (place, segment) in output.enumerated() {
        if place > 0 { joined.append(slash) }
        joined.append(contentsOf: bytes[segment])
      }
      return String(decoding: joined, as: UTF8.self)
    }
  }
}
