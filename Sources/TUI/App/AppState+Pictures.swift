import FeedModel
import Pictures

extension AppState {
  /// Turns pictures on or off and sets the colour depth (the terminal's, or `render`'s) and,
  /// for a terminal that shows pixels, its cell size (pictures are then fitted to the boxes'
  /// pixels, and kept within a larger budget: a thumbnail is 50-60 KB of pixels).
  ///
  /// `note` says why pixels are not used where they could be; the status line shows it once,
  /// with the first picture (after the first load, which would otherwise clear it).
  public mutating func configurePictures(
    enabled: Bool, depth: ColorDepth, cell: CellSize? = nil, note: String? = nil
  ) {
    pictures.isEnabled = enabled
    pictures.depth = depth
    pictures.pendingNote = note
    if cell != nil, pictures.cell == nil {
      pictures.cache = PictureCache(byteBudget: PictureBoard.pixelByteBudget)
    }
    pictures.cell = cell
  }

  /// Whether pictures are drawn now.
  public var showsPictures: Bool { pictures.isEnabled }

  /// The loader's wish list when it changed: the open item's picture, then the list's rows
  /// near the screen, each only if not cached or failed. Called after every update (and by
  /// `render` after it moves the list), so scrolling re-prioritises at once.
  public mutating func pictureCommands() -> [Command] {
    var keys: [PictureCache.Key] = []
    if pictures.isEnabled {
      if let detail {
        // The item view's picture alone: the list under it is not on screen, and its
        // thumbnails would take the cores from the picture the reader waits for.
        if let key = detailPictureKey(detail) { keys.append(key) }
      } else {
        for wanted in list.wantedPictures() {
          keys.append(pictures.key(url: wanted.url, columns: wanted.columns, rows: wanted.rows))
        }
        // Last: the rows on screen come first.
        if let ahead = pictures.readAhead {
          if ahead == selectedItemPictureKey() {
            keys.append(ahead)
          } else {
            pictures.readAhead = nil
          }
        }
      }
    }
    var seen = Set<PictureCache.Key>()
    keys = keys.filter { pictures.isMissing($0) && seen.insert($0).inserted }
    guard keys != pictures.asked else { return [] }
    pictures.asked = keys
    return [.wantPictures(keys)]
  }

  /// The key of the picture the item view would ask for first if the selected item were
  /// opened now (the items page on top, list or gallery, with no prompt or overlay).
  func selectedItemPictureKey() -> PictureCache.Key? {
    guard pictures.isEnabled, topPage == .items, overlay == nil, pages.items?.prompt == nil,
      let item = list.selectedItem,
      let url = ItemPresentation.pictures(of: item).first?.url,
      let box = DetailView.pictureBox(of: item, width: width, height: listHeight)
    else { return nil }
    return pictures.key(url: url, columns: box.width, rows: box.height)
  }

  /// The picture to read ahead once the selection rests (the run loop's deadline, then
  /// `.selectionRested`): the selected item's full picture when it is not made, failed or
  /// being read ahead already. Nil otherwise, so the loop sets no deadline.
  public var readAheadCandidate: PictureCache.Key? {
    guard let key = selectedItemPictureKey(), pictures.readAhead != key, pictures.isMissing(key)
    else { return nil }
    return key
  }

  /// The selection rested on the item whose picture is `key`: read it ahead, unless the
  /// selection has moved since.
  mutating func selectionRested(_ key: PictureCache.Key) {
    guard key == readAheadCandidate else { return }
    pictures.readAhead = key
  }

  /// The key of the picture the item view's box shows, when the view has a box: the page's
  /// picture, or the row's when that one failed (a full picture that cannot be fetched
  /// offline still shows the thumbnail that can).
  func detailPictureKey(_ detail: DetailState) -> PictureCache.Key? {
    guard let box = detail.view.box, let url = detail.view.picture?.url else { return nil }
    let key = pictures.key(url: url, columns: box.width, rows: box.height)
    guard pictures.hasFailed(key), let fallback = detailFallbackKey(detail) else { return key }
    return fallback
  }

  /// The row's picture in the item view's box, asked for once the full picture failed.
  private func detailFallbackKey(_ detail: DetailState) -> PictureCache.Key? {
    guard let box = detail.view.box, let url = ItemList.pictureURL(of: detail.view.item) else {
      return nil
    }
    return pictures.key(url: url, columns: box.width, rows: box.height)
  }

  /// A picture arrived (or failed, or was cancelled).
  mutating func pictureArrived(
    _ key: PictureCache.Key, _ result: Result<PictureRendition, ImageLoadError>
  ) -> [Command] {
    pictures.arrived(key, result)
    if result != .failure(.cancelled) { pictures.hasArrived = true }
    showPendingNote()
    return []
  }

  /// Says why pictures are symbols, once: after the first picture, and not while the list is
  /// loading, whose end would replace it at once (a first batch's pictures can arrive before
  /// the rest of the feed).
  mutating func showPendingNote() {
    guard let note = pictures.pendingNote, pictures.hasArrived, pages.items?.isLoading != true
    else { return }
    status = note
    pictures.pendingNote = nil
  }

  /// `i`: pictures off or on again.
  mutating func togglePictures() -> [Command] {
    pictures.isEnabled.toggle()
    status =
      pictures.isEnabled
      ? "Pictures on"
      : "Pictures off" + (keys.label(.togglePictures).map { " (\($0) shows them)" } ?? "")
    return []
  }
}
