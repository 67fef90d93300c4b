import Locking

/// Converted pictures kept in memory within a byte budget, least recently used dropped first.
///
/// Keyed by where the picture came from and how it was converted (URL, box, depth, and the
/// cell size for pixel pictures), so a resize or a colour change asks for new cells and the
/// old ones age out. Safe to share
/// between the UI loop, which reads synchronously while drawing, and the tasks that decode.
///
/// Pictures of kept addresses (`keep(_:)`: starred items' and saved ones') are pinned, never
/// evicted, within half the budget (see `LRUStore`); past that they are cached like any other.
public final class PictureCache: Sendable {
  /// What a cached value was made from.
  public struct Key: Hashable, Sendable {
    public var url: String
    public var columns: Int
    public var rows: Int
    public var depth: ColorDepth
    /// Nil for symbol cells; the terminal's cell size for a picture in pixels.
    public var cell: CellSize?
    /// The picture viewer's view of the picture (`PictureCrop`); nil: the whole picture
    /// fitted to the box, as rows, cards and the item view show it.
    public var crop: PictureCrop?
    /// Which frame of an animation (0: the first, and every still picture): each frame is a
    /// picture of its own to the terminal's writer.
    public var frame: Int

    public init(
      url: String, columns: Int, rows: Int, depth: ColorDepth, cell: CellSize? = nil,
      crop: PictureCrop? = nil, frame: Int = 0
    ) {
      self.url = url
      self.columns = columns
      self.rows = rows
      self.depth = depth
      self.cell = cell
      self.crop = crop
      self.frame = frame
    }

    /// The same picture's frame `index`.
    public func frame(_ index: Int) -> Key {
      var key = self
      key.frame = index
      return key
    }
  }

  /// The default budget: 8 MiB, about 1,600 thumbnails of 20x8 cells (5.2 KB each: 160
  /// cells of 32 bytes, see `PictureCells.estimatedByteCount`).
  public static let defaultByteBudget = 8 << 20

  private let store: Locked<LRUStore<Key, PictureRendition>>
  /// The addresses whose pictures are pinned, whatever their box.
  private let kept = Locked<Set<String>>([])

  /// A cache that keeps at most `byteBudget` bytes of cells, by their estimate.
  public init(byteBudget: Int = defaultByteBudget) {
    store = Locked(LRUStore(budget: max(0, byteBudget)))
  }

  /// Pins the pictures of `urls` (cached now or later, in any box), or unpins them
  /// (`kept: false`): they become the most recently used and may be evicted again.
  public func keep(_ urls: some Sequence<String>, _ isKept: Bool = true) {
    let changed = Set(urls)
    kept.withLock { kept in
      if isKept { kept.formUnion(changed) } else { kept.subtract(changed) }
    }
    store.withLock { store in
      for key in Array(store.keys) where changed.contains(key.url) {
        store.setPinned(isKept, for: key)
      }
    }
  }

  /// Whether the picture for `key` is pinned now.
  public func isPinned(_ key: Key) -> Bool { store.withLock { $0.isPinned(key) } }

  /// The bytes of pinned pictures.
  public var pinnedByteCount: Int { store.withLock { $0.pinnedBytes } }

  /// The picture for `key`, if cached; it becomes the most recently used.
  public func value(for key: Key) -> PictureRendition? {
    store.withLock { $0.value(for: key) }
  }

  /// The cells for `key`, if cached as cells; they become the most recently used.
  public func cells(for key: Key) -> PictureCells? {
    if case .cells(let cells) = value(for: key) { return cells }
    return nil
  }

  /// Keeps `value` for `key`, evicting the least recently used until the budget holds.
  /// A value heavier than the whole budget is not kept.
  public func insert(_ value: PictureRendition, for key: Key) {
    let pinned = kept.withLock { $0.contains(key.url) }
    store.withLock {
      $0.insert(value, bytes: value.estimatedByteCount, for: key, pinned: pinned)
    }
  }

  /// Keeps `cells` for `key` (`insert(.cells(cells), for: key)`).
  public func insert(_ cells: PictureCells, for key: Key) {
    insert(.cells(cells), for: key)
  }

  /// Drops the cells for `key`.
  public func remove(_ key: Key) {
    store.withLock { $0.remove(key) }
  }

  /// Drops everything (a palette change, say); the kept addresses stay kept.
  public func removeAll() {
    store.withLock { $0.removeAll() }
  }

  /// The budget in bytes.
  public var byteBudget: Int { store.withLock { $0.budget } }

  /// The estimated bytes held now; never above `byteBudget`.
  public var byteCount: Int { store.withLock { $0.bytes } }

  /// How many pictures are held.
  public var count: Int { store.withLock { $0.count } }

  /// Checks the store's bookkeeping (tests call it after mutations).
  func checkInvariants() {
    store.withLock { $0.checkInvariants() }
  }
}

/// A picture made for a box: symbol cells, or pixels for a terminal that shows them.
public enum PictureRendition: Sendable, Equatable {
  case cells(PictureCells)
  case pixels(PixelPicture)

  /// About how many bytes the value keeps alive.
  public var estimatedByteCount: Int {
    switch self {
    case .cells(let cells): cells.estimatedByteCount
    case .pixels(let pixels): pixels.estimatedByteCount
    }
  }
}
