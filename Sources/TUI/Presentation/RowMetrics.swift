import Settings

/// Every number of the list's row layouts, in cells and lines, in one place.
///
/// These translate the seed app's constraints to a terminal: 1 line of padding above and
/// below the text, a 1-line separator, 2-column margins, a 12 x 6 thumbnail box (roughly
/// square with 8 x 16 px cells) with a 2-column gap before the text, and a subtitle of at
/// most 200 grapheme clusters.
public struct RowMetrics: Sendable, Equatable {
  /// Blank lines above the text (and the box).
  public var topPadding = 1
  /// Blank lines below the text (or the box, if taller).
  public var bottomPadding = 1
  /// Lines of the separator at the bottom of every row.
  public var separatorHeight = 1
  /// Columns left blank at the left and at the right of a row.
  public var horizontalMargin = 2
  /// Width of the thumbnail box, in columns.
  public var thumbnailColumns = 12
  /// Height of the thumbnail box, in lines.
  public var thumbnailRows = 6
  /// Columns between the box and the text.
  public var thumbnailGap = 2
  /// An image row needs at least this many text columns beside the box, else it falls back to
  /// the basic layout.
  public var minimumTextColumns = 10
  /// Text columns an image row keeps before its box gives way: on a narrow screen the picture
  /// shrinks first, down to `minimumThumbnailColumns`, and only then the text.
  public var comfortableTextColumns = 24
  /// The narrowest box a row shrinks its picture to.
  public var minimumThumbnailColumns = 6
  /// Grapheme clusters of subtitle shown before "...".
  public var subtitleLimit = 200
  /// Grapheme clusters of title shown in a row before "..." (the item view shows it all):
  /// a row stays a few lines tall, and costs the same, whatever a feed puts in a title.
  public var titleLimit = 300
  /// Assumed size of a terminal cell in pixels, to pick a thumbnail for the box: 8 x 16 px
  /// makes the 12 x 6 box 96 x 96 px.
  public var cellPixelWidth = 8
  public var cellPixelHeight = 16

  /// The item view draws the picture this many times larger than the row's box, in both
  /// directions (24 x 12 cells with the standard metrics)...
  public var itemViewScale = 2
  /// ...when the heading beside it keeps at least this many columns; else the row's size.
  public var itemViewMinimumHeadingColumns = 40

  /// The numbers above.
  public static let standard = RowMetrics()

  public init() {}

  /// The standard numbers with a thumbnail box of `columns` x `rows` (the settings' size).
  public init(thumbnailColumns columns: Int, rows: Int) {
    thumbnailColumns = max(1, columns)
    thumbnailRows = max(1, rows)
  }

  /// Size in pixels that the thumbnail box covers (96 x 96 with the standard metrics).
  public var thumbnailPixelSize: (width: Int, height: Int) {
    (thumbnailColumns * cellPixelWidth, thumbnailRows * cellPixelHeight)
  }

  /// The item view's picture box, in columns and lines, for a view `width` columns wide with
  /// `margin`-column margins: the larger box if the heading beside it stays readable.
  public func itemViewBox(width: Int, margin: Int) -> (columns: Int, rows: Int) {
    let large = (thumbnailColumns * itemViewScale, thumbnailRows * itemViewScale)
    let beside = width - 2 * margin - large.0 - thumbnailGap
    return beside >= itemViewMinimumHeadingColumns ? large : (thumbnailColumns, thumbnailRows)
  }

  /// Narrowest row that keeps the image layout, with the smallest box (22 columns with the
  /// standard metrics).
  public var minimumImageRowWidth: Int {
    2 * horizontalMargin + min(thumbnailColumns, minimumThumbnailColumns) + thumbnailGap
      + minimumTextColumns
  }

  /// The thumbnail box of an image row `width` columns wide, or nil when the row is too
  /// narrow for one: the full box while the text keeps `comfortableTextColumns`, else a
  /// box shrunk (its shape kept) to leave the text that much, down to
  /// `minimumThumbnailColumns`; the text alone shrinks after that, to `minimumTextColumns`.
  public func thumbnailBox(forWidth width: Int) -> (columns: Int, rows: Int)? {
    guard width >= minimumImageRowWidth else { return nil }
    let room = width - 2 * horizontalMargin - thumbnailGap - comfortableTextColumns
    let smallest = min(thumbnailColumns, minimumThumbnailColumns)
    let columns = min(thumbnailColumns, max(smallest, room))
    guard columns < thumbnailColumns else { return (thumbnailColumns, thumbnailRows) }
    let rows = max(1, (columns * thumbnailRows + thumbnailColumns / 2) / thumbnailColumns)
    return (columns, rows)
  }

  /// The margin on each side of a row `width` columns wide: `horizontalMargin`, shrunk on
  /// very narrow rows (1...4 columns) so that at least one text column remains.
  public func margin(forWidth width: Int) -> Int {
    min(horizontalMargin, max(0, (width - 1) / 2))
  }
}

extension Settings {
  /// The list rows' numbers with the settings' thumbnail size.
  public var rowMetrics: RowMetrics {
    RowMetrics(thumbnailColumns: thumbnail.columns, rows: thumbnail.rows)
  }
}
