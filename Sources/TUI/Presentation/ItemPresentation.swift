import FeedArt
import FeedCore
import FeedModel
import Foundation

/// The one rule for how an item is presented, wherever it appears (list rows, the item view):
/// its title, byline, subtitle, identity and picture.
public enum ItemPresentation {
  /// The title to show: as written (`title`, else `media:title`), else made from the post's
  /// own text (`ItemTitle`); never empty.
  public static func title(of item: FeedItem) -> String { ItemTitle.shown(item).text }

  /// The subtitle as in the seed app: media:text, else media:description, else the summary,
  /// with a trailing "more" link marked (`markingMore`). A `media:description` that is a
  /// picture's alt text is the picture's, not the post's.
  public static func subtitle(of item: FeedItem) -> String? {
    let alts = item.contents.isEmpty ? [] : Set(item.contents.compactMap(\.alt))
    let afterTitle = ItemTitle.textAfterDerivedTitle(item)
    for text in [item.mediaText, item.mediaDescription, item.summary] {
      guard let text, !isBlank(text), !alts.contains(text) else { continue }
      // A title made from the text's first sentence is not shown twice.
      if let afterTitle, afterTitle.text == text {
        return isBlank(afterTitle.rest) ? nil : markingMore(afterTitle.rest)
      }
      return markingMore(text)
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

  /// A picture of an item, as the views load it.
  public struct PictureSource: Sendable, Equatable {
    /// The address (absolute once the loader read the list).
    public var url: String
    public var width: Int?
    public var height: Int?
    /// The picture's alt text.
    public var alt: String?
  }

  /// The item's picture for the thumbnail box: the copy of its first picture that fits the
  /// box best (`ItemArt`). Nil when the item has none: its row is a basic row.
  public static func picture(of item: FeedItem, metrics: RowMetrics = .standard)
    -> PictureSource?
  {
    guard let first = ItemArt.pictures(of: item).first else { return nil }
    let box = metrics.thumbnailPixelSize
    let copy = first.copy(fitting: box.width, box.height)
    return PictureSource(url: copy.url, width: copy.width, height: copy.height, alt: first.alt)
  }

  /// The pictures of the item view, in post order, each its largest copy; `[` and `]` page
  /// through them.
  public static func pictures(of item: FeedItem) -> [PictureSource] {
    ItemArt.pictures(of: item).map {
      let full = $0.full
      return PictureSource(url: full.url, width: full.width, height: full.height, alt: $0.alt)
    }
  }

  /// True when the item gets an image row (it has a picture of some kind): FeedModel's rule,
  /// which the search indexes keep per item too.
  public static func hasPicture(_ item: FeedItem) -> Bool { ItemPicture.has(item) }
}
