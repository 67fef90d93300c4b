import Foundation

/// The syndication format a document was parsed as.
public enum FeedFormat: String, Sendable, Equatable, Codable {
  /// RSS 0.9x, 1.0 (RDF) and 2.0.
  case rss
  /// Atom 1.0.
  case atom
  /// JSON Feed 1.0 and 1.1.
  case json
}

/// A parsed feed: an RSS `<channel>` or an Atom `<feed>`, with its items in document order.
public struct Feed: Sendable, Equatable {
  public var format: FeedFormat
  public var title: String?
  public var link: String?
  public var description: String?
  /// The feed's own author, when it names one: Atom's feed `<author>`, an RSS channel's
  /// `dc:creator`, `itunes:author` or `managingEditor` (its name part), JSON Feed's `authors`.
  public var author: String?
  /// The next page of this feed (`atom:link rel="next"`), as written (maybe relative).
  public var nextLink: String?
  /// Problems the parser recovered from (malformed XML after some items, undefined entities),
  /// each with `line:column` where known. An empty list means a clean parse.
  public var warnings: [String]
  public var items: [FeedItem]

  public init(
    format: FeedFormat, title: String? = nil, link: String? = nil, description: String? = nil,
    author: String? = nil, warnings: [String] = [], items: [FeedItem] = []
  ) {
    self.format = format
    self.title = title
    self.link = link
    self.description = description
    self.author = author
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
  /// The `<img>`s of the item's HTML summary, in document order, addresses as written (maybe
  /// relative). Not in the JSON output's parsed part.
  public var inlineImages: [InlineImage]
  /// Links of the summary to a picture that wrap no `<img>` (Reddit's `[link]`), as written.
  public var pictureLinks: [String]
  /// RSS `<enclosure>` and Atom `<link rel="enclosure">`, in document order.
  public var enclosures: [Enclosure]

  /// The `src` of the first `<img>` of the summary that is not marked as a decoration (an
  /// emoji, an icon, an avatar by its class or size); nil when there is none. Setting it
  /// replaces the summary's images by that one.
  public var firstImage: String? {
    get { inlineImages.first { !$0.isDecoration }?.url }
    set { inlineImages = newValue.map { [InlineImage(url: $0)] } ?? [] }
  }

  public init(
    title: String? = nil, link: String? = nil, guid: String? = nil, published: Date? = nil,
    author: String? = nil, categories: [String] = [], summary: String? = nil,
    mediaTitle: String? = nil, mediaDescription: String? = nil, mediaText: String? = nil,
    mediaKeywords: [String] = [], credits: [MediaCredit] = [], thumbnails: [MediaThumbnail] = [],
    contents: [MediaContent] = [], rating: String? = nil, copyright: String? = nil,
    firstImage: String? = nil, inlineImages: [InlineImage] = [], pictureLinks: [String] = [],
    enclosures: [Enclosure] = []
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
    self.inlineImages = firstImage.map { [InlineImage(url: $0)] + inlineImages } ?? inlineImages
    self.pictureLinks = pictureLinks
    self.enclosures = enclosures
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
  /// The index in `contents` of the `media:content` this thumbnail is inside, if any: a
  /// thumbnail of that picture, not of the item's first.
  public var content: Int?

  public init(url: String, width: Int? = nil, height: Int? = nil, content: Int? = nil) {
    self.url = url
    self.width = width
    self.height = height
    self.content = content
  }
}

/// An RSS `<enclosure url type length>` or an Atom `<link rel="enclosure" href type length>`.
public struct Enclosure: Sendable, Equatable {
  public var url: String
  public var type: String?
  public var length: Int?

  public init(url: String, type: String? = nil, length: Int? = nil) {
    self.url = url
    self.type = type
    self.length = length
  }
}

/// An `<img>` of an item's HTML: its address, the sizes it declares, the larger copies it
/// names (`srcset`, an enclosing `<a href>`) and what marks it as a decoration.
public struct InlineImage: Sendable, Equatable {
  /// `src` (or `data-src` where `src` is a placeholder), as written.
  public var url: String
  /// The `width` and `height` attributes (or a `style` in px), when numbers.
  public var width: Int?
  public var height: Int?
  /// `srcset` candidates: each address with its width descriptor (`640w`) or, for a density
  /// descriptor (`2x`), that multiple of `width` when known.
  public var sources: [Source]
  /// The `href` of the `<a>` around the image, as written: often the full picture.
  public var link: String?
  public var alt: String?
  /// Marked as not art by the markup itself: a class naming an emoji, smiley, emoticon,
  /// avatar or icon, a size of at most 32 px or 2 em, or `role="presentation"`.
  public var isDecoration: Bool

  public init(
    url: String, width: Int? = nil, height: Int? = nil, sources: [Source] = [],
    link: String? = nil, alt: String? = nil, isDecoration: Bool = false
  ) {
    self.url = url
    self.width = width
    self.height = height
    self.sources = sources
    self.link = link
    self.alt = alt
    self.isDecoration = isDecoration
  }

  /// One `srcset` candidate.
  public struct Source: Sendable, Equatable {
    public var url: String
    public var width: Int?

    public init(url: String, width: Int? = nil) {
      self.url = url
      self.width = width
    }
  }
}

/// `<media:content url="..." medium="..." type="..." width="..." height="..."/>`.
public struct MediaContent: Sendable, Equatable {
  public var url: String
  public var medium: String?
  public var type: String?
  public var width: Int?
  public var height: Int?
  /// The `media:description` inside this content: the picture's alt text, not the item's.
  public var alt: String?
  /// The `media:title` inside this content: the picture's own title (Bluesky writes its alt
  /// text there, WordPress the file's name).
  public var title: String?

  public init(
    url: String, medium: String? = nil, type: String? = nil, width: Int? = nil, height: Int? = nil,
    alt: String? = nil
  ) {
    self.url = url
    self.medium = medium
    self.type = type
    self.width = width
    self.height = height
    self.alt = alt
  }
}
