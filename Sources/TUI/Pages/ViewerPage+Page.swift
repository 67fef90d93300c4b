import FeedCore
import FeedModel
import Foundation
import Pictures
import TextLayout

/// The picture viewer under the page contract: keys, the slideshow's delay, the pictures it
/// wants (the view shown, then the neighbours read ahead), and its draw.
extension ViewerPage: Page {
  mutating func handle(_ key: Key, context: PageContext) -> PageOutcome {
    // A slideshow stops at any key, back on the list at the item last shown.
    if slideshow != nil { return close() }
    let action = context.keys.action(for: key, inGallery: true).flatMap { Self.keyMap[$0] }
    guard let action else { return PageOutcome() }
    return handle(action, pictures: context.pictures)
  }

  mutating func handle(_ mouse: MouseEvent, context: PageContext) -> PageOutcome {
    if slideshow != nil { return close() }
    switch mouse.action {
    case .wheelUp: return handle(.zoom(1), pictures: context.pictures)
    case .wheelDown: return handle(.zoom(-1), pictures: context.pictures)
    case .click, .doubleClick: return PageOutcome()
    }
  }

  mutating func apply(_ event: PageEvent, context: PageContext) -> PageOutcome {
    guard context.isOnTop, case .work(.slideDue) = event else { return PageOutcome() }
    return advanceSlide()
  }

  var slideStep: Int? { slideshow?.step }

  func title(context: DrawContext) -> String {
    TitleBar.text(item.map { [TitleBar.Part(DetailView.title(of: $0), priority: 10)] } ?? [])
  }

  var visibleItems: [ItemKey] { item.map { [ItemKey($0)] } ?? [] }

  var visibleFeedItems: [FeedItem] { item.map { [$0] } ?? [] }

  /// The view shown; once it is made or the picture is decoded (its size known), the
  /// neighbours' fitted pictures (the next item's first, the previous item's, the post's next
  /// picture), so `n` `N` `]` show at once. A zoom or a pan only cuts a new view from the
  /// decoded picture: the neighbours stay wished for meanwhile, so no key cancels them.
  func wantedPictures(_ pictures: PictureBoard) -> [PictureCache.Key] {
    guard let shown = key(pictures) else { return [] }
    let isDecoded = shownURL(pictures).flatMap { pictures.size(of: $0) } != nil
    guard pictures.isReady(shown) || isDecoded else { return [shown] }
    var keys = [shown]
    if let next = Self.itemWithPicture(in: items, from: index + 1, step: 1) {
      keys += [fitKey(ofItem: next, pictures)].compactMap { $0 }
    }
    if slideshow == nil, let previous = Self.itemWithPicture(in: items, from: index - 1, step: -1) {
      keys += [fitKey(ofItem: previous, pictures)].compactMap { $0 }
    }
    if self.pictures.count > picture + 1, url != nil {
      var next = pictures.key(
        url: self.pictures[picture + 1].url, columns: box.width, rows: box.height)
      next.crop = .fit
      keys.append(next)
    }
    return keys
  }

  /// The view on screen plays when its picture moves, zoomed or not: each frame is cut as
  /// the view is.
  func motionPicture(_ pictures: PictureBoard) -> PictureCache.Key? { key(pictures) }

  func draw(into buffer: inout ScreenBuffer, context: DrawContext) {
    let board = context.pictures
    let box = self.box
    if let item, let shown = key(board) {
      drawPicture(item: item, key: shown, box: box, into: &buffer, board: board)
    }
    let position: String
    var hints: String
    if let item {
      var parts = ["\(index + 1)/\(items.count)"]
      if pictures.count > 1 { parts.append("picture \(picture + 1)/\(pictures.count)") }
      parts.append(
        view.label(
          picture: shownURL(board).flatMap(board.size(of:)), box: boxPixels(cell: board.cell)))
      position = parts.joined(separator: " · ")
      hints = Self.hints(context.keys, slideshow: slideshow != nil)
      let title = Sanitizer.clean(DetailView.title(of: item))
      hints = KeyBindings.join(Truncation.truncated(title, toWidth: 40), hints)
    } else {
      position = "no picture"
      hints = Self.hints(context.keys, slideshow: false)
    }
    StatusLine.draw(position: position, hints: hints, into: &buffer, context: context)
  }

  /// The view if it is made, else the view shown before the key (same picture), else a
  /// preview from any copy of the picture already made (`preview`), else the box saying it
  /// loads.
  private func drawPicture(
    item: FeedItem, key: PictureCache.Key, box: BoxRect, into buffer: inout ScreenBuffer,
    board: PictureBoard
  ) {
    let clip = box.y..<(box.y + box.height)
    for candidate in [key, previousKey].compactMap({ $0 }) {
      switch board.slot(for: candidate) {
      case .ready(let cells):
        PictureView.draw(cells, at: box, into: &buffer, clip: clip)
        return
      case .pixels(let picture, let made):
        buffer.place(picture, key: made, in: box, clip: clip)
        return
      case .failed(let reason) where candidate == key:
        ThumbnailBox.draw(box, item: item, slot: .failed(reason), into: &buffer, style: .box)
        return
      case .off:
        ThumbnailBox.draw(box, item: item, slot: .off, into: &buffer, style: .box)
        return
      default: continue
      }
    }
    if let cells = PicturePreview.cells(
      of: item, url: url, picture: picture, board: board, box: box)
    {
      PictureView.draw(cells, at: box, into: &buffer, clip: clip)
      return
    }
    ThumbnailBox.draw(box, item: item, slot: .loading, into: &buffer, style: .box)
  }

  /// The status line's hints in the viewer, with the keys in effect.
  static func hints(_ keys: KeyBindings, slideshow: Bool) -> String {
    if slideshow { return "Slideshow: any key stops" }
    return KeyBindings.join(
      keys.hint(.zoomIn, .zoomOut, says: "zoom"),
      keys.hint(.cardLeft, .down, .up, .cardRight, says: "pan"),
      keys.hint(.zoomActual, says: "1:1"),
      keys.hint(.zoomFit, says: "fit"), keys.hint(.nextUnread, .previousUnread, says: "item"),
      keys.hint(.back, says: "back"), keys.hint(.help, says: "help"))
  }
}
