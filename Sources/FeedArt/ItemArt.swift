import FeedCore

/// One copy of a picture: an address and the size it declares or encodes.
public struct PictureCopy: Sendable, Equatable {
  /// What named it: a small copy (`media:thumbnail`, an `<img src>`, a `srcset` entry) or an
  /// original (`media:content`, an enclosure, the link around an image or to a picture, an
  /// item link that is a picture, a JSON Feed image or attachment).
  public enum Kind: Sendable, Equatable { case thumbnail, inline, sourceSet, original }

  public var url: String
  public var width: Int?
  public var height: Int?
  public var kind: Kind

  public init(url: String, width: Int?, height: Int?, kind: Kind) {
    self.url = url
    // An address too long to be a picture's is refused by `isArt`; its size is not read.
    let encoded: (width: Int?, height: Int?) =
      width == nil && height == nil && url.utf8.count <= ItemArt.maxAddressBytes
      ? PictureAddressRules.size(of: url) : (nil, nil)
    self.width = width ?? encoded.width
    self.height = height ?? encoded.height
    self.kind = kind
  }

  /// How large the copy is, for choosing the full picture: its pixels when known (a side
  /// squared when only one is), an original of unknown size above every known size, any
  /// other copy of unknown size below.
  var fullScore: Int {
    let width = self.width.flatMap { $0 > 0 ? $0 : nil }
    let height = self.height.flatMap { $0 > 0 ? $0 : nil }
    switch (width, height) {
    case (let width?, let height?): return width * height
    case (let side?, nil), (nil, let side?): return side * side
    case (nil, nil): return kind == .original ? Int.max : 0
    }
  }
}

/// One picture of a post, with every copy the feed names of it.
public struct PostPicture: Sendable, Equatable {
  /// In the order they were found; never empty.
  public var copies: [PictureCopy]
  /// Its alt text: the `media:description` inside its `media:content`, an `<img alt>`, a JSON
  /// Feed attachment's title.
  public var alt: String?

  /// The copy for a box of `width` x `height` px: among the picture's `media:thumbnail`s
  /// when it has any (Media RSS names them as its representative small copies), else among
  /// all its copies, the one closest in scale (`ThumbnailChooser`); when none has a size, a
  /// small copy before an original.
  public func copy(fitting width: Int, _ height: Int) -> PictureCopy {
    let thumbnails = copies.filter { $0.kind == .thumbnail }
    let ordered =
      !thumbnails.isEmpty
      ? thumbnails
      : copies.filter { $0.kind != .original } + copies.filter { $0.kind == .original }
    let index = ThumbnailChooser.bestIndex(
      of: ordered.map { ($0.width, $0.height) }, targetWidth: width, targetHeight: height)
    return ordered[index ?? 0]
  }

  /// The largest copy (`PictureCopy.fullScore`); the first of equals.
  public var full: PictureCopy {
    var best = copies[0]
    for copy in copies.dropFirst() where copy.fullScore > best.fullScore { best = copy }
    return best
  }
}

/// The one rule for an item's pictures, across every shape feeds give them in.
///
/// Gathered from Media RSS (`media:content` with the `media:thumbnail`s inside it, item and
/// group thumbnails), enclosures, every `<img>` of the summary (its `srcset` and the
/// `<a href>` around it), links to a picture, an item link that is a picture, and JSON Feed
/// images (read as `media:content`). Copies of one picture share a key
/// (`PictureAddressRules.key`) and are one picture; what is never the art (avatars, emoji,
/// tracking pixels, icons: by the markup, the declared or encoded size, the address, or
/// being named by a credit) is left out. Item thumbnails that match no picture belong to the
/// first; links to a picture that match none are the original of the first picture that has
/// no original, else pictures of their own.
public enum ItemArt {
  /// The most pictures one post shows.
  public static let maxPictures = 64
  /// The most candidates read from each of an item's lists (contents, thumbnails, images of
  /// the text): a hostile item's ten thousand thumbnails cost what 64 do.
  static let maxCandidates = 64
  /// Longer addresses are no picture's (real ones, tokens included, stay under 2 KB).
  static let maxAddressBytes = 8192

