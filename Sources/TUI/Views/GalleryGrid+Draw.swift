import FeedCore
import FeedModel
import Foundation
import ListEngine
import TextLayout

extension ItemList {
  /// Draws the grid's cards on screen into the list area (from line `top`, the viewport's
  /// height), the end marker under the last grid row, and the scrollbar in the last column.
  ///
  /// A selected card is filled reversed, as a selected row is, so it shows without colours;
  /// marks are `●` (unread) and `★` (starred) left of the card's text lines, as on rows.
  func drawCards(
    of grid: GalleryGrid, into buffer: inout ScreenBuffer, top: Int, pictures: PictureBoard,
    context: RenderContext, marks: MarkBook?, endMarker: String?
  ) {
    let height = grid.viewport.height
    let width = grid.viewport.width
    let area = top..<(top + height)
    for visible in grid.viewport.visibleRows {
      for (column, item) in grid.items(ofRow: visible.row).enumerated() {
        let frame = BoxRect(
          x: grid.columns.x(ofColumn: column), y: top + visible.y,
          width: grid.columns.cardWidth, height: visible.height)
        drawCard(
          item, in: frame, into: &buffer, area: area, isSelected: item == grid.selectedItem,
          pictures: pictures, marks: rowMarks(item, book: marks))
      }
    }
    if let endMarker, let last = grid.viewport.visibleRows.last,
      last.row == grid.viewport.rowCount - 1
    {
      let y = top + last.y + last.height
      if area.contains(y), width > 4 {
        let text = Truncation.truncated("— \(endMarker) —", toWidth: width - 2)
        let x = max(0, (width - DisplayWidth.of(text)) / 2)
        buffer.put(text, x: x, y: y, style: Style(.subtitle, dim: true), limit: width)
      }
    }
    let thumb = grid.viewport.scrollbar(trackHeight: height)
    Scrollbar.draw(x: width, top: top, height: height, thumb: thumb, into: &buffer)
  }

  /// One card in `frame` (screen cells; its height is its grid row's), clipped to `area`.
  private func drawCard(
    _ index: Int, in frame: BoxRect, into buffer: inout ScreenBuffer, area: Range<Int>,
    isSelected: Bool,
    pictures: PictureBoard, marks: ItemMarks?
  ) {
    let item = items[index]
    let layout = CardLayout.make(
      title: ItemPresentation.title(of: item), artist: item.author, width: frame.width,
      metrics: metrics)
    func style(_ base: Style) -> Style { isSelected ? base.selected : base }
    if isSelected {
      for line in frame.y..<frame.maxY where area.contains(line) {
        buffer.fill(x: frame.x, y: line, width: frame.width, height: 1, style: style(.normal))
      }
    }
    let isRead = marks?.read == true
    for placed in layout.lines where area.contains(frame.y + placed.y) {
      var base: Style = placed.style == .title ? .title : .subtitle
      if placed.style == .title, isRead { base.bold = false }
      buffer.put(
        placed.text, x: frame.x + placed.x, y: frame.y + placed.y, style: style(base),
        limit: frame.maxX)
    }
    if let marks, let x = layout.markX {
      let signs = (marks.read ? [] : ["●"]) + (marks.starred ? ["★"] : [])
      for (sign, placed) in zip(signs, layout.lines) where area.contains(frame.y + placed.y) {
        buffer.put(
          sign, x: frame.x + x, y: frame.y + placed.y,
          style: style(Style(.accent, bold: true)), limit: frame.maxX)
      }
    }
    let box = BoxRect(
      x: frame.x + layout.box.x, y: frame.y + layout.box.y, width: layout.box.width,
      height: layout.box.height)
    let slot = pictureURL(of: item).map {
      pictures.slot(for: pictures.key(url: $0, columns: box.width, rows: box.height))
    }
    if slot == nil {
      ThumbnailBox.drawEmpty(box, into: &buffer, style: style(.box), clip: area)
    } else {
      ThumbnailBox.draw(
        box, item: item, slot: slot ?? .off, into: &buffer, style: style(.box), clip: area)
    }
  }
}
