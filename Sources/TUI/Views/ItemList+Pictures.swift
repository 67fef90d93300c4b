import FeedCore
import ListEngine
import Pictures

extension ItemList {
  /// The rows whose pictures the list wants, most wanted first: the rows on screen from the
  /// top, then as many rows below the screen, then as many above it ("within a screen of the
  /// viewport", counted in rows). Only rows drawn as image rows at the current width count.
  func pictureRows() -> [Int] {
    let visible = visibleRows.map(\.row)
    guard let first = visible.first, let last = visible.last else { return [] }
    let reach = max(1, visible.count)
    let below = (last + 1)..<min(count, last + 1 + reach)
    let above = max(0, first - reach)..<first
    let rows = visible + Array(below) + Array(above.reversed())
    guard thumbnailBox != nil else { return [] }
    return rows.filter { Self.kind(of: items[$0]) == .image }
  }

  /// The pictures the list wants, most wanted first, with their boxes' sizes: the rows'
  /// (`pictureRows`) or, in the gallery, the cards' on and near the screen.
  func wantedPictures() -> [(url: String, columns: Int, rows: Int)] {
    if let gallery {
      let box = gallery.box
      return gallery.pictureItems.compactMap { index in
        pictureURL(of: items[index]).map { ($0, box.width, box.height) }
      }
    }
    guard let box = thumbnailBox else { return [] }
    return pictureRows().compactMap { row in
      pictureURL(of: items[row]).map { ($0, box.columns, box.rows) }
    }
  }

  /// The size of the rows' thumbnail boxes at the list's width, nil when rows are too narrow
  /// for pictures.
  var thumbnailBox: (columns: Int, rows: Int)? {
    metrics.thumbnailBox(forWidth: viewport.width)
  }

  /// The address of the picture an item's row shows, if it has one (the thumbnail that fits
  /// the standard box best).
  static func pictureURL(of item: FeedItem) -> String? {
    ItemPresentation.picture(of: item)?.url
  }

  /// The address of the picture this list's rows show for an item: the thumbnail that fits
  /// the list's box best.
  func pictureURL(of item: FeedItem) -> String? {
    ItemPresentation.picture(of: item, metrics: metrics)?.url
  }
}
