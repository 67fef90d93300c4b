import FeedArt
import FeedCore
import FeedModel
import Pictures

/// The pictures' own update: the loader's wish list from the page on screen, the read-ahead
/// of the selected item's picture, arrivals, and `i`.
extension PictureBoard {
  /// Turns pictures on or off and sets the colour depth (the terminal's, or `render`'s) and,
  /// for a terminal that shows pixels, its cell size (pictures are then fitted to the boxes'
  /// pixels, and kept within a larger budget: a thumbnail is 50-60 KB of pixels).
  ///
  /// `note` says why pixels are not used where they could be; the status line shows it once,
  /// with the first picture (after the first load, which would otherwise clear it).
  ///
  /// `byteBudget` is the config's `memory-cache`; nil: the default for symbols or pixels.
  mutating func configure(
    enabled: Bool, depth: ColorDepth, cell: CellSize?, note: String?, byteBudget: Int? = nil,
    terminalPlaysMotion: Bool = false
  ) {
    isEnabled = enabled
    self.terminalPlaysMotion = terminalPlaysMotion && cell != nil
    self.depth = depth
    pendingNote = note
    let budget =
      byteBudget ?? (cell != nil ? PictureBoard.pixelByteBudget : PictureCache.defaultByteBudget)
    if budget != cache.byteBudget {
      cache = PictureCache(byteBudget: budget)
    }
    self.cell = cell
  }

  /// The loader's wish list when it changed: what `shown` (the page drawn) wants, then the
  /// selected item's picture read ahead while the selection rests on it (`isTop`: no page
  /// is over `shown`), each only if not cached or failed.
  mutating func wishes(of shown: any Page, isTop: Bool) -> [Command] {
    var keys: [PictureCache.Key] = []
    if isEnabled {
      keys = shown.wantedPictures(self)
      // Last: the rows on screen come first. A read-ahead belongs to the list it was made
      // on; the selection moving (or a page over it) drops it.
      if let ahead = readAhead, shown.kind == .items {
        if isTop, ahead == shown.readAheadPicture(self) {
          keys.append(ahead)
        } else {
          readAhead = nil
        }
      }
    }
    var seen = Set<PictureCache.Key>()
    keys = keys.filter { isMissing($0) && seen.insert($0).inserted }
    guard keys != asked else { return [] }
    asked = keys
    return [.wantPictures(keys)]
  }

  /// The picture to read ahead once the selection rests: the selected item's full picture
  /// when it is not made, failed or being read ahead already.
  func readAheadCandidate(on page: any Page) -> PictureCache.Key? {
    guard let key = page.readAheadPicture(self), readAhead != key, isMissing(key) else {
      return nil
    }
    return key
  }

  /// A picture arrived (or failed, or was cancelled).
  mutating func take(_ key: PictureCache.Key, _ result: Result<PictureRendition, ImageLoadError>) {
    arrived(key, result)
    if result != .failure(.cancelled) { hasArrived = true }
  }

  /// Why pictures are symbols, said once: after the first picture, and not while a list is
  /// loading, whose end would replace it at once (a first batch's pictures can arrive before
  /// the rest of the feed).
  mutating func takeNote(whileLoading isLoading: Bool) -> String? {
    guard let note = pendingNote, hasArrived, !isLoading else { return nil }
    pendingNote = nil
    return note
  }

  /// Pins the pictures of a starred or saved item (`isKept`), or unpins an unstarred one's:
  /// in memory now, on disk by the command.
  mutating func keep(_ item: FeedItem, _ isKept: Bool) -> [Command] {
    let urls = Self.addresses(of: item)
    guard !urls.isEmpty else { return [] }
    cache.keep(urls, isKept)
    return [.keepPictures(urls, isKept)]
  }

  /// Every copy of every picture of an item: rows, cards and the item view each show the
  /// copy that fits their box.
  static func addresses(of item: FeedItem) -> [String] {
    var seen = Set<String>()
    return ItemArt.pictures(of: item).flatMap { $0.copies.map(\.url) }.filter {
      seen.insert($0).inserted
    }
  }

  /// `i`: pictures off or on again; what the status line says.
  mutating func toggle(_ keys: KeyBindings) -> String {
    isEnabled.toggle()
    return isEnabled
      ? "Pictures on"
      : "Pictures off" + (keys.label(.togglePictures).map { " (\($0) shows them)" } ?? "")
  }
}
