import Locking

/// Converted pictures kept in memory within a byte budget, least recently used dropped first.
///
/// Keyed by where the picture came from and how it was converted (URL, box, depth), so a
/// resize or a colour change asks for new cells and the old ones age out. Safe to share
/// between the UI loop, which reads synchronously while drawing, and the tasks that decode.
public final class PictureCache: Sendable {
  /// What a cached value was made from.
  public struct Key: Hashable, Sendable {
    public var url: String
    public var columns: Int
    public var rows: Int
    public var depth: ColorDepth

    public init(url: String, columns: Int, rows: Int, depth: ColorDepth) {
      self.url = url
      self.columns = columns
      self.rows = rows
      self.depth = depth
    }
  }

  /// The default budget: 8 MiB, about 1,600 thumbnails of 20x8 cells (5.2 KB each: 160
  /// cells of 32 bytes, see `PictureCells.estimatedByteCount`).
  public static let defaultByteBudget = 8 << 20

  private let store: Locked<LRUStore<Key, PictureCells>>

  /// A cache that keeps at most `byteBudget` bytes of cells, by their estimate.
  public init(byteBudget: Int = defaultByteBudget) {
    store = Locked(LRUStore(budget: max(0, byteBudget)))
  }

  /// The cells for `key`, if cached; they become the most recently used.
  public func cells(for key: Key) -> PictureCells? {
    store.withLock { $0.value(for: key) }
  }

  /// Keeps `cells` for `key`, evicting the least recently used until the budget holds.
  /// Cells heavier than the whole budget are not kept.
  public func insert(_ cells: PictureCells, for key: Key) {
    store.withLock { $0.insert(cells, bytes: cells.estimatedByteCount, for: key) }
  }

  /// Drops the cells for `key`.
  public func remove(_ key: Key) {
    store.withLock { $0.remove(key) }
  }

  /// Drops everything (a palette change, say).
  public func removeAll() {
    store.withLock { $0.removeAll() }
  }

  /// The budget in bytes.
  public var byteBudget: Int { store.withLock { $0.budget } }

  /// The estimated bytes held now; never above `byteBudget`.
  public var byteCount: Int { store.withLock { $0.bytes } }

  /// How many cell boxes are held.
  public var count: Int { store.withLock { $0.count } }

  /// Checks the store's bookkeeping (tests call it after mutations).
  func checkInvariants() {
    store.withLock { $0.checkInvariants() }
  }
}
