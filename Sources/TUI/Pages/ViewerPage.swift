import FeedCore
import FeedModel
import Foundation
import Pictures

/// The picture viewer: one picture of an item as large as the terminal allows, zoomed and
/// panned, with the post's other pictures (`[` `]`) and the list's other items (`n` `N`) a
/// key away. A page (`Page`): keys change the view (`ViewerView`), the loader cuts each view
/// from the picture decoded at full size, and until it is made the box shows a preview at
/// once (`ViewerPage+Preview`).
///
/// Opened with `z` from a list, the gallery or the item view (and Enter or a click on the
/// item view's picture); `S` opens it as a slideshow, which shows the list's pictures in turn
/// until any key. Closing it gives the list below the item last shown (`.viewerClosed`).
public struct ViewerPage {
  /// The list the viewer walks (`n` `N`), and the item shown.
  let items: ItemChunks
  public private(set) var index: Int
  /// Which of the item's pictures (`ItemPresentation.pictures`) is shown.
  public private(set) var picture = 0
  /// The zoom and the point at the centre.
  public private(set) var view = ViewerView()
  /// The terminal's size.
  public private(set) var width: Int
  public private(set) var height: Int
  /// The view shown before the last key, drawn while the new one is made (same picture only).
  private(set) var previousKey: PictureCache.Key?
  /// Where the items came from (counts, and a saved picture's name).
  public let source: SourceKey?
  let listTitle: String
  /// Set while the page is a slideshow.
  public private(set) var slideshow: Slideshow?

  /// A slideshow's settings and progress.
  public struct Slideshow: Sendable, Equatable {
    /// Each picture shown is marked read (the settings' `slideshow-marks-read`).
    public var marksRead: Bool
    /// How many pictures were shown: each new one restarts the run loop's delay.
    public var step = 0
  }

  /// The viewer on `items[index]`'s picture `picture` (an item without pictures shows the
  /// next one that has some, if any).
  init(
    items: ItemChunks, index: Int, picture: Int = 0, width: Int, height: Int,
    source: SourceKey? = nil, listTitle: String = "", slideshow: Slideshow? = nil
  ) {
    self.items = items
    self.index = min(max(0, index), max(0, items.count - 1))
    self.width = max(0, width)
    self.height = max(0, height)
    self.source = source
    self.listTitle = listTitle
    self.slideshow = slideshow
    let count = pictures.count
    self.picture = count == 0 ? 0 : min(max(0, picture), count - 1)
    if count == 0, let next = Self.itemWithPicture(in: items, from: self.index, step: 1) {
      self.index = next
    }
  }

  /// The item shown, if the list has any.
  public var item: FeedItem? { items.indices.contains(index) ? items[index] : nil }

  /// The item's pictures.
  var pictures: [ItemPresentation.PictureSource] {
    item.map(ItemPresentation.pictures(of:)) ?? []
  }

  /// The address of the picture shown.
  var url: String? {
    let pictures = self.pictures
    return pictures.indices.contains(picture) ? pictures[picture].url : nil
  }

  // MARK: - Geometry

  /// The picture's box: the whole screen above the status line.
  var box: BoxRect { BoxRect(x: 0, y: 0, width: width, height: max(0, height - 1)) }

  /// The box in screen pixels, for cells of `cell` (symbols count in `PictureCrop.symbolCell`).
  func boxPixels(cell: CellSize?) -> ViewerView.Size {
    let cell = cell ?? PictureCrop.symbolCell
    return .init(width: box.width * cell.width, height: box.height * cell.height)
  }

  /// The address shown: the picture's, or the row's thumbnail when the full picture failed
  /// (a full picture that cannot be fetched offline still shows the copy that can).
  func shownURL(_ pictures: PictureBoard) -> String? {
    guard let url else { return nil }
    var fit = pictures.key(url: url, columns: box.width, rows: box.height)
    fit.crop = .fit
    guard pictures.hasFailed(fit), picture == 0, let item,
      let thumbnail = ItemList.pictureURL(of: item), thumbnail != url
    else { return url }
    return thumbnail
  }

  /// The key of the view shown now: "fit" until the picture's size is known.
  func key(_ pictures: PictureBoard) -> PictureCache.Key? {
    guard let url = shownURL(pictures) else { return nil }
    var crop = PictureCrop.fit
    if let size = pictures.size(of: url) {
      crop = view.crop(picture: size, box: boxPixels(cell: pictures.cell))
    }
    var key = pictures.key(url: url, columns: box.width, rows: box.height)
    key.crop = crop
    return key
  }

  /// The fitted view of another item's first picture (read ahead).
  func fitKey(ofItem index: Int, _ pictures: PictureBoard) -> PictureCache.Key? {
    guard items.indices.contains(index),
      let url = ItemPresentation.pictures(of: items[index]).first?.url
    else { return nil }
    var key = pictures.key(url: url, columns: box.width, rows: box.height)
    key.crop = .fit
    return key
  }

  // MARK: - Keys

  /// What keys mean in the viewer.
  enum KeyAction: Equatable {
    case zoom(Int), actualSize, fit
    case pan(dx: Int, dy: Int)
    case picture(Int), item(Int)
    case back, help, openPicture, togglePictures, toggleRead, toggleStar, download, openLink
  }

