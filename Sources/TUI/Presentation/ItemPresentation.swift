import FeedCore
import FeedModel
import Foundation

/// The one rule for how an item is presented, wherever it appears (list rows, the item view):
/// its title, byline, subtitle, identity and picture.
public enum ItemPresentation {
  /// The title as written: `title`, else `media:title`; nil when both are blank (the views
  /// show "[No Title]").
  public static func title(of item: FeedItem) -> String? {
    for text in [item.title, item.mediaTitle] {
      if let text, !isBlank(text) { return text }
    }
    return nil
  }

  /// The subtitle as in the seed app: media:text, else media:description, else the summary,
  /// with a trailing "more" link marked (`markingMore`).
  public static func subtitle(of item: FeedItem) -> String? {
    for text in [item.mediaText, item.mediaDescription, item.summary] {
      if let text, !isBlank(text) { return markingMore(text) }
    }
    return nil
  }

  /// Words feeds end a description with as a link to the rest ("more", "Read more",
  /// "Continue reading", "more…"), lower case.
  static let moreWords = ["more", "read more", "continue reading", "more…", "more...", "(more)"]

  /// `text` with a trailing "more" link written `[more]`: the link's text came out of the
  /// HTML as a plain word, which without colour read as part of the sentence ("...in the
  /// corner. more"). Only after the end of a sentence (or a line), so "I want more" stays.
  ///
  /// Only the end of the text is read (and the whole only copied, to return it marked): rows
  /// are measured and drawn from this, and a description can be megabytes (lower-casing and
  /// trimming all of one, for each row measured or drawn, stalls the browser: docs/adr/0149).
  public static func markingMore(_ text: String) -> String {
    var end = text.endIndex
    while end > text.startIndex {
      let previous = text.index(before: end)
      guard text[previous].isWhitespace else { break }
      end = previous
    }
    let kept = text[..<end]
    let tail = String(kept.suffix(moreTail)).lowercased()
    for word in moreWords where tail.hasSuffix(word) {
      let body = kept.dropLast(word.count)
      guard let space = body.last, space.isWhitespace else { continue }
      let before = trimmed(body)
      guard let last = before.last, ".!?…:;\"”)]".contains(last) || space.isNewline else {
        continue
      }
      return before + " [more]"
    }
    return text
  }

  /// `text` without white space at either end; reads only that white space (Foundation's
  /// trimming reads all of the text, slowly: docs/adr/0149).
  static func trimmed(_ text: Substring) -> String {
    var start = text.startIndex
    var end = text.endIndex
    while start < end, text[start].isWhitespace { start = text.index(after: start) }
    while end > start {
      let previous = text.index(before: end)
      guard text[previous].isWhitespace else { break }
      end = previous
    }
    return String(text[start..<end])
  }

  /// Characters read at the end of a text for a more link: more than the longest word.
  static let moreTail = 24

  /// True when `text` is empty or only white space. ASCII is read a byte at a time (a title
  /// of 50 MB of spaces is one quick pass); other text by `Character.isWhitespace`.
  static func isBlank(_ text: String) -> Bool {
    for byte in text.utf8 {
      switch byte {
      case 0x09...0x0D, 0x20: continue
      case ..<0x80: return false
      default: return text.allSatisfy(\.isWhitespace)
      }
    }
    return true
  }

  /// "by NAME · DATE": the artist (the reader searches by artist) and the date in local time,
  /// relative when recent. Nil when the item has neither.
  public static func byline(of item: FeedItem, now: Date, timeZone: TimeZone = .current)
    -> String?
  {
    var parts: [String] = []
    if let author = item.author, !author.allSatisfy(\.isWhitespace) { parts.append("by " + author) }
    if let date = item.published {
      parts.append(DateText.short(date, now: now, timeZone: timeZone))
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// The identity used to compare items (FeedModel's rule).
  public static func identity(of item: FeedItem) -> ItemID { ItemID(item) }

  /// Where a row's picture comes from.
  public struct PictureSource: Sendable, Equatable {
    /// Which part of the item named it.
    public enum Origin: Sendable, Equatable { case thumbnail, content, description }
    /// The address (absolute once the loader read the list).
    public var url: String
    public var width: Int?
    public var height: Int?
    public var origin: Origin
  }

  /// The item's picture for the thumbnail box: the `media:thumbnail` that fits the box best;
  /// without one, the image `media:content` that fits best; then the first `<img>` of the
  /// description. Nil when the item has none: its row is a basic row.
  public static func picture(of item: FeedItem, metrics: RowMetrics = .standard)
    -> PictureSource?
  {
    let thumbnails = item.thumbnails.filter { !$0.url.isEmpty }
    if let index = ThumbnailChooser.bestIndex(
      of: thumbnails.map { ($0.width, $0.height) }, metrics: metrics)
    {
      let chosen = thumbnails[index]
      return PictureSource(
        url: chosen.url, width: chosen.width, height: chosen.height, origin: .thumbnail)
    }
    let images = item.contents.filter(isImage)
    if let index = ThumbnailChooser.bestIndex(
      of: images.map { ($0.width, $0.height) }, metrics: metrics)
    {
      let chosen = images[index]
      return PictureSource(
        url: chosen.url, width: chosen.width, height: chosen.height, origin: .content)
    }
    if let source = item.firstImage, !source.isEmpty {
      return PictureSource(url: source, width: nil, height: nil, origin: .description)
    }
    return nil
  }

  /// The pictures of the item view, in feed order: each image `media:content` (the full
  /// pictures) once; an item without one has its row's picture. `[` and `]` page through
  /// them.
  public static func pictures(of item: FeedItem) -> [PictureSource] {
    var seen = Set<String>()
    let contents = item.contents.filter { isImage($0) && seen.insert($0.url).inserted }
    if contents.isEmpty { return picture(of: item).map { [$0] } ?? [] }
    return contents.map {
      PictureSource(url: $0.url, width: $0.width, height: $0.height, origin: .content)
    }
  }

  /// True when the item gets an image row (it has a picture of some kind): FeedModel's rule,
  /// which the search indexes keep per item too.
  public static func hasPicture(_ item: FeedItem) -> Bool { ItemPicture.has(item) }

  static func isImage(_ content: MediaContent) -> Bool { ItemPicture.isImage(content) }
}
