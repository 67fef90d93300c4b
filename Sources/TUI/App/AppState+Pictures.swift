import FeedStore
import Pictures

extension AppState {
  /// Turns pictures on or off and sets the colour depth (the terminal's, or `render`'s).
  public mutating func configurePictures(enabled: Bool, depth: ColorDepth) {
    pictures.isEnabled = enabled
    pictures.depth = depth
  }

  /// Whether pictures are drawn now.
  public var showsPictures: Bool { pictures.isEnabled }

  /// The loader's wish list when it changed: the open item's picture, then the list's rows
  /// near the screen, each only if not cached or failed. Called after every update (and by
  /// `render` after it moves the list), so scrolling re-prioritises at once.
  public mutating func pictureCommands() -> [Command] {
    var keys: [PictureCache.Key] = []
    if pictures.isEnabled {
      if let detail, let key = detailPictureKey(detail) { keys.append(key) }
      if let box = list.thumbnailBox {
        for row in list.pictureRows() {
          guard let url = list.pictureURL(of: list.items[row]) else { continue }
          keys.append(pictures.key(url: url, columns: box.columns, rows: box.rows))
        }
      }
    }
    var seen = Set<PictureCache.Key>()
    keys = keys.filter { pictures.isMissing($0) && seen.insert($0).inserted }
    guard keys != pictures.asked else { return [] }
    pictures.asked = keys
    return [.wantPictures(keys)]
  }

  /// The key of the item view's larger picture, when the view has a box.
  func detailPictureKey(_ detail: DetailState) -> PictureCache.Key? {
    guard let box = detail.view.box, let url = ItemList.pictureURL(of: detail.view.item) else {
      return nil
    }
    return pictures.key(url: url, columns: box.width, rows: box.height)
  }

  /// A picture arrived (or failed, or was cancelled).
  mutating func pictureArrived(
    _ key: PictureCache.Key, _ result: Result<PictureCells, ImageLoadError>
  ) -> [Command] {
    pictures.arrived(key, result)
    return []
  }

  /// `i`: pictures off or on again.
  mutating func togglePictures() -> [Command] {
    pictures.isEnabled.toggle()
    status = pictures.isEnabled ? "Pictures on" : "Pictures off (i shows them)"
    return []
  }
}
