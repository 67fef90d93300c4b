import FeedStore
import Pictures

/// What the state knows about pictures: whether they are shown, at which colour depth, the
/// converted cells (a `PictureCache` within its byte budget), the failures, and what it last
/// asked the loader for.
public struct PictureBoard {
  /// What a thumbnail box shows.
  public enum Slot: Equatable {
    /// Pictures are turned off (`--no-images`, `i`): the plain frame.
    case off
    /// Asked for, not here yet: the frame says "loading".
    case loading
    case ready(PictureCells)
    /// The frame says why.
    case failed(String)
  }

  /// Pictures are drawn (`i` toggles).
  public var isEnabled: Bool
  /// The terminal's colour depth; part of every key, so a change asks for new cells.
  public var depth: ColorDepth
  /// Converted cells within a byte budget; shared with nobody but read while drawing.
  public let cache: PictureCache
  /// Why a picture failed, per key; failures are not retried.
  private(set) var failures: [PictureCache.Key: String] = [:]
  /// The wish list last sent to the loader (`.wantPictures`).
  var asked: [PictureCache.Key] = []

  public init(
    isEnabled: Bool = false, depth: ColorDepth = .none,
    cache: PictureCache = PictureCache()
  ) {
    self.isEnabled = isEnabled
    self.depth = depth
    self.cache = cache
  }

  /// The key for a picture at `url` in a box of `columns` x `rows`.
  public func key(url: String, columns: Int, rows: Int) -> PictureCache.Key {
    PictureCache.Key(url: url, columns: columns, rows: rows, depth: depth)
  }

  /// What the box for `key` shows now.
  public func slot(for key: PictureCache.Key) -> Slot {
    guard isEnabled else { return .off }
    if let cells = cache.cells(for: key) { return .ready(cells) }
    if let reason = failures[key] { return .failed(reason) }
    return .loading
  }

  /// True when the picture is neither cached nor failed: the loader should make it.
  func isMissing(_ key: PictureCache.Key) -> Bool {
    failures[key] == nil && cache.cells(for: key) == nil
  }

  /// Takes in a finished picture. A cancelled one leaves nothing behind.
  mutating func arrived(_ key: PictureCache.Key, _ result: Result<PictureCells, ImageLoadError>) {
    switch result {
    case .success(let cells): cache.insert(cells, for: key)
    case .failure(let error) where error == .cancelled: break
    case .failure(let error): failures[key] = error.reason
    }
  }
}
