import Foundation

/// A text element the parser captures, with what it feeds and how strongly.
///
/// `rank` orders competing sources of one field: lower wins, ties go to the first in document
/// order. For Media RSS scalars the rank is the depth: 0 for a child of the item, 1 inside
/// `media:group`, 2 inside `media:content`, 3 deeper.
enum TextTarget {
  case feedTitle
  case feedLink
  case feedDescription
  /// The feed's own author; `isRSSAuthor` for `managingEditor` (an e-mail with the name in
  /// parentheses).
  case feedAuthor(isRSSAuthor: Bool)
  case title(rank: Int)
  case link(rank: Int)
  case guid(isPermaLink: Bool)
  case published(rank: Int)
  /// `dc:creator`, `itunes:author`, RSS `<author>` (an e-mail with the name in parentheses) or
  /// Atom's name; the first of these in document order.
  case author(isRSSAuthor: Bool)
  case category
  case summary(rank: Int)
  case mediaTitle(rank: Int)
  case mediaDescription(rank: Int)
  case mediaText(rank: Int)
  case mediaKeywords(rank: Int)
  /// `media:credit`, whose role and scheme wait in `ItemBuilder.creditAttributes` (so that a
  /// target holds no strings and copies as plain bytes).
  case credit
  /// A `media:thumbnail` without `url`, whose text is the URL.
  case thumbnailURL(width: Int?, height: Int?)
  case rating(rank: Int)
  case copyright(rank: Int)
}

/// One item or entry while it is being read, with the bookkeeping for competing sources.
struct ItemBuilder {
  private(set) var item = FeedItem()
  private var ranks = Ranks()
  private var otherAuthor: String?
  private var guidIsPermaLink = false
  /// The `role` and `scheme` of the `media:credit` being read.
  var creditAttributes: (role: String?, scheme: String?) = (nil, nil)
  /// The index in `lists.contents` of the `media:content` being read (nil: outside one, or
  /// one without an address), whose thumbnails and description are its own.
  var openContent: Int?
  /// The item's lists while it is read (`item`'s own lists stay empty until `finish()`).
  private(set) var lists: ItemLists

  /// An empty builder.
  init() {
    lists = ItemLists()
  }

  /// The best rank stored so far per ranked field (`Int.max`: none yet).
  private struct Ranks {
    var title = Int.max, link = Int.max, published = Int.max, summary = Int.max
    var mediaTitle = Int.max, mediaDescription = Int.max, mediaText = Int.max
    var mediaKeywords = Int.max, rating = Int.max, copyright = Int.max
  }

  /// Roles whose `media:credit` names the item's author (compared case-insensitively).
  static let authorRoles: [StaticString] = ["author", "artist", "owner", "photographer", "creator"]

  /// Whether `role` is one of `authorRoles`, ignoring ASCII case; no string is made.
  static func isAuthorRole(_ role: String) -> Bool {
    let utf8 = role.utf8
    return authorRoles.contains { name in
      guard name.utf8CodeUnitCount == utf8.count else { return false }
      var offset = 0
      for byte in utf8 {
        guard byte | 0x20 == name.utf8Start[offset] else { return false }
        offset += 1
      }
      return true
    }
  }

  /// Whether text for `target` could still change the item (so it is worth capturing).
  func wants(_ target: TextTarget) -> Bool {
    switch target {
    case .feedTitle, .feedLink, .feedDescription, .feedAuthor: return false
    case .title(let rank): return rank < ranks.title
    case .link(let rank): return rank < ranks.link
    case .guid: return item.guid == nil
    case .published(let rank): return rank < ranks.published
    case .author: return otherAuthor == nil
    case .summary(let rank): return rank < ranks.summary
    case .mediaTitle(let rank): return rank < ranks.mediaTitle || (rank == 2 && openContent != nil)
    case .mediaDescription(let rank):
      return rank < ranks.mediaDescription || (rank == 2 && openContent != nil)
    case .mediaText(let rank): return rank < ranks.mediaText
    case .mediaKeywords(let rank): return rank < ranks.mediaKeywords
    case .rating(let rank): return rank < ranks.rating
    case .copyright(let rank): return rank < ranks.copyright
    case .category, .credit, .thumbnailURL: return true
    }
  }

  /// A field already stored that text for `target` often repeats, to share its storage when
  /// the text is the same: DeviantArt's summary is its `media:description` (52 of the 60 items
  /// of the shared feed), its guid is its link, its `media:title` is its title.
  func sibling(of target: TextTarget) -> String? {
    switch target {
    case .summary: return item.mediaDescription ?? item.mediaText
    case .mediaDescription: return item.summary
    case .mediaText: return item.summary ?? item.mediaDescription
    case .guid: return item.link
    case .link: return item.guid
    case .title: return item.mediaTitle
    case .mediaTitle: return item.title
    default: return nil
    }
  }

