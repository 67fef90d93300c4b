import FeedCore

/// Items kept as the batches they arrived in: appending a batch stores the batch's array as
/// it is (no item is copied), and a copy of the whole shares every batch.
///
/// Reading item `i` finds its batch by a binary search over the batch ends, O(log batches);
/// a progressive parse makes a few hundred batches at most (64 items, doubling to 4,096).
public struct ItemChunks: Sendable, RandomAccessCollection {
  private var chunks: [[FeedItem]] = []
  /// `ends[k]` is the number of items in chunks `0...k`.
  private var ends: [Int] = []

  public init() {}

  /// One chunk holding `items`.
  public init(_ items: [FeedItem]) {
    append(contentsOf: items)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ends.last ?? 0 }

  public subscript(index: Int) -> FeedItem {
    precondition(index >= 0 && index < endIndex, "item \(index) outside 0..<\(endIndex)")
    let chunk = chunk(containing: index)
    return chunks[chunk][index - (chunk == 0 ? 0 : ends[chunk - 1])]
  }

  /// Adds `items` at the end as one chunk (an empty batch adds nothing).
  public mutating func append(contentsOf items: [FeedItem]) {
    guard !items.isEmpty else { return }
    chunks.append(items)
    ends.append(endIndex + items.count)
  }

  /// The chunk holding item `index`: the first whose end is above it.
  private func chunk(containing index: Int) -> Int {
    var low = 0
    var high = ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] > index { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The items as one array (copies every item: for tests and small lists).
  public var array: [FeedItem] { chunks.flatMap { $0 } }
}
