import FeedCore
import Foundation

/// What a feed says of itself that an item's artist can come from.
public struct FeedHead: Sendable, Equatable {
  public var title: String?
  /// The channel's or feed's link (its home page).
  public var link: String?
  /// The feed's own author (`Feed.author`).
  public var author: String?
  /// The address the feed was read from, when known.
  public var address: String?

  public init(
    title: String? = nil, link: String? = nil, author: String? = nil, address: String? = nil
  ) {
    self.title = title
    self.link = link
    self.author = author
    self.address = address
  }

  public init(_ feed: Feed, address: String?) {
    self.init(title: feed.title, link: feed.link, author: feed.author, address: address)
  }

  /// Boorus (Danbooru, e621, Gelbooru and their kin): tag searches whose entries' authors
  /// are the uploaders; the artist is in the title.
  public var isBooru: Bool {
    let hosts = [link, address].compactMap { $0 }.compactMap(PictureAddress.host(of:))
    let boorus = [
      "donmai.us", "e621.net", "e926.net", "gelbooru.com", "safebooru.org", "konachan.com",
      "yande.re",
    ]
    return hosts.contains { host in boorus.contains { host == $0 || host.hasSuffix("." + $0) } }
  }

  /// The name of the one person whose feed this is (a Mastodon or Pixelfed account, a
  /// Bluesky, Tumblr, DeviantArt, ArtStation or Flickr profile), nil for a feed of many.
  public var personName: String? {
    let profile = [link, address].compactMap { $0 }.lazy.compactMap(ItemArtist.profileUser).first
    guard let profile else { return nil }
    if let title, let name = ItemArtist.personName(fromTitle: title) { return name }
    return profile
  }
}

/// The one rule for an item's artist: what the item names, else the feed's own author, else
/// the person whose feed it is.
public enum ItemArtist {
  /// The artist to show and search by, nil when nothing names one.
  public static func artist(of item: FeedItem, in feed: FeedHead) -> String? {
    if feed.isBooru { return drawnBy(item.title) }
    if let author = item.author, let name = cleaned(author) { return name }
    if let author = feed.author, let name = cleaned(author) { return name }
    return feed.personName
  }

  /// `artist(of:in:)` for many items of one feed: what the feed says is read once.
  public struct Rule: Sendable, Equatable {
    private let isBooru: Bool
    private let fallback: String?

    public init(_ feed: FeedHead) {
      isBooru = feed.isBooru
      fallback = isBooru ? nil : feed.author.flatMap(ItemArtist.cleaned) ?? feed.personName
    }

    /// The artist of an item with this `author` and `title`.
    public func artist(author: String?, title: String?) -> String? {
      if isBooru { return ItemArtist.drawnBy(title) }
      if let author, ItemArtist.isCleanName(author) { return author }
      if let author, let name = ItemArtist.cleaned(author) { return name }
      return fallback
    }
  }

  /// Items with their `author` set by `artist(of:in:)`: what the rows, the search and the
  /// state read.
  public static func completed(_ items: [FeedItem], in feed: FeedHead) -> [FeedItem] {
    var items = items
    if feed.isBooru {
      for index in items.indices { items[index].author = drawnBy(items[index].title) }
      return items
    }
    let person = feed.personName
    let feedAuthor = feed.author.flatMap(cleaned)
    for index in items.indices {
      if let author = items[index].author, !needsCleaning(author) { continue }
      items[index].author = items[index].author.flatMap(cleaned) ?? feedAuthor ?? person
    }
    return items
  }