  /// Stores the converted text of a captured element. `nil` (blank) text changes nothing.
  mutating func store(_ text: String?, for target: TextTarget) {
    switch target {
    case .feedTitle, .feedLink, .feedDescription, .feedAuthor: return
    case .mediaKeywords(let rank):
      guard rank < ranks.mediaKeywords else { return }
      ranks.mediaKeywords = rank
      item.mediaKeywords = Self.keywords(text ?? "")
      return
    default: break
    }
    guard let text else { return }
    switch target {
    case .title(let rank): replace(&item.title, rank: rank, best: &ranks.title, with: text)
    case .link(let rank): replace(&item.link, rank: rank, best: &ranks.link, with: text)
    case .guid(let isPermaLink):
      item.guid = text
      guidIsPermaLink = isPermaLink
    case .published(let rank):
      if let date = FeedDate.parse(text) { store(date, rank: rank) }
    case .author(let isRSSAuthor):
      otherAuthor = isRSSAuthor ? ItemBuilder.nameOfRSSAuthor(text) : text
    case .category:
      addCategory(text)
    case .summary(let rank): replace(&item.summary, rank: rank, best: &ranks.summary, with: text)
    case .mediaTitle(let rank):
      if rank == 2, let open = openContent, lists.contents[open].title == nil {
        lists.contents[open].title = text
      }
      replace(&item.mediaTitle, rank: rank, best: &ranks.mediaTitle, with: text)
    case .mediaDescription(let rank):
      if rank == 2, let open = openContent, lists.contents[open].alt == nil {
        lists.contents[open].alt = text
      }
      replace(&item.mediaDescription, rank: rank, best: &ranks.mediaDescription, with: text)
    case .mediaText(let rank):
      replace(&item.mediaText, rank: rank, best: &ranks.mediaText, with: text)
    case .credit:
      let (role, scheme) = creditAttributes
      lists.credits.append(MediaCredit(role: role, scheme: scheme, name: text))
    case .thumbnailURL(let width, let height):
      lists.thumbnails.append(
        MediaThumbnail(url: text, width: width, height: height, content: openContent))
    case .rating(let rank): replace(&item.rating, rank: rank, best: &ranks.rating, with: text)
    case .copyright(let rank):
      replace(&item.copyright, rank: rank, best: &ranks.copyright, with: text)
    case .feedTitle, .feedLink, .feedDescription, .feedAuthor, .mediaKeywords: break
    }
  }

  private func replace(_ field: inout String?, rank: Int, best: inout Int, with text: String) {
    guard rank < best else { return }
    best = rank
    field = text
  }

  /// Stores a publication date from a source of `rank`.
  mutating func store(_ date: Date, rank: Int) {
    guard rank < ranks.published else { return }
    ranks.published = rank
    item.published = date
  }

  /// The pictures of a summary candidate that `wants` says will be kept, or of a later one
  /// read for its pictures only (`wantsImages`).
  mutating func setImages(_ found: HTMLImage.Found) {
    if item.inlineImages.isEmpty {
      item.inlineImages = found.images
    } else {
      item.inlineImages += found.images
    }
    item.pictureLinks += found.pictureLinks
  }

  /// True while no summary source has given the item a picture (decorations such as a
  /// tracking pixel aside): a later source (an RSS `content:encoded` after an excerpt
  /// `<description>`) is then read for its pictures.
  var wantsImages: Bool {
    item.pictureLinks.isEmpty && item.inlineImages.allSatisfy(\.isDecoration)
  }

  mutating func addThumbnail(_ thumbnail: MediaThumbnail) {
    var thumbnail = thumbnail
    thumbnail.content = openContent
    lists.thumbnails.append(thumbnail)
  }

  /// Adds a `media:content` with an address; it is the open one until `closeContent()`.
  mutating func addContent(_ content: MediaContent) {
    lists.contents.append(content)
    openContent = lists.contents.count - 1
  }

  mutating func closeContent() { openContent = nil }

  mutating func addEnclosure(_ enclosure: Enclosure) {
    if lists.enclosures.count < 64 { lists.enclosures.append(enclosure) }
  }

  /// A category from an attribute (Atom's `term`), de-duplicated like the others.
  mutating func addCategory(_ category: String) {
    // A linear search: items carry a handful of categories (a few dozen at most).
    if !lists.categories.contains(category) { lists.categories.append(category) }
  }

  /// Sets the RSS 1.0 `rdf:about` id unless a `guid` came first.
  mutating func setAbout(_ about: String) {
    if item.guid == nil { item.guid = about }
  }