  /// The item's pictures in post order; empty when it has none.
  public static func pictures(of item: FeedItem) -> [PostPicture] {
    var gathering = Gathering(item)
    gathering.gather(item)
    return gathering.pictures
  }

  /// The first picture's copy for the row's box (96 x 96 px unless said).
  public static func rowCopy(of item: FeedItem, width: Int = 96, height: Int = 96)
    -> PictureCopy?
  {
    pictures(of: item).first?.copy(fitting: width, height)
  }

  /// True when the item has a picture: checked cheaply in the order a picture is usually
  /// found, and by the whole rule only when the first candidates are no art.
  public static func hasPicture(_ item: FeedItem) -> Bool {
    if let thumbnail = item.thumbnails.first, thumbnail.content == nil, !thumbnail.url.isEmpty,
      thumbnail.url.utf8.count <= maxAddressBytes,
      !PictureAddressRules.isIconSized(width: thumbnail.width, height: thumbnail.height),
      !PictureAddressRules.isNotArt(
        thumbnail.url, readingSize: thumbnail.width == nil && thumbnail.height == nil)
    {
      return true
    }
    if item.thumbnails.isEmpty, item.contents.isEmpty, item.enclosures.isEmpty,
      item.inlineImages.isEmpty, item.pictureLinks.isEmpty,
      !(item.link.map(PictureAddress.looksLikePicture) ?? false)
    {
      return false
    }
    return !pictures(of: item).isEmpty
  }

  /// A `media:content` that is a still image: `medium="image"`, an `image/` type, or, with
  /// neither said, an address ending in a picture extension.
  public static func isImage(_ content: MediaContent) -> Bool {
    guard !content.url.isEmpty else { return false }
    // A video or sound is no still picture, whatever its medium says (Mastodon calls its
    // looping MP4s "image").
    if let type = content.type?.lowercased(), type.hasPrefix("video/") || type.hasPrefix("audio/") {
      return false
    }
    if let medium = content.medium?.lowercased() { return medium == "image" }
    if let type = content.type?.lowercased() { return type.hasPrefix("image/") }
    return PictureAddress.looksLikePicture(content.url)
  }

  static func isImage(_ enclosure: Enclosure) -> Bool {
    guard !enclosure.url.isEmpty else { return false }
    if let type = enclosure.type?.lowercased(), !type.isEmpty { return type.hasPrefix("image/") }
    return PictureAddress.looksLikePicture(enclosure.url)
  }

  /// Whether `text` holds `://` (a credit that names an address), read as bytes.
  static func holdsAddress(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { PictureAddressRules.loweredRange(of: "://", in: $0, 0..<$0.count) }
      != nil
  }

  /// The pictures being put together for one item. The item is handed to each step, not
  /// kept: a stored copy would retain each of its strings and lists.
  struct Gathering {
    private(set) var pictures: [PostPicture] = []
    /// Each picture's keys. Lists, not sets: a post has a few copies of a few pictures (at
    /// most 64 of each), and comparing a few strings costs less than hashing them.
    private var keys: [[String]] = []
    /// Addresses the credits name (DeviantArt's second credit is the artist's avatar).
    private let credited: [String]

    init(_ item: FeedItem) {
      credited = item.credits.prefix(ItemArt.maxCandidates).map(\.name).filter(
        ItemArt.holdsAddress)
    }

