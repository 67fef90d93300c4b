import FeedCore
import FeedModel
import Foundation
import ListEngine
import TextLayout

extension ItemList {
  /// Draws the visible rows into the list area (the buffer's width less the scrollbar column,
  /// from line `top` for the viewport's height) and the scrollbar in the last column.
  ///
  /// With `marks` (the reading state on), an unread row has a bold title and `●` left of
  /// it, a read row a plain title; a starred row has `★` left of its next line. Both show
  /// without colours. `endMarker`, when given, is drawn on the line after the last row's
  /// separator when that line is on screen: "— end of the feed —".
  func draw(
    into buffer: inout ScreenBuffer, top: Int, emptyMessage: String,
    pictures: PictureBoard = PictureBoard(), context: RenderContext, marks: MarkBook? = nil,
    endMarker: String? = nil
  ) {
    let height = viewport.height
    let area = top..<(top + height)
    guard !items.isEmpty else {
      for (index, line) in LineWrapper.wrap(emptyMessage, width: max(0, viewport.width - 4))
        .prefix(height).enumerated()
      {
        buffer.put(line.text, x: 2, y: top + 1 + index, style: Style(.accent))
      }
      return
    }
    if let gallery {
      drawCards(
        of: gallery, into: &buffer, top: top, pictures: pictures, context: context,
        marks: marks, endMarker: endMarker)
      return
    }
    for visible in visibleRows {
      drawRow(
        visible, into: &buffer, top: top, area: area, pictures: pictures, context: context,
        marks: rowMarks(visible.row, book: marks))
    }
    if let endMarker, let last = visibleRows.last, last.row == items.count - 1 {
      let y = top + last.y + last.height
      if area.contains(y), viewport.width > 4 {
        let text = Truncation.truncated("— \(endMarker) —", toWidth: viewport.width - 2)
        let x = max(0, (viewport.width - DisplayWidth.of(text)) / 2)
        buffer.put(text, x: x, y: y, style: Style(.subtitle, dim: true), limit: viewport.width)
      }
    }
    let thumb = viewport.scrollbar(trackHeight: height)
    Scrollbar.draw(x: viewport.width, top: top, height: height, thumb: thumb, into: &buffer)
  }

  /// The marks a row is drawn with: nil with the state off or not known yet (a title as
  /// before the state existed); read while an `A` on this list is on its way.
  func rowMarks(_ row: Int, book: MarkBook?) -> ItemMarks? {
    guard let book else { return nil }
    var marks = book.marks(of: items[row])
    if isMarkedRead { marks = ItemMarks(read: true, starred: marks?.starred ?? false) }
    return marks
  }

  private func drawRow(
    _ visible: VisibleRow, into buffer: inout ScreenBuffer, top: Int, area: Range<Int>,
    pictures: PictureBoard, context: RenderContext, marks: ItemMarks?
  ) {
    let item = items[visible.row]
    let layout = Self.layout(
      of: item, width: viewport.width, now: context.now, timeZone: context.timeZone,
      metrics: metrics)
    let rowTop = top + visible.y
    let isSelected = visible.row == selection
    func style(_ base: Style) -> Style { isSelected ? base.selected : base }
    if isSelected {
      for line in 0..<max(0, layout.separatorY) where area.contains(rowTop + line) {
        buffer.fill(x: 0, y: rowTop + line, width: viewport.width, height: 1, style: style(.normal))
      }
    }
    let isRead = marks?.read == true
    for placed in layout.lines where area.contains(rowTop + placed.y) {
      var base: Style = placed.style == .title ? .title : .subtitle
      if placed.style == .title, isRead { base.bold = false }
      buffer.put(
        placed.text, x: placed.x, y: rowTop + placed.y, style: style(base), limit: viewport.width)
    }
    if let marks, let x = layout.markX {
      let signs = (marks.read ? [] : ["●"]) + (marks.starred ? ["★"] : [])
      for (sign, placed) in zip(signs, layout.lines) where area.contains(rowTop + placed.y) {
        buffer.put(
          sign, x: x, y: rowTop + placed.y, style: style(Style(.accent, bold: true)),
          limit: viewport.width)
      }
    }
    if let box = layout.thumbnailBox {
      let rect = BoxRect(x: box.x, y: rowTop + box.y, width: box.width, height: box.height)
      let slot = pictureURL(of: item).map {
        pictures.slot(for: pictures.key(url: $0, columns: box.width, rows: box.height))
      }
      ThumbnailBox.draw(
        rect, item: item, slot: slot ?? .off, into: &buffer, style: style(.box), clip: area)
    }
    let separatorY = rowTop + layout.separatorY
    if area.contains(separatorY), viewport.width > 0 {
      buffer.put(
        String(repeating: "─", count: viewport.width), x: 0, y: separatorY,
        style: Style(.normal, dim: true), limit: viewport.width)
    }
  }
}