  /// The finished item: the author chosen, and the link taken from a permalink guid if absent.
  /// Moves the fields field by field (`take()`) into `finished` (a fresh item, best one
  /// already in its final place, such as the last element of an array): no whole-item copy,
  /// no string retained or released on the way. The builder is empty afterwards, its `lists`
  /// too (with their storage).
  mutating func finish(into finished: inout FeedItem) {
    finished.title = item.title.take()
    finished.link = item.link.take()
    finished.guid = item.guid.take()
    finished.published = item.published.take()
    finished.summary = item.summary.take()
    finished.mediaTitle = item.mediaTitle.take()
    finished.mediaDescription = item.mediaDescription.take()
    finished.mediaText = item.mediaText.take()
    finished.rating = item.rating.take()
    finished.copyright = item.copyright.take()
    swap(&finished.inlineImages, &item.inlineImages)
    item.inlineImages.removeAll()
    swap(&finished.pictureLinks, &item.pictureLinks)
    item.pictureLinks.removeAll()
    swap(&finished.mediaKeywords, &item.mediaKeywords)
    lists.move(into: &finished)
    if let credited = finished.credits.first(where: {
      $0.role.map(ItemBuilder.isAuthorRole) ?? false
    }) {
      finished.author = credited.name
    } else {
      finished.author = otherAuthor.take()
    }
    if finished.link == nil, guidIsPermaLink, let guid = finished.guid,
      guid.hasPrefix("http://") || guid.hasPrefix("https://")
    {
      finished.link = guid
    }
  }

  /// Readies the builder for the next item. `item` and `lists` are already empty (a new
  /// builder, or `finish(into:)` moved everything out, keeping the lists' storage); the
  /// bookkeeping is reset here.
  mutating func restart() {
    ranks = Ranks()
    otherAuthor = nil
    guidIsPermaLink = false
    creditAttributes = (nil, nil)
    openContent = nil
  }

  /// `media:keywords`: the comma-separated words, trimmed, the empty ones left out. ASCII
  /// text is cut at its comma bytes (a `Character` at a time costs far more: docs/adr/0151);
  /// other text a `Character` at a time, where a comma can carry a combining mark.
  static func keywords(_ text: String) -> [String] {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
      return text.split(separator: ",").compactMap {
        let keyword = $0.trimmingASCIIWhitespace()
        return keyword.isEmpty ? nil : keyword
      }
    }
    return text.utf8.split(separator: UInt8(ascii: ",")).compactMap { part in
      guard let first = part.firstIndex(where: { !isASCIISpace($0) }),
        let last = part.lastIndex(where: { !isASCIISpace($0) })
      else { return nil }
      return String(Substring(part[first...last]))
    }
  }

  /// The bytes `Character.isWhitespace` accepts in ASCII: tab, line feed, vertical tab, form
  /// feed, carriage return, space.
  static func isASCIISpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  /// The name in an RSS `<author>`: `nobody@flickr.com (kebernet)` is `kebernet`,
  /// `Jane Doe <jane@example.com>` is `Jane Doe`; anything else as it is.
  static func nameOfRSSAuthor(_ text: String) -> String {
    if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
      let name = text[text.index(after: open)..<text.index(before: text.endIndex)]
        .trimmingASCIIWhitespace()
      if !name.isEmpty { return name }
    }
    if text.hasSuffix(">"), let open = text.lastIndex(of: "<") {
      let name = text[..<open].trimmingASCIIWhitespace()
      if !name.isEmpty { return name }
    }
    return text
  }
}

extension Substring {
  /// The text without leading and trailing ASCII whitespace.
  func trimmingASCIIWhitespace() -> String {
    // Bytes, unless a space at an end meets text other than ASCII, where the space and a
    // combining mark (or a prepended sign and a space) are one `Character`, not white space.
    let bytes = utf8
    if let first = bytes.firstIndex(where: { !ItemBuilder.isASCIISpace($0) }),
      let last = bytes.lastIndex(where: { !ItemBuilder.isASCIISpace($0) }),
      first == bytes.startIndex || bytes[first] < 0x80,
      bytes.index(after: last) == bytes.endIndex || bytes[last] < 0x80
    {
      // Both ends are scalar boundaries: ASCII bytes, or the text's own ends.
      return String(self[first..<bytes.index(after: last)])
    }
    let isSpace: (Character) -> Bool = { $0.isASCII && $0.isWhitespace }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}

extension String {
  /// The text without leading and trailing ASCII whitespace.
  func trimmingASCIIWhitespace() -> String { self[...].trimmingASCIIWhitespace() }
}