    mutating func gather(_ item: FeedItem) {
      var pictureOfContent: [Int: Int] = [:]
      let contents = item.contents
      let imageContents = contents.indices.prefix(ItemArt.maxCandidates)
        .filter { ItemArt.isImage(contents[$0]) }
      let imageEnclosures = item.enclosures.prefix(ItemArt.maxCandidates)
        .filter(ItemArt.isImage)
      // One picture named twice, as the item's one `media:content` and its one enclosure
      // under another address (Lemmy's content is its thumbnail of the enclosure): the
      // content is a small copy of the enclosure's picture.
      var contentAsThumbnail: Int?
      if imageContents.count == 1, imageEnclosures.count == 1,
        PictureAddressRules.key(of: item.contents[imageContents[0]].url)
          != PictureAddressRules.key(of: imageEnclosures[0].url),
        item.contents[imageContents[0]].width == nil
      {
        contentAsThumbnail = imageContents[0]
      }
      for enclosure in imageEnclosures where contentAsThumbnail != nil {
        place(
          PictureCopy(url: enclosure.url, width: nil, height: nil, kind: .original), alt: nil,
          mayStartPicture: true)
      }
      for index in imageContents where index != contentAsThumbnail {
        let content = item.contents[index]
        let copy = PictureCopy(
          url: content.url, width: content.width, height: content.height, kind: .original)
        if let picture = place(copy, alt: content.alt, mayStartPicture: true) {
          pictureOfContent[index] = picture
        }
      }
      for enclosure in imageEnclosures where contentAsThumbnail == nil {
        place(
          PictureCopy(url: enclosure.url, width: nil, height: nil, kind: .original), alt: nil,
          mayStartPicture: true)
      }
      // Feeds that name their pictures in Media RSS or enclosures also show, in the text,
      // small images that link to other posts (DeviantArt's thumbnails of other works):
      // those are links, not this post's pictures.
      let namesPictures = !pictures.isEmpty
      for image in item.inlineImages.prefix(ItemArt.maxCandidates) where !image.isDecoration {
        placeInline(image, of: item, linkCardsAreOtherPosts: namesPictures)
      }
      var looseOriginals: [PictureCopy] = []
      let links =
        item.pictureLinks + [item.link].compactMap { $0 }.filter(PictureAddress.looksLikePicture)
      for link in links {
        let copy = PictureCopy(url: link, width: nil, height: nil, kind: .original)
        if place(copy, alt: nil, mayStartPicture: false) == nil, isArt(copy),
          !looseOriginals.contains(where: { $0.url == link })
        {
          looseOriginals.append(copy)
        }
      }
      var looseThumbnails: [PictureCopy] = []
      if let index = contentAsThumbnail {
        let content = item.contents[index]
        let copy = PictureCopy(
          url: content.url, width: content.width, height: content.height, kind: .thumbnail)
        if isArt(copy) {
          if pictures.isEmpty { start(copy, alt: content.alt) } else { add(copy, to: 0) }
        }
      }
      for thumbnail in item.thumbnails.prefix(ItemArt.maxCandidates) where !thumbnail.url.isEmpty {
        let copy = PictureCopy(
          url: thumbnail.url, width: thumbnail.width, height: thumbnail.height, kind: .thumbnail)
        guard isArt(copy) else { continue }
        // In document order: where sizes tie, the feed's first thumbnail is the row's.
        if let content = thumbnail.content, let picture = pictureOfContent[content] {
          add(copy, to: picture)
        } else if place(copy, alt: nil, mayStartPicture: false, isKnownArt: true) == nil {
          if pictures.isEmpty { looseThumbnails.append(copy) } else { add(copy, to: 0) }
        }
      }
      if !looseThumbnails.isEmpty {
        if pictures.isEmpty {
          // A video's still: the video's alt text is the still's.
          let video = item.thumbnails.first { $0.url == looseThumbnails[0].url }?.content
            .map { contents[$0] }
          start(looseThumbnails[0], alt: video?.alt ?? video?.title)
          for copy in looseThumbnails.dropFirst() { add(copy, to: 0) }
        } else {
          for copy in looseThumbnails { add(copy, to: 0) }
        }
      }
      for (content, picture) in pictureOfContent where pictures[picture].alt == nil {
        pictures[picture].alt = item.contents[content].title
      }
      for copy in looseOriginals {
        if let bare = pictures.firstIndex(where: { !$0.copies.contains { $0.kind == .original } }) {
          add(copy, to: bare)
        } else if pictures.count < ItemArt.maxPictures {
          start(copy, alt: nil)
        }
      }
    }

