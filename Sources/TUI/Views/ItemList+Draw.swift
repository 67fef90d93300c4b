import FeedCore
import Foundation
import ListEngine
import TextLayout

extension ItemList {
  /// Draws the visible rows into the list area (the buffer's width less the scrollbar column,
  /// from line `top` for the viewport's height) and the scrollbar in the last column.
  ///
  /// `endMarker`, when given, is drawn on the line after the last row's separator when that
  /// line is on screen: "— end of the feed —".
  func draw(
    into buffer: inout ScreenBuffer, top: Int, emptyMessage: String,
    pictures: PictureBoard = PictureBoard(), context: RenderContext, endMarker: String? = nil
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
    for visible in visibleRows {
      drawRow(visible, into: &buffer, top: top, area: area, pictures: pictures, context: context)
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

  private func drawRow(
    _ visible: VisibleRow, into buffer: inout ScreenBuffer, top: Int, area: Range<Int>,
    pictures: PictureBoard, context: RenderContext
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
    for placed in layout.lines where area.contains(rowTop + placed.y) {
      let base: Style = placed.style == .title ? .title : .subtitle
      buffer.put(
        placed.text, x: placed.x, y: rowTop + placed.y, style: style(base), limit: viewport.width)
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
