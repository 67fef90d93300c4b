import TextLayout

/// The cells of one list row at a given width: where each text line and the thumbnail box
/// go, and how tall the row is. Pure: the width is passed in, nothing is drawn.
///
/// Basic row (no thumbnail), top to bottom: `topPadding` blank lines, the title wrapped with
/// no line limit, the byline (artist and date) on one line cut with "…", the subtitle wrapped
/// with no line limit, `bottomPadding` blank lines, the separator. Text sits between margins
/// of `horizontalMargin` columns.
///
/// Image row: the thumbnail box at the left margin below the top padding, a gap, then the
/// text column. The row is as tall as the taller of box and text: text may make it taller,
/// the box is never clipped. On a narrow row the box shrinks first
/// (`RowMetrics.thumbnailBox(forWidth:)`); when even the smallest box would leave the text
/// fewer than `minimumTextColumns`, the row falls back to the basic layout.
///
/// Narrow rows: margins shrink on rows of 1...4 columns so at least one text column remains.
/// A row 0 columns wide has no text lines: just padding and separator (height 3).
///
/// Marks (unread, starred) go in the row's left margin, one per text line from the first,
/// left of the text of a basic row and left of the box of an image row (a blank between:
/// a mark touches neither the picture nor the title), so they never change what wraps where:
/// a row is as tall marked as not, and every row's marks are in one column.
public struct RowLayout: Sendable, Equatable {
  /// Which layout a row uses.
  public enum Kind: Sendable, Equatable {
    /// Text only.
    case basic
    /// Thumbnail box beside the text.
    case image
  }

  /// The effective kind: an image row too narrow for its text column is `.basic`.
  public var kind: Kind
  /// Row width in columns, as passed in (negative widths count as 0).
  public var width: Int
  /// Total lines, padding and separator included.
  public var height: Int
  /// Every text line, title lines first, with row-relative positions.
  public var lines: [PlacedLine]
  /// The thumbnail box (image rows only).
  public var thumbnailBox: BoxRect?
  /// The first separator line (the last line with the standard metrics).
  public var separatorY: Int
  /// The column of a row's marks, in its left margin; nil when there is no room for it
  /// (rows under 5 columns).
  public var markX: Int?

  /// Lays out a row: sanitizes the title (truncated to `metrics.titleLimit` clusters; nil or
  /// empty shows `RowText.noTitle`), the byline (nil or empty takes no line) and the subtitle
  /// (sanitized, truncated to `metrics.subtitleLimit` clusters, nil or empty takes no
  /// lines), then wraps them to the text column.
  public static func make(
    title: String?, byline: String? = nil, subtitle: String?, hasThumbnail: Bool, width: Int,
    metrics: RowMetrics = .standard
  ) -> RowLayout {
    let text = RowText(
      title: title, byline: byline, subtitle: subtitle, titleLimit: metrics.titleLimit,
      subtitleLimit: metrics.subtitleLimit)
    let columns = RowColumns(width: width, hasThumbnail: hasThumbnail, metrics: metrics)
    var lines: [PlacedLine] = []
    var y = metrics.topPadding
    func place(_ content: String, _ style: PlacedLine.Style) {
      for line in LineWrapper.wrap(content, width: columns.textWidth) {
        lines.append(
          PlacedLine(x: columns.textX, y: y, text: line.text, width: line.width, style: style))
        y += 1
      }
    }
    place(text.title, .title)
    if let byline = text.byline, columns.textWidth > 0 {
      let cut = Truncation.truncated(byline, toWidth: columns.textWidth)
      lines.append(
        PlacedLine(
          x: columns.textX, y: y, text: cut, width: DisplayWidth.of(cut), style: .byline))
      y += 1
    }
    if let subtitle = text.subtitle { place(subtitle, .subtitle) }
    let separatorY = columns.separatorY(textLines: lines.count, metrics: metrics)
    return RowLayout(
      kind: columns.kind, width: columns.width, height: separatorY + metrics.separatorHeight,
      lines: lines, thumbnailBox: columns.box, separatorY: separatorY,
      markX: columns.markX)
  }

  /// `make(...).height`, computed without building the lines' strings.
  public static func height(
    title: String?, byline: String? = nil, subtitle: String?, hasThumbnail: Bool, width: Int,
    metrics: RowMetrics = .standard
  ) -> Int {
    let text = RowText(
      title: title, byline: byline, subtitle: subtitle, titleLimit: metrics.titleLimit,
      subtitleLimit: metrics.subtitleLimit)
    let columns = RowColumns(width: width, hasThumbnail: hasThumbnail, metrics: metrics)
    var textLines = LineWrapper.lineCount(text.title, width: columns.textWidth)
    if text.byline != nil, columns.textWidth > 0 { textLines += 1 }
    if let subtitle = text.subtitle {
      textLines += LineWrapper.lineCount(subtitle, width: columns.textWidth)
    }
    return columns.separatorY(textLines: textLines, metrics: metrics) + metrics.separatorHeight
  }
}

/// The horizontal plan of a row: its kind, the text column and the box.
struct RowColumns {
  var width: Int
  var kind: RowLayout.Kind
  var textX: Int
  var textWidth: Int
  var box: BoxRect?

  init(width: Int, hasThumbnail: Bool, metrics: RowMetrics) {
    self.width = max(0, width)
    if hasThumbnail, let size = metrics.thumbnailBox(forWidth: self.width) {
      let margin = metrics.horizontalMargin
      kind = .image
      box = BoxRect(x: margin, y: metrics.topPadding, width: size.columns, height: size.rows)
      textX = margin + size.columns + metrics.thumbnailGap
      textWidth = self.width - textX - margin
    } else {
      let margin = metrics.margin(forWidth: self.width)
      kind = .basic
      box = nil
      textX = margin
      textWidth = max(0, self.width - 2 * margin)
    }
  }

  /// The column of the row's marks: two left of what the row starts with (its text, or its
  /// box), when there is room.
  var markX: Int? {
    let first = box?.x ?? textX
    return first >= 2 ? first - 2 : nil
  }

  /// The separator's line for a row with `textLines` lines of text.
  func separatorY(textLines: Int, metrics: RowMetrics) -> Int {
    metrics.topPadding + max(textLines, box?.height ?? 0) + metrics.bottomPadding
  }
}