  /// True when a name may need `cleaned`: it has an address, an `@`, parentheses, angle
  /// brackets or space at an end. Most names are read once, byte by byte, and kept.
  static func needsCleaning(_ name: String) -> Bool {
    guard let first = name.utf8.first, let last = name.utf8.last else { return true }
    if first == 0x20 || last == 0x20 || first == 0x09 || last == 0x0A { return true }
    return name.utf8.contains {
      $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "(")
        || $0 == UInt8(ascii: "<")
    }
  }

  /// True when `cleaned(name)` is `name`: single spaces inside and none at an end, no other
  /// white space (Unicode's included), none of `@ : ( ) < >`, not a Reddit or Lemmy `u/`
  /// name. Most authors are; they are read once, byte by byte, instead of through `cleaned`.
  /// After a space only ASCII or a Latin letter (U+00C0 to U+024F) may follow: `cleaned`
  /// splits by `Character`, and a space with a combining mark after it is one.
  static func isCleanName(_ name: String) -> Bool {
    var name = name
    let clean = name.withUTF8 { bytes -> Bool in
      var previous: UInt8 = 0x20
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case 0x20:
          if previous == 0x20 { return false }
        case 0x21...0x7E:
          if byte == UInt8(ascii: "@") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "(")
            || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
          {
            return false
          }
        case 0xC2...0xF4:
          let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
          guard index + length <= bytes.count,
            previous != 0x20 || index == 0 || (byte >= 0xC3 && byte <= 0xC8)
              || (byte == 0xC9 && bytes[index + 1] <= 0x8F),
            !isWhitespace(bytes, at: index)
          else { return false }
          index += length
          previous = byte
          continue
        default:
          return false
        }
        previous = byte
        index += 1
      }
      return previous != 0x20
    }
    return clean && !(name.hasPrefix("/u/") || name.hasPrefix("u/") || name.hasPrefix("/user/"))
  }

  /// Whether the character at `index` (its lead byte at least 0xC2) is white space other
  /// than ASCII: U+0085, U+00A0, U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F,
  /// U+3000.
  private static func isWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let second = bytes[index + 1]
    switch bytes[index] {
    case 0xC2: return second == 0x85 || second == 0xA0
    case 0xE1: return second == 0x9A && bytes[index + 2] == 0x80
    case 0xE2:
      let third = bytes[index + 2]
      if second == 0x80 { return third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF }
      return second == 0x81 && third == 0x9F
    case 0xE3: return second == 0x80 && bytes[index + 2] == 0x80
    default: return false
    }
  }

  /// A name as people write it: `Name (email)` and `email (Name)` give the name, `Name
  /// <email>` too, a profile address its user name, a bare e-mail address nothing.
  public static func cleaned(_ raw: String) -> String? {
    let text = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard !text.isEmpty else { return nil }
    if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
      let inner = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        .trimmingCharacters(in: .whitespaces)
      let outer = String(text[..<open]).trimmingCharacters(in: .whitespaces)
      if isEmail(inner), !outer.isEmpty { return cleaned(outer) }
      if isEmail(outer), !inner.isEmpty { return cleaned(inner) }
    }
    if text.hasSuffix(">"), let open = text.lastIndex(of: "<") {
      let outer = String(text[..<open]).trimmingCharacters(in: .whitespaces)
      if !outer.isEmpty { return cleaned(outer) }
    }
    if ItemArt.holdsAddress(text) {
      if PictureAddress.looksLikePicture(text) { return nil }
      return profileUser(text) ?? lastSegment(text)
    }
    if isEmail(text) { return nil }
    // Reddit's and Lemmy's "/u/name" and "u/name" are the name.
    for prefix in ["/u/", "u/", "/user/"] where text.hasPrefix(prefix) && text.count > prefix.count
    {
      return String(text.dropFirst(prefix.count))
    }
    return text
  }

  /// The artist a booru's title names: Danbooru and e621 title a post "CHARACTERS
  /// (COPYRIGHT) drawn by ARTISTS"; nil when it names none (the uploader, its author, is
  /// not the artist).
  static func drawnBy(_ title: String?) -> String? {
    guard let title,
      let range = title.range(of: " drawn by ", options: .backwards)
        ?? (title.hasPrefix("drawn by ") ? title.range(of: "drawn by ") : nil)
    else { return nil }
    let name = title[range.upperBound...].trimmingCharacters(in: .whitespaces)
    return name.isEmpty ? nil : name
  }

  static func isEmail(_ text: String) -> Bool {
    !text.contains(" ") && text.contains("@") && !text.hasPrefix("@")
      && text.split(separator: "@").count == 2
  }

  /// The user name in a profile address: `https://host/@name`, `/users/name`, `/u/name`,
  /// `bsky.app/profile/handle`, `name.tumblr.com`, `name.artstation.com`,
  /// `deviantart.com/name`, `?q=gallery:name`, Flickr's `photos_public.gne?id=` or
  /// `/photos/name`. Nil when the address is not one person's.
  public static func profileUser(_ address: String) -> String? {
    guard let host = PictureAddress.host(of: address) else { return nil }
    let (path, query) = PictureAddressRules.split(address)
    let afterHost =
      path.range(of: host, options: .caseInsensitive).map { path[$0.upperBound...] }
      ?? ""
    let segments = afterHost.split(separator: "/").map(String.init)
    if let gallery = query.range(of: "gallery:") {
      let name = query[gallery.upperBound...].prefix { $0 != "&" && $0 != "/" && $0 != "+" }
      if !name.isEmpty { return String(name).removingPercentEncoding ?? String(name) }
    }
    func trimmed(_ segment: String) -> String {
      var name = segment
      for suffix in [".rss", ".atom", ".xml", ".json"] where name.lowercased().hasSuffix(suffix) {
        name.removeLast(suffix.count)
      }
      return name
    }
    if let at = segments.first(where: { $0.hasPrefix("@") && $0.count > 1 }) {
      return trimmed(String(at.dropFirst()))
    }
    if segments.count >= 2, ["users", "u", "profile", "user"].contains(segments[0].lowercased()) {
      return trimmed(segments[1])
    }
    let labels = host.split(separator: ".")
    if labels.count == 3, ["tumblr", "artstation"].contains(labels[1]),
      !["www", "media", "api", "assets", "cdn"].contains(String(labels[0]))
    {
      return String(labels[0])
    }
    if host.hasSuffix("deviantart.com"), host != "backend.deviantart.com",
      let first = segments.first,
      segments.count <= 2,
      !["tag", "popular", "search", "daily-deviations", "topic", "watch"]
        .contains(first.lowercased())
    {
      return trimmed(first)
    }
    if host.hasSuffix("artstation.com"), segments.count == 1 { return trimmed(segments[0]) }
    if host.hasSuffix("flickr.com") {
      if path.hasSuffix("photos_public.gne"),
        let id = query.split(separator: "&")
          .first(where: { $0.hasPrefix("id=") })
      {
        return String(id.dropFirst(3))
      }
      if segments.count >= 2, segments[0] == "photos", segments[1] != "tags" { return segments[1] }
    }
    return nil
  }

  /// A person's name in a profile feed's title: "Uploads from NAME" (Flickr), "@handle -
  /// NAME" (Bluesky), "NAME's gallery", "NAME on Tumblr"; the title itself when it names
  /// nothing else.
  static func personName(fromTitle raw: String) -> String? {
    var title = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for prefix in ["Uploads from ", "Content from ", "Posts from ", "DeviantArt: "]
    where title.hasPrefix(prefix) {
      title = String(title.dropFirst(prefix.count))
    }
    if title.hasPrefix("@"), let dash = title.range(of: " - ") {
      title = String(title[dash.upperBound...])
    }
    for suffix in [
      "'s gallery", "'s Gallery", "’s gallery", " on Tumblr", " on ArtStation", " on Pixelfed",
    ]
    where title.hasSuffix(suffix) {
      title = String(title.dropLast(suffix.count))
    }
    let name = title.trimmingCharacters(in: .whitespaces)
    return name.isEmpty ? nil : name
  }

  private static func lastSegment(_ address: String) -> String? {
    let (path, _) = PictureAddressRules.split(address)
    let last = path.split(separator: "/").last.map(String.init)
    guard let last, !last.contains(".") || last.hasPrefix("@") else { return nil }
    return last.hasPrefix("@") ? String(last.dropFirst()) : last
  }
}
