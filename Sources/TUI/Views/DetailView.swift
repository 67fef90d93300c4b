import FeedCore
import Foundation
import Pictures
import TextLayout

/// The detail view of one item: the article view (text only) or, when the item has a
/// picture, the media view: the title on top, then the picture as large as the screen allows
/// (across the text column, and as tall as the screen less the title line above it, and a
/// blank line and the byline below), then the rest of the heading and the text.
///
/// Built for a width and a height; the reading position is kept as (block, characters of the
/// block before the line) so a re-wrap at another width shows the same passage at the top.
public struct DetailView: Sendable {
  /// One laid-out line of the detail text.
  public struct Line: Sendable, Equatable {
    public var x: Int
    public var text: String
    public var style: Style
    /// Which block of the item the line belongs to, for keeping the place across re-wraps.
    public var block: Int
    /// Non-space characters of the block before this line (-1 for the blank line that opens
    /// a block): the same text keeps the same number at any width.
    public var offset: Int = -1
  }

  public let item: FeedItem
  public let width: Int
  /// The reader's time zone, for the item's date.
  public let timeZone: TimeZone
  /// The lines the view may use on screen; the picture box is sized from them.
  public let height: Int
  /// Which of the item's pictures (`ItemPresentation.pictures`) the box shows.
  public let pictureIndex: Int
  public private(set) var lines: [Line] = []
  /// The picture box (media view only), at the top left of the content.
  public private(set) var box: BoxRect?

  /// Lays out the item at a size, showing picture `picture` (clamped to the item's), with its
  /// date in `timeZone`. The media view needs `RowMetrics.thumbnailColumns` columns between the
  /// margins; otherwise the view is the article view.
  public init(
    item: FeedItem, width: Int, height: Int = 0, picture: Int = 0, timeZone: TimeZone
  ) {
    self.item = item
    self.width = max(0, width)
    self.height = max(0, height)
    self.timeZone = timeZone
    let count = ItemPresentation.pictures(of: item).count
    self.pictureIndex = min(max(0, picture), max(0, count - 1))
    layout()
  }

  /// The picture the box shows, if the item has one.
  public var picture: ItemPresentation.PictureSource? {
    let pictures = ItemPresentation.pictures(of: item)
    return pictures.indices.contains(pictureIndex) ? pictures[pictureIndex] : nil
  }

  /// How many pictures the item has (`[` and `]` page through them).
  public var pictureCount: Int { ItemPresentation.pictures(of: item).count }

  /// The line showing a place in the text, found again after a re-wrap: the last line of the
  /// block that starts at or before `offset` (its first line for an offset before the text).
  public func line(atBlock block: Int, offset: Int) -> Int {
    guard let start = lines.firstIndex(where: { $0.block >= block }) else {
      return max(0, lines.count - 1)
    }
    var index = start
    while index + 1 < lines.count, lines[index + 1].block == lines[start].block,
      lines[index + 1].offset <= offset
    {
      index += 1
    }
    return index
  }

  /// The place a line shows, the inverse of `line(atBlock:offset:)`.
  public func position(ofLine index: Int) -> (block: Int, offset: Int) {
    guard lines.indices.contains(index) else { return (0, -1) }
    return (lines[index].block, lines[index].offset)
  }

  // MARK: - Layout

  /// The picture box the view of `item` at `width` x `height` showing picture `picture` has
  /// (nil: the article view), without laying out its text: the picture loader reads ahead
  /// with it, so it must be the very box `init` makes (its size; `init` puts it under the
  /// title, however many lines that wraps to, where this says line 1).
  public static func pictureBox(
    of item: FeedItem, width: Int, height: Int, picture: Int = 0
  ) -> BoxRect? {
    let width = max(0, width)
    let metrics = RowMetrics.standard
    let margin = width >= 8 ? metrics.horizontalMargin : 0
    guard ItemPresentation.hasPicture(item), width - 2 * margin >= metrics.thumbnailColumns
    else { return nil }
    let pictures = ItemPresentation.pictures(of: item)
    let index = min(max(0, picture), max(0, pictures.count - 1))
    let size = pictureBox(
      columns: width - 2 * margin, height: max(0, height),
      picture: pictures.indices.contains(index) ? pictures[index] : nil, metrics: metrics)
    return BoxRect(x: margin, y: 1, width: size.columns, height: size.rows)
  }

