import FeedModel
import Pictures

/// What the state knows about pictures: whether they are shown, as symbol cells at which
/// colour depth or in pixels for which cell size, the converted pictures (a `PictureCache`
/// within its byte budget), the failures, and what it last asked the loader for.
public struct PictureBoard {
  /// What a thumbnail box shows.
  public enum Slot: Equatable {
    /// Pictures are turned off (`--no-images`, `i`): the plain frame.
    case off
    /// Asked for, not here yet: the frame says "loading".
    case loading
    case ready(PictureCells)
    /// Ready to show in pixels (the backend decides how); the key names the picture.
    case pixels(PixelPicture, PictureCache.Key)
    /// The frame says why.
    case failed(String)
  }

  /// Pictures are drawn (`i` toggles).
  public var isEnabled: Bool
  /// The terminal's colour depth; part of every key, so a change asks for new cells.
  public var depth: ColorDepth
  /// Pictures in pixels for cells of this size; nil: symbol cells. Part of every key.
  public var cell: CellSize?
  /// Converted pictures within a byte budget; shared with nobody but read while drawing.
  public internal(set) var cache: PictureCache
  /// Why a picture failed, per key; failures are not retried.
  private(set) var failures: [PictureCache.Key: String] = [:]
  /// The wish list last sent to the loader (`.wantPictures`).
  var asked: [PictureCache.Key] = []
  /// The selected item's full picture, read ahead once the selection rested on it
  /// (`.selectionRested`); dropped from the wish list when the selection moves.
  var readAhead: PictureCache.Key?
  /// Why pictures are symbols on a terminal that could show pixels (tmux without
  /// passthrough): said once in the status line, when the first picture has arrived and no
  /// load is under way (the load's end sets the status line).
  var pendingNote: String?
  /// Whether a picture arrived (or failed) yet: the pending note waits for one.
  var hasArrived = false
  /// The picture viewer's pictures' sizes as decoded at full size, by address
  /// (`.pictureMeasured`; at most `PictureBoard.sizesKept`).
  var sizes: [String: ViewerView.Size] = [:]
  /// The key last made for each address, so the viewer can preview a picture from any copy
  /// of it already made (`latestKey(for:)`; pruned to the cached ones past `madeKept`).
  var made: [String: PictureCache.Key] = [:]
  /// The one animation asked for and playing (`PictureBoard+Motion`).
  var motion = Motion()
  /// The terminal plays animations itself (kitty, not through tmux): the board hands it
  /// every frame at once (`attachMotion`) instead of stepping through them on deadlines.
  public internal(set) var terminalPlaysMotion = false

  public init(
    isEnabled: Bool = false, depth: ColorDepth = .none,
    cache: PictureCache = PictureCache()
  ) {
    self.isEnabled = isEnabled
    self.depth = depth
    self.cache = cache
  }

  /// The cache's budget when pictures are pixels: 64 MiB, about 1,100 thumbnails of 12x6
  /// cells of 10x20 px, or 25 item-view pictures of 1000x600 px.
  public static let pixelByteBudget = 64 << 20

  /// The key for a picture at `url` in a box of `columns` x `rows`.
  public func key(url: String, columns: Int, rows: Int) -> PictureCache.Key {
    PictureCache.Key(url: url, columns: columns, rows: rows, depth: depth, cell: cell)
  }

  /// What the box for `key` shows now.
  public func slot(for key: PictureCache.Key) -> Slot {
    guard isEnabled else { return .off }
    if let frame = motionFrame(for: key) { return frame }
    switch cache.value(for: key) {
    case .cells(let cells): return .ready(cells)
    case .pixels(let picture): return .pixels(picture, key)
    case nil: break
    }
    if let reason = failures[key] { return .failed(reason) }
    return .loading
  }

  /// True when the picture is neither cached nor failed: the loader should make it.
  func isMissing(_ key: PictureCache.Key) -> Bool {
    failures[key] == nil && cache.value(for: key) == nil
  }

  /// True when the picture at `key` failed.
  func hasFailed(_ key: PictureCache.Key) -> Bool { failures[key] != nil }

  /// Takes in a finished picture. A cancelled one leaves nothing behind.
  mutating func arrived(
    _ key: PictureCache.Key, _ result: Result<PictureRendition, ImageLoadError>
  ) {
    switch result {
    case .success(let value):
      cache.insert(value, for: key)
      // A zoomed view is no preview of the whole picture.
      if key.crop == nil || key.crop == .fit { noteMade(key) }
    case .failure(let error) where error == .cancelled: break
    case .failure(let error): failures[key] = error.reason
    }
  }
}
