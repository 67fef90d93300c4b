import FeedCore
import FeedModel
import Foundation
import Pictures
import TextLayout

/// The open item: its laid-out text, its pictures one at a time, and the reading position.
/// A page (`Page`): the moving keys scroll, `[` `]` page through the pictures, the rest ask
/// the router (the link, marks, the picture saved).
public struct ItemPage {
  public internal(set) var view: DetailView
  /// The first line shown.
  public private(set) var top = 0
  /// Lines for the text: the screen less its title and status lines.
  public private(set) var height: Int
  /// The place in the text the reader scrolled to. Only the reader moves it: re-wraps find it
  /// again, so going 100 -> 60 -> 100 columns comes back to the very same line.
  private(set) var place: (block: Int, offset: Int) = (-1, -1)
  /// Where the item's list came from (its counts are the title bar's), and its title (a
  /// picture saved is named after it).
  public let source: SourceKey?
  let listTitle: String
  /// The list's next and previous items with pictures, read ahead once this item's picture
  /// is made.
  var neighbours: [FeedItem] = []

  /// The item laid out for a screen of `width` x `height` (title and status lines included).
  init(
    item: FeedItem, width: Int, height: Int, timeZone: TimeZone, source: SourceKey? = nil,
    listTitle: String = ""
  ) {
    let lines = max(0, height - 2)
    view = DetailView(item: item, width: width, height: lines, timeZone: timeZone)
    self.height = lines
    self.source = source
    self.listTitle = listTitle
  }

  var maxTop: Int { max(0, view.lines.count - height) }

  /// What keys mean on the item page.
  enum KeyAction {
    case scroll(Scroll)
    case back, openLink, copyLink, openPicture, help, togglePictures
    case previousPicture, nextPicture
    case toggleRead, toggleStar, download
    /// `a`, a click on the "by" line, or Enter on an item without a picture: the artist's page.
    case artistPage
    case follow
    /// `z`: the picture viewer; Enter: the viewer, or the artist's page without a picture.
    case viewer, enter
  }

  enum Scroll { case line(Int), halfPage(Int), page(Int), top, bottom }

  /// The item page's key map.
  static let keyMap: [Action: KeyAction] = [
    .down: .scroll(.line(1)), .up: .scroll(.line(-1)),
    .halfPageDown: .scroll(.halfPage(1)), .halfPageUp: .scroll(.halfPage(-1)),
    .pageDown: .scroll(.page(1)), .pageUp: .scroll(.page(-1)),
    .top: .scroll(.top), .bottom: .scroll(.bottom),
    .back: .back, .quit: .back,
    .openLink: .openLink, .copyLink: .copyLink, .openPicture: .openPicture, .help: .help,
    .togglePictures: .togglePictures,
    .previousPicture: .previousPicture, .nextPicture: .nextPicture,
    .artistPage: .artistPage, .open: .enter, .follow: .follow, .viewer: .viewer,
    .toggleRead: .toggleRead, .toggleStar: .toggleStar, .download: .download,
  ]

  /// The item page's keys: the moving keys scroll; the rest say what the app should do.
  mutating func handle(_ action: KeyAction) -> PageOutcome {
    let item = view.item
    switch action {
    case .scroll(let scroll):
      switch scroll {
      case .line(let lines): self.scroll(by: lines)
      case .halfPage(let sign): self.scroll(by: sign * max(1, height / 2))
      case .page(let sign): self.scroll(by: sign * max(1, height - 1))
      case .top: self.scroll(by: -top)
      case .bottom: scrollToEnd()
      }
    case .back: return PageOutcome(request: .close)
    case .openLink: return PageOutcome(request: .openLink(item))
    case .copyLink: return PageOutcome(request: .copyLink(item))
    case .openPicture:
      return PageOutcome(request: .openPicture(item, picture: view.pictureIndex))
    case .help: return PageOutcome(request: .help)
    case .togglePictures: return PageOutcome(request: .togglePictures)
    case .previousPicture: showPicture(view.pictureIndex - 1)
    case .nextPicture: showPicture(view.pictureIndex + 1)
    case .toggleRead: return PageOutcome(request: .toggleRead(item, shownRead: false))
    case .toggleStar: return PageOutcome(request: .toggleStar(item))
    case .download: return PageOutcome(request: .download(item, feed: listTitle))
    case .artistPage: return PageOutcome(request: .openArtist(item))
    case .follow: return PageOutcome(request: .toggleFollow(item))
    case .viewer:
      guard view.pictureCount > 0 else { return PageOutcome(status: "This item has no picture") }
      return PageOutcome(request: .openViewer(item, picture: view.pictureIndex))
    case .enter:
      // Enter on an item without a picture keeps its old meaning: the artist's page.
      guard view.pictureCount > 0 else { return PageOutcome(request: .openArtist(item)) }
      return PageOutcome(request: .openViewer(item, picture: view.pictureIndex))
    }
    return PageOutcome()
  }

  /// The status line's hints on the item page, with the keys in effect.
  static func hints(_ keys: KeyBindings) -> String {
    KeyBindings.join(
      keys.hint(.down, .up, says: "scroll"), keys.hint(.openLink, says: "open link"),
      keys.hint(.copyLink, says: "copy it"), keys.hint(.artistPage, says: "artist"),
      keys.hint(.quit, says: "back"),
      keys.hint(.help, says: "help"))
  }

  mutating func scroll(by lines: Int) {
    top = min(max(0, top + lines), maxTop)
    place = view.position(ofLine: top)
  }

  mutating func scrollToEnd() { scroll(by: maxTop - top) }
}

