import Foundation

/// The syndication format a document was parsed as.
public enum FeedFormat: String, Sendable, Equatable, Codable {
  /// RSS 0.9x, 1.0 (RDF) and 2.0.
  case rss
  /// Atom 1.0.
  case atom
}

/// A parsed feed: an RSS `<channel>` or an Atom `<feed>`, with its items in document order.
public struct Feed: Sendable, Equatable {
  public var format: FeedFormat
  public var title: String?
  public var link: String?
  public var description: String?
  /// The next page of this feed (`atom:link rel="next"`), as written (maybe relative).
  public var nextLink: String?
  /// Problems the parser recovered from (malformed XML after some items, undefined entities),
  /// each with `line:column` where known. An empty list means a clean parse.
  public var warnings: [String]
  public var items: [FeedItem]

  public init(
    format: FeedFormat, title: String? = nil, link: String? = nil, description: String? = nil,
    warnings: [String] = [], items: [FeedItem] = []
  ) {
    self.format = format
    self.title = title
    self.link = link
    self.description = description
    self.warnings = warnings
    self.items = items
  }
}

/// One `<item>` (RSS) or `<entry>` (Atom), with its Media RSS fields.
///
/// Text fields are plain text: HTML has already been converted. Absent values are `nil` and
/// absent lists are empty.
public struct FeedItem: Sendable, Equatable {
  public var title: String?
  public var link: String?
  public var guid: String?
  /// Publication date, in UTC; `nil` when absent or unparseable.
  public var published: Date?
  /// The best author: a `media:credit` with role author/artist/owner/photographer/creator,
  /// then the first of `dc:creator`, `itunes:author`, `<author>` (its name part) or the Atom
  /// author's name.
  public var author: String?
  public var categories: [String]
  /// Plain text of the description or content.
  public var summary: String?
  public var mediaTitle: String?
  public var mediaDescription: String?
  public var mediaText: String?
  public var mediaKeywords: [String]
  public var credits: [MediaCredit]
  public var thumbnails: [MediaThumbnail]
  public var contents: [MediaContent]
  public var rating: String?
  public var copyright: String?
  /// The `src` of the first `<img>` in the item's HTML summary, as written (maybe relative):
  /// its picture when it has no `media:thumbnail` or image `media:content`. Not in the JSON
  /// output.
  public var firstImage: String?

  public init(
    title: String? = nil, link: String? = nil, guid: String? = nil, published: Date? = nil,
    author: String? = nil, categories: [String] = [], summary: String? = nil,
    mediaTitle: String? = nil, mediaDescription: String? = nil, mediaText: String? = nil,
    mediaKeywords: [String] = [], credits: [MediaCredit] = [], thumbnails: [MediaThumbnail] = [],
    contents: [MediaContent] = [], rating: String? = nil, copyright: String? = nil,
    firstImage: String? = nil
  ) {
    self.title = title
    self.link = link
    self.guid = guid
    self.published = published
    self.author = author
    self.categories = categories
    self.summary = summary
    self.mediaTitle = mediaTitle
    self.mediaDescription = mediaDescription
    self.mediaText = mediaText
    self.mediaKeywords = mediaKeywords
    self.credits = credits
    self.thumbnails = thumbnails
    self.contents = contents
    self.rating = rating
    self.copyright = copyright
    self.firstImage = firstImage
  }
}

/// `<media:credit role="..." scheme="...">name</media:credit>`.
public struct MediaCredit: Sendable, Equatable {
  public var role: String?
  public var scheme: String?
  public var name: String

  public init(role: String? = nil, scheme: String? = nil, name: String) {
    self.role = role
    self.scheme = scheme
    self.name = name
  }
}

/// `<media:thumbnail url="..." width="..." height="..."/>`.
public struct MediaThumbnail: Sendable, Equatable {
  public var url: String
  public var width: Int?
  public var height: Int?

  public init(url: String, width: Int? = nil, height: Int? = nil) {
    self.url = url
    self.width = width
    self.height = height
  }
}

/// `<media:content url="..." medium="..." type="..." width="..." height="..."/>`.
public struct MediaContent: Sendable, Equatable {
  public var url: String
  public var medium: String?
  public var type: String?
  public var width: Int?
  public var height: Int?

  public init(
    url: String, medium: String? = nil, type: String? = nil, width: Int? = nil, height: Int? = nil
  ) {
    self.url = url
    self.medium = medium
    self.type = type
    self.width = width
    self.height = height
  }
}