  /// The viewer's key map. The pans use the gallery's layer for `h` `l` Left Right (which go
  /// back and open on the list), so Esc alone goes back here.
  static let keyMap: [Action: KeyAction] = [
    .zoomIn: .zoom(1), .zoomOut: .zoom(-1), .zoomActual: .actualSize, .zoomFit: .fit,
    .up: .pan(dx: 0, dy: -1), .down: .pan(dx: 0, dy: 1),
    .cardLeft: .pan(dx: -1, dy: 0), .cardRight: .pan(dx: 1, dy: 0),
    .previousPicture: .picture(-1), .nextPicture: .picture(1),
    .nextUnread: .item(1), .previousUnread: .item(-1),
    .back: .back, .quit: .back, .viewer: .back,
    .help: .help, .openPicture: .openPicture, .togglePictures: .togglePictures,
    .toggleRead: .toggleRead, .toggleStar: .toggleStar, .download: .download,
    .openLink: .openLink,
  ]

  /// Carries out a key's action; `pictures` gives the picture's size and the cell size.
  mutating func handle(_ action: KeyAction, pictures: PictureBoard?) -> PageOutcome {
    let before = pictures.flatMap(key)
    let size = pictures.flatMap { board in shownURL(board).flatMap(board.size(of:)) }
    let box = boxPixels(cell: pictures?.cell)
    switch action {
    case .zoom(let steps):
      guard let size else { return PageOutcome(status: "Measuring the picture…") }
      view.zoom(by: steps, picture: size, box: box)
    case .actualSize:
      guard let size else { return PageOutcome(status: "Measuring the picture…") }
      view.actualSize(picture: size, box: box)
    case .fit: view.fit()
    case .pan(let dx, let dy):
      guard let size else { return PageOutcome() }
      view.pan(dx: dx, dy: dy, picture: size, box: box)
    case .picture(let step): showPicture(picture + step)
    case .item(let step): return showItem(step: step)
    case .back: return close()
    case .help: return PageOutcome(request: .help)
    case .openPicture:
      guard let item else { return PageOutcome() }
      return PageOutcome(request: .openPicture(item, picture: picture))
    case .togglePictures: return PageOutcome(request: .togglePictures)
    case .toggleRead:
      guard let item else { return PageOutcome() }
      return PageOutcome(request: .toggleRead(item, shownRead: false))
    case .toggleStar:
      guard let item else { return PageOutcome() }
      return PageOutcome(request: .toggleStar(item))
    case .download:
      guard let item else { return PageOutcome() }
      return PageOutcome(request: .download(item, feed: listTitle))
    case .openLink: return PageOutcome(request: .openLink(item))
    }
    let after = pictures.flatMap(key)
    if after != before, before?.url == after?.url { previousKey = before }
    return PageOutcome(status: .some(nil))
  }

  /// `[` `]`: the post's picture `wanted` (clamped), fitted.
  mutating func showPicture(_ wanted: Int) {
    let count = pictures.count
    guard count > 1 else { return }
    let clamped = min(max(0, wanted), count - 1)
    guard clamped != picture else { return }
    picture = clamped
    view = ViewerView()
    previousKey = nil
  }

  /// `n` `N`: the next or previous item that has a picture, fitted; the status line says
  /// when there is none.
  mutating func showItem(step: Int) -> PageOutcome {
    guard let next = Self.itemWithPicture(in: items, from: index + step, step: step) else {
      return PageOutcome(status: step > 0 ? "No later picture" : "No earlier picture")
    }
    index = next
    picture = 0
    view = ViewerView()
    previousKey = nil
    return PageOutcome(status: .some(nil))
  }

  /// How far `n` looks for an item with a picture: a list of text posts is not walked whole.
  static let searchReach = 500

  /// The first item from `start` (going by `step`) that has a picture, within `searchReach`.
  static func itemWithPicture(in items: ItemChunks, from start: Int, step: Int) -> Int? {
    var position = start
    var looked = 0
    while items.indices.contains(position), looked < searchReach {
      if !ItemPresentation.pictures(of: items[position]).isEmpty { return position }
      position += step
      looked += 1
    }
    return nil
  }

  /// Back to the page below, which selects the item last shown (and says `note`).
  func close(note: String? = nil) -> PageOutcome {
    var outcome = PageOutcome(request: .close)
    if let item { outcome.news.append(.viewerClosed(on: item, note: note)) }
    return outcome
  }

  // MARK: - Slideshow

  /// The slideshow's delay passed: the next item with a picture (marked read when the
  /// settings say so); after the last, the slideshow ends on it.
  mutating func advanceSlide() -> PageOutcome {
    guard var show = slideshow else { return PageOutcome() }
    guard let next = Self.itemWithPicture(in: items, from: index + 1, step: 1) else {
      return close(note: "Slideshow ended: no later picture")
    }
    index = next
    picture = 0
    view = ViewerView()
    previousKey = nil
    show.step += 1
    slideshow = show
    return shownOutcome()
  }

  /// What showing the current slide asks: its mark, when the settings say so.
  func shownOutcome() -> PageOutcome {
    guard let show = slideshow, show.marksRead, let item else { return PageOutcome() }
    return PageOutcome(request: .opened(item))
  }

  // MARK: - Resize

  /// Lays the viewer out at a new size. The view keeps its zoom and its centre as they are:
  /// the crop keeps the box on the picture, so going back to the old size shows the very same
  /// view.
  mutating func resize(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    previousKey = nil
  }
}
