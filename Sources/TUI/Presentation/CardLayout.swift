import TextLayout

/// The cells of one gallery card at a given width: the picture's box, then the title (at most
/// two lines) and the artist (one line) under it. Pure, like `RowLayout`: the width is passed
/// in, and measuring and drawing use the same function.
///
/// Top to bottom: one blank line, the box (the list's thumbnail box, centred, shrunk only on
/// a card narrower than the box), the title wrapped to two lines (cut with "…"), "by ARTIST"
/// cut to one line (no line when the item names no artist). The next grid row's blank line
/// is the space between cards; a grid row is as tall as its tallest card. The text starts
/// two columns in: the unread and starred marks go in the gutter left of it, one per text
/// line, as on the list's rows.
public struct CardLayout: Sendable, Equatable {
  /// Card width in columns, as passed in (negative widths count as 0).
  public var width: Int
  /// Lines from the top padding to the last text line, both included.
  public var height: Int
  /// The picture's box, card-relative.
  public var box: BoxRect
  /// Title lines, then the artist line, card-relative.
  public var lines: [PlacedLine]
  /// The column of the marks, left of the text; nil on a card too narrow for a gutter.
  public var markX: Int?

  /// The most title lines a card shows.
  public static let titleLines = 2

  /// Lays out a card: the title and artist sanitized as a row's are.
  public static func make(
    title: String?, artist: String?, width: Int, metrics: RowMetrics = .standard
  ) -> CardLayout {
    let width = max(0, width)
    let (textX, textWidth) = textColumn(width)
    let box = box(width: width, metrics: metrics)
    let text = RowText(
      title: title, byline: artist.map { "by " + $0 }, subtitle: nil,
      titleLimit: metrics.titleLimit, subtitleLimit: 0)
    var lines: [PlacedLine] = []
    var y = box.maxY
    for line in titleLines(text.title, width: textWidth) {
      lines.append(
        PlacedLine(
          x: textX, y: y, text: line, width: DisplayWidth.of(line), style: .title))
      y += 1
    }
    if let byline = text.byline, textWidth > 0 {
      let cut = Truncation.truncated(byline, toWidth: textWidth)
      lines.append(
        PlacedLine(x: textX, y: y, text: cut, width: DisplayWidth.of(cut), style: .byline))
      y += 1
    }
    return CardLayout(
      width: width, height: y, box: box, lines: lines, markX: textX >= 2 ? textX - 2 : nil)
  }

  /// `make(...).height`, without building the lines' strings.
  public static func height(
    title: String?, artist: String?, width: Int, metrics: RowMetrics = .standard
  ) -> Int {
    let width = max(0, width)
    let textWidth = textColumn(width).width
    let text = RowText(
      title: title, byline: artist.map { "by " + $0 }, subtitle: nil,
      titleLimit: metrics.titleLimit, subtitleLimit: 0)
    var lines = 0
    if textWidth > 0 {
      lines = min(titleLines, LineWrapper.lineCount(text.title, width: textWidth))
      if text.byline != nil { lines += 1 }
    }
    return box(width: width, metrics: metrics).maxY + lines
  }

  /// The first guess for a card's height before it is measured: a two-line title and an
  /// artist under the box.
  public static func estimatedHeight(metrics: RowMetrics) -> Int {
    1 + metrics.thumbnailRows + 3
  }

  /// The picture's box in a card `width` columns wide: the list's thumbnail box (so one
  /// converted picture serves the list and the gallery), centred below the top padding;
  /// narrower, its shape kept, when the card cannot hold it with a column on each side.
  static func box(width: Int, metrics: RowMetrics) -> BoxRect {
    var columns = metrics.thumbnailColumns
    var rows = metrics.thumbnailRows
    if width < columns + 2 {
      columns = max(1, width - 2)
      rows = max(
        1,
        (columns * metrics.thumbnailRows + metrics.thumbnailColumns / 2)
          / max(1, metrics.thumbnailColumns))
    }
    return BoxRect(x: max(0, (width - columns) / 2), y: 1, width: columns, height: rows)
  }

  /// Where the text goes: two columns in (the marks' gutter) on a card of 5 columns or more.
  static func textColumn(_ width: Int) -> (x: Int, width: Int) {
    width >= 5 ? (2, width - 2) : (0, width)
  }

  /// The title on at most `titleLines` lines; a longer title ends its last line with "…".
  static func titleLines(_ title: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    let wrapped = LineWrapper.wrap(title, width: width).map(\.text)
    guard wrapped.count > titleLines else { return wrapped }
    var kept = Array(wrapped.prefix(titleLines))
    let last = Truncation.truncated(kept[titleLines - 1], toWidth: max(1, width - 1))
    kept[titleLines - 1] = last.hasSuffix(Truncation.ellipsis) ? last : last + Truncation.ellipsis
    return kept
  }
}

/// How a gallery lays its cards across the list area: as many columns of cards as fit,
/// cards at least the thumbnail box plus four columns wide, one column between cards and
/// one at the left; the room left over widens every card.
public struct GalleryColumns: Sendable, Equatable {
  /// Cards per grid row (at least 1).
  public var count: Int
  /// Width of each card in columns.
  public var cardWidth: Int

  /// The columns of a list area `width` columns wide (the scrollbar's column excluded).
  public init(width: Int, metrics: RowMetrics) {
    let least = metrics.thumbnailColumns + 4
    let room = max(0, width - 1)
    count = max(1, room / (least + 1))
    cardWidth = max(1, room / count - 1)
  }

  /// The left column of the card in column `index`.
  public func x(ofColumn index: Int) -> Int { 1 + index * (cardWidth + 1) }
}