extension ItemPage: Page {
  var kind: PageKind { .item }

  mutating func handle(_ key: Key, context: PageContext) -> PageOutcome {
    guard let action = context.keys.action(for: key).flatMap({ Self.keyMap[$0] }) else {
      return PageOutcome()
    }
    return handle(action)
  }

  mutating func handle(_ mouse: MouseEvent, context: PageContext) -> PageOutcome {
    switch mouse.action {
    case .wheelDown: scroll(by: 3)
    case .wheelUp: scroll(by: -3)
    case .click, .doubleClick:
      // The content starts under the title bar: a click on the "by" line opens the artist.
      let index = top + mouse.y - 1
      if mouse.y >= 1, view.lines.indices.contains(index),
        view.lines[index].text.hasPrefix("by "), view.item.author != nil
      {
        return PageOutcome(request: .openArtist(view.item))
      }
      // A click on the picture opens it in the viewer.
      if let box = view.box, (box.x..<box.x + box.width).contains(mouse.x),
        (box.y..<box.y + box.height).contains(mouse.y - 1 + top)
      {
        return PageOutcome(request: .openViewer(view.item, picture: view.pictureIndex))
      }
    }
    return PageOutcome()
  }

  /// Re-wraps at a new width, keeping the passage that was at the top of the screen there.
  mutating func resize(width: Int, height: Int) {
    self.height = max(0, height - 2)
    if width != view.width || self.height != view.height { relayout(width: width) }
    top = min(view.line(atBlock: place.block, offset: place.offset), maxTop)
  }

  /// The title bar names the item: its title, its artist, and which of its pictures is
  /// shown when it has several.
  func title(context: DrawContext) -> String { TitleBar.text(titleParts) }

  /// The title bar's pieces: the item's title most, then which picture, then the artist.
  var titleParts: [TitleBar.Part] {
    var parts = [TitleBar.Part(DetailView.title(of: view.item), priority: 10)]
    if let author = view.item.author.map(Sanitizer.clean), !author.isEmpty {
      parts.append(.init("by " + author, priority: 4))
    }
    if view.pictureCount > 1 {
      parts.append(.init("picture \(view.pictureIndex + 1)/\(view.pictureCount)", priority: 6))
    }
    return parts
  }

  /// The item view's picture alone: the list under it is not on screen, and its thumbnails
  /// would take the cores from the picture the reader waits for. Once it is made, the list's
  /// next and previous items' pictures are read ahead at the item view's size.
  func wantedPictures(_ pictures: PictureBoard) -> [PictureCache.Key] {
    guard let key = pictureKey(pictures) else { return [] }
    guard pictures.isReady(key) else { return [key] }
    return [key] + neighbours.compactMap { neighbourKey($0, pictures) }
  }

  /// The key the item view of `item` would ask for first at this size.
  func neighbourKey(_ item: FeedItem, _ pictures: PictureBoard) -> PictureCache.Key? {
    guard let url = ItemPresentation.pictures(of: item).first?.url,
      let box = DetailView.pictureBox(of: item, width: view.width, height: height)
    else { return nil }
    return pictures.key(url: url, columns: box.width, rows: box.height)
  }

  /// The picture plays while any of its box's lines is on screen.
  func motionPicture(_ pictures: PictureBoard) -> PictureCache.Key? {
    guard let box = view.box, box.y + box.height > top, box.y < top + height else { return nil }
    return pictureKey(pictures)
  }

  /// The key of the picture the box shows, when the view has a box: the page's picture, or
  /// the row's when that one failed (a full picture that cannot be fetched offline still
  /// shows the thumbnail that can).
  func pictureKey(_ pictures: PictureBoard) -> PictureCache.Key? {
    guard let box = view.box, let url = view.picture?.url else { return nil }
    let key = pictures.key(url: url, columns: box.width, rows: box.height)
    guard pictures.hasFailed(key), let url = ItemList.pictureURL(of: view.item) else {
      return key
    }
    return pictures.key(url: url, columns: box.width, rows: box.height)
  }

  func draw(into buffer: inout ScreenBuffer, context: DrawContext) {
    TitleBar.draw(titleParts, into: &buffer)
    let width = buffer.width
    let top = 1
    let visible = top..<(top + height)
    for (offset, line) in view.lines[self.top...].prefix(height).enumerated() {
      buffer.put(line.text, x: line.x, y: top + offset, style: line.style)
    }
    if let box = view.box {
      let placed = BoxRect(
        x: box.x, y: top + box.y - self.top, width: box.width, height: box.height)
      let slot = pictureKey(context.pictures).map { context.pictures.slot(for: $0) } ?? .off
      // Until the picture is made, a preview from any copy already made (the row's).
      if slot == .loading,
        let preview = PicturePreview.cells(
          of: view.item, url: view.picture?.url, picture: view.pictureIndex,
          board: context.pictures, box: placed)
      {
        PictureView.draw(preview, at: placed, into: &buffer, clip: visible)
      } else {
        ThumbnailBox.draw(
          placed, item: view.item, slot: slot, into: &buffer, style: .box, clip: visible)
      }
    }
    // No scrollbar when the whole item fits: nothing to scroll.
    if view.lines.count > height {
      Scrollbar.draw(
        x: width - 1, top: top, height: height,
        thumb: Scrollbar.thumb(
          offset: self.top, visible: height, total: view.lines.count, track: height),
        into: &buffer)
    }
    let total = view.lines.count
    StatusLine.draw(
      position: "\(min(total, self.top + height))/\(total) lines", hints: hints(context.keys),
      into: &buffer, context: context)
  }
}
