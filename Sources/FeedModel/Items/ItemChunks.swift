import FeedCore

/// Items kept as the batches they arrived in: appending a batch stores the batch's array as
/// it is (no item is copied), and a copy of the whole shares every batch.
///
/// Reading item `i` finds its batch by a binary search over the batch ends, O(log batches);
/// a progressive parse makes a few hundred batches at most (64 items, doubling to 4,096).
///
/// A selection (`init(selecting:of:)`) is a view of some items of another `ItemChunks`: it
/// shares the other's batches and keeps only their positions (4 bytes an item), so a search
/// answer over a million items copies no item.
public struct ItemChunks: Sendable, RandomAccessCollection, Equatable {
  private var chunks: [[FeedItem]] = []
  /// `ends[k]` is the number of items in chunks `0...k`.
  private var ends: [Int] = []
  /// For a selection: the positions, among the items of `chunks`, of its items in order.
  private var positions: [Int32]?

  public init() {}

  /// One chunk holding `items`.
  public init(_ items: [FeedItem]) {
    append(contentsOf: items)
  }

  /// A view of the items of `base` at `positions` (each in `base.indices`), in that order:
  /// O(positions) for the positions, no item copied. A selection of a selection reads
  /// through to the first one's batches.
  public init(selecting positions: [Int32], of base: ItemChunks) {
    chunks = base.chunks
    ends = base.ends
    if let inner = base.positions {
      self.positions = positions.map { inner[Int($0)] }
    } else {
      // Checked in debug builds only: answers of a million positions come from the index,
      // which makes them inside its items, and a release check would cost O(answer) a key.
      assert(
        positions.allSatisfy { $0 >= 0 && Int($0) < base.count },
        "selected positions inside 0..<\(base.count)")
      self.positions = positions
    }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { positions?.count ?? stored }

  /// The number of items in `chunks` (for a selection, more than it shows).
  private var stored: Int { ends.last ?? 0 }

  public subscript(index: Int) -> FeedItem {
    precondition(index >= 0 && index < endIndex, "item \(index) outside 0..<\(endIndex)")
    let position = positions.map { Int($0[index]) } ?? index
    let chunk = chunk(containing: position)
    return chunks[chunk][position - (chunk == 0 ? 0 : ends[chunk - 1])]
  }

  /// Adds `items` at the end as one chunk (an empty batch adds nothing). On a selection the
  /// chunk is stored after the shared ones and its positions appended: still O(items).
  public mutating func append(contentsOf items: [FeedItem]) {
    guard !items.isEmpty else { return }
    let first = stored
    chunks.append(items)
    ends.append(first + items.count)
    if positions != nil {
      positions?.append(contentsOf: (first..<first + items.count).lazy.map { Int32($0) })
    }
  }

  /// True when `other` is this very value handed out again (the same storage, not just the
  /// same items): a search answer repeated for a longer query that matches the same artists.
  /// O(1).
  public func sharesStorage(with other: ItemChunks) -> Bool {
    guard endIndex == other.endIndex, chunks.count == other.chunks.count else { return false }
    let sameChunks =
      chunks.withUnsafeBufferPointer { $0.baseAddress }
      == other.chunks.withUnsafeBufferPointer { $0.baseAddress }
    let samePositions =
      positions?.withUnsafeBufferPointer { $0.baseAddress }
      == other.positions?.withUnsafeBufferPointer { $0.baseAddress }
    return sameChunks && samePositions
  }

  /// The chunk holding stored item `position`: the first whose end is above it.
  private func chunk(containing position: Int) -> Int {
    var low = 0
    var high = ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] > position { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The items as one array: shares the batch when there is one, else copies every item
  /// (for tests and small lists).
  public var array: [FeedItem] {
    if positions == nil, chunks.count == 1 { return chunks[0] }
    if positions == nil { return chunks.flatMap { $0 } }
    return Array(self)
  }

  /// The same items in the same order (however they are stored).
  public static func == (a: ItemChunks, b: ItemChunks) -> Bool {
    a.count == b.count && a.elementsEqual(b)
  }
}