    /// An `<img>` and the larger copies it names, as one picture.
    private mutating func placeInline(
      _ image: InlineImage, of item: FeedItem, linkCardsAreOtherPosts: Bool
    ) {
      var copies = [
        PictureCopy(url: image.url, width: image.width, height: image.height, kind: .inline)
      ]
      // A srcset entry names its width; its height follows the image's shape, as declared
      // or as its address says.
      let shape = copies[0].width.flatMap { width in copies[0].height.map { (width, $0) } }
      copies += image.sources.map { source in
        var height: Int?
        if let width = source.width, let (shapeWidth, shapeHeight) = shape, shapeWidth > 0 {
          height = width * shapeHeight / shapeWidth
        }
        return PictureCopy(url: source.url, width: source.width, height: height, kind: .sourceSet)
      }
      if let link = image.link,
        PictureAddress.looksLikePicture(link)
          || PictureAddressRules.key(of: link) == PictureAddressRules.key(of: image.url)
      {
        copies.append(PictureCopy(url: link, width: nil, height: nil, kind: .original))
      }
      copies = copies.filter(isArt)
      guard !copies.isEmpty else { return }
      var picture: Int?
      for copy in copies where picture == nil {
        picture = matching(PictureAddressRules.key(of: copy.url))
      }
      // An image that shows one of the item's own thumbnails (DeviantArt's description shows
      // its third) is that picture: the item's first.
      let thumbnails = item.thumbnails
      if picture == nil, !pictures.isEmpty,
        copies.contains(where: { copy in
          thumbnails.contains { $0.content == nil && $0.url == copy.url }
        })
      {
        picture = 0
      }
      if let picture {
        for copy in copies { add(copy, to: picture) }
        if pictures[picture].alt == nil { pictures[picture].alt = image.alt }
      } else if linkCardsAreOtherPosts, let link = image.link,
        !PictureAddress.looksLikePicture(link)
      {
        return
      } else if pictures.count < ItemArt.maxPictures {
        start(copies[0], alt: image.alt)
        for copy in copies.dropFirst() { add(copy, to: pictures.count - 1) }
      }
    }

    /// Adds `copy` to the picture whose key it shares, else (when allowed) starts one.
    /// Returns the picture's index, nil when the copy was not placed. `isKnownArt`: the
    /// caller has asked `isArt` already.
    @discardableResult
    private mutating func place(
      _ copy: PictureCopy, alt: String?, mayStartPicture: Bool, isKnownArt: Bool = false
    ) -> Int? {
      guard isKnownArt || isArt(copy) else { return nil }
      let key = PictureAddressRules.key(of: copy.url)
      if let picture = matching(key) {
        add(copy, to: picture, key: key)
        if pictures[picture].alt == nil { pictures[picture].alt = alt }
        return picture
      }
      guard mayStartPicture, pictures.count < ItemArt.maxPictures else { return nil }
      start(copy, alt: alt, key: key)
      return pictures.count - 1
    }

    private func matching(_ key: String) -> Int? {
      keys.firstIndex { $0.contains(key) }
    }

    /// `key`, when given, is `PictureAddressRules.key(of: copy.url)` already made.
    private mutating func start(_ copy: PictureCopy, alt: String?, key: String? = nil) {
      pictures.append(PostPicture(copies: [copy], alt: alt))
      keys.append([key ?? PictureAddressRules.key(of: copy.url)])
    }

    private mutating func add(_ copy: PictureCopy, to picture: Int, key: String? = nil) {
      if let same = pictures[picture].copies.firstIndex(where: { $0.url == copy.url }) {
        // One address named twice (a `media:content` that is also the `media:thumbnail`):
        // one copy, with what both say of it.
        var known = pictures[picture].copies[same]
        known.width = known.width ?? copy.width
        known.height = known.height ?? copy.height
        if copy.kind == .thumbnail, known.kind != .thumbnail {
          // Now a thumbnail, in the thumbnails' document order (ties go to the first).
          known.kind = .thumbnail
          pictures[picture].copies.remove(at: same)
          pictures[picture].copies.append(known)
        } else {
          pictures[picture].copies[same] = known
        }
        return
      }
      pictures[picture].copies.append(copy)
      let key = key ?? PictureAddressRules.key(of: copy.url)
      if !keys[picture].contains(key) { keys[picture].append(key) }
    }

    private func isArt(_ copy: PictureCopy) -> Bool {
      !copy.url.isEmpty && copy.url.utf8.count <= ItemArt.maxAddressBytes
        && !credited.contains(copy.url)
        && !PictureAddressRules.isIconSized(width: copy.width, height: copy.height)
        // The copy's size is the declared one, else the address's (read when it was made):
        // the address is asked only for its markers, as `hasPicture` asks it.
        && !PictureAddressRules.isNotArt(copy.url, readingSize: false)
    }
  }
}