  private mutating func layout() {
    let metrics = RowMetrics.standard
    let margin = width >= 8 ? metrics.horizontalMargin : 0
    let textWidth = max(1, width - 2 * margin)
    box = Self.pictureBox(of: item, width: width, height: height, picture: pictureIndex)
    var block = 0
    func add(_ text: String, _ style: Style, into target: inout [Line], x: Int, width: Int) {
      var offset = 0
      for wrapped in LineWrapper.wrap(Sanitizer.clean(text), width: width) {
        target.append(Line(x: x, text: wrapped.text, style: style, block: block, offset: offset))
        offset += wrapped.text.reduce(0) { $0 + ($1.isWhitespace ? 0 : 1) }
      }
      block += 1
    }
    lines = []
    // The title first, on the view's first line: what the item is, before its picture.
    add(Self.title(of: item), .title, into: &lines, x: margin, width: textWidth)
    if var placed = box {
      // The box's lines belong to the title's block, after it: a reading place at the top
      // stays at the top when the box changes height.
      placed.y = lines.count
      box = placed
      for _ in 0..<placed.height {
        lines.append(Line(x: 0, text: "", style: .normal, block: 0, offset: .max))
      }
      lines.append(Line(x: 0, text: "", style: .normal, block: block))
    }
    for field in headerFields() {
      add(field, Style(.accent), into: &lines, x: margin, width: textWidth)
    }
    if let alt = picture?.alt, !alt.allSatisfy(\.isWhitespace) {
      // The shown picture's alt text: the picture's words, not the post's.
      lines.append(Line(x: 0, text: "", style: .normal, block: block))
      add("Alt: " + alt, Style(.normal, dim: true), into: &lines, x: margin, width: textWidth)
    }
    for paragraph in bodyParagraphs() {
      lines.append(Line(x: 0, text: "", style: .normal, block: block))
      add(paragraph.text, paragraph.style, into: &lines, x: margin, width: textWidth)
    }
  }

  /// The picture box in `columns` at most: as tall as the view's height allows (less the
  /// title line above it and the blank line and byline below; at least the list's box), and,
  /// when the feed gives the picture's size, no larger than its shape needs (cells taken as
  /// `RowMetrics`' 8 x 16 px).
  static func pictureBox(
    columns: Int, height: Int, picture: ItemPresentation.PictureSource?, metrics: RowMetrics
  ) -> (columns: Int, rows: Int) {
    let tallest =
      height > 0
      ? max(metrics.thumbnailRows, height - 3)
      : metrics.thumbnailRows * metrics.itemViewScale
    guard let picture, let w = picture.width, let h = picture.height, w > 0, h > 0 else {
      return (columns, tallest)
    }
    let fitted = CellConverter.fit(
      width: w, height: h, columns: columns, rows: tallest,
      cellAspect: Double(metrics.cellPixelWidth) / Double(metrics.cellPixelHeight))
    // The box keeps the full width (the picture is centred in it); only rows are saved.
    return (columns, max(min(tallest, metrics.thumbnailRows), fitted.rows))
  }

  /// The list's title rule (`ItemPresentation`); `RowText.noTitle` when there is none.
  static func title(of item: FeedItem) -> String {
    let title = RowText.trimmed(Sanitizer.clean(ItemPresentation.title(of: item)))
    return title.isEmpty ? RowText.noTitle : title
  }

  private func headerFields() -> [String] {
    var fields: [String] = []
    if let author = item.author, !author.isEmpty { fields.append("by \(author)") }
    if let date = item.published { fields.append(DateText.full(date, timeZone: timeZone)) }
    if let rating = item.rating, rating.lowercased() == "adult" { fields.append("Rated: adult") }
    return fields
  }

  private func bodyParagraphs() -> [(text: String, style: Style)] {
    var paragraphs: [(String, Style)] = []
    var tags = item.categories
    for keyword in item.mediaKeywords where !tags.contains(keyword) { tags.append(keyword) }
    if !tags.isEmpty {
      paragraphs.append(("Tags: " + tags.joined(separator: ", "), Style(.accent, dim: true)))
    }
    var seen = Set<String>()
    let alts = Set(item.contents.compactMap(\.alt))
    for text in [item.mediaDescription, item.summary, item.mediaText] {
      guard let text, !text.isEmpty, !alts.contains(text) else { continue }
      let key = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      guard seen.insert(key).inserted else { continue }
      for paragraph in ItemPresentation.markingMore(text).components(separatedBy: "\n\n")
      where !paragraph.isEmpty {
        paragraphs.append((paragraph, .normal))
      }
    }
    if let copyright = item.copyright, !copyright.isEmpty {
      let lower = copyright.lowercased()
      let text = lower.contains("©") || lower.contains("copyright") ? copyright : "© " + copyright
      paragraphs.append((text, Style(.normal, dim: true)))
    }
    if let link = item.link, !link.isEmpty {
      paragraphs.append((link, Style(.accent, underline: true)))
    }
    return paragraphs
  }

  /// "2014-05-28 00:52": the full date in local time (the list shows the short form).
}
