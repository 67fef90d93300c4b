import FeedCore
import Locking

/// Items kept as compressed blocks of a few dozen (`ItemCodec`, docs/adr/0200), read back
/// through a small cache of decoded blocks; a copy of the whole shares every block.
///
/// Reading item `i` finds its block by a binary search over the block ends, O(log blocks),
/// and decodes the block unless the cache holds it: rows on screen are neighbours, so a
/// screen decodes one or two blocks, and a pass over every item decodes each block once.
///
/// A selection (`init(selecting:of:)`) is a view of some items of another `ItemChunks`: it
/// shares the other's blocks and cache and keeps only their positions (4 bytes an item), so a
/// search answer over a million items copies no item.
public struct ItemChunks: Sendable, RandomAccessCollection, Equatable {
  /// Items a block holds (the last block of a batch may hold fewer): a screen of rows spans
  /// one or two, and a block's raw bytes (~80 KB for DeviantArt-shaped items) fit deflate's
  /// window a few items at a time, where neighbours share most of their words and addresses.
  public static let blockSize = 32

  private var blocks: [ItemBlock] = []
  /// `ends[k]` is the number of items in blocks `0...k`.
  private var ends: [Int] = []
  /// For a selection: the positions, among the items of `blocks`, of its items in order.
  private var positions: [Int32]?
  /// The blocks read last, decoded; shared by copies and selections of this value.
  private var cache = DecodedBlocks()

  public init() {}

  /// The items of `items`.
  public init(_ items: [FeedItem]) {
    append(contentsOf: items)
  }

  /// A view of the items of `base` at `positions` (each in `base.indices`), in that order:
  /// O(positions) for the positions, no item copied. A selection of a selection reads
  /// through to the first one's batches.
  public init(selecting positions: [Int32], of base: ItemChunks) {
    blocks = base.blocks
    ends = base.ends
    cache = base.cache
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

  /// The number of items in `blocks` (for a selection, more than it shows).
  private var stored: Int { ends.last ?? 0 }

  public subscript(index: Int) -> FeedItem {
    precondition(index >= 0 && index < endIndex, "item \(index) outside 0..<\(endIndex)")
    let position = positions.map { Int($0[index]) } ?? index
    let block = block(containing: position)
    return cache.item(position - (block == 0 ? 0 : ends[block - 1]), of: blocks[block])
  }

  /// Adds `items` at the end, as blocks of `blockSize` (an empty batch adds nothing). On a
  /// selection the blocks are stored after the shared ones and their positions appended:
  /// still O(items).
  public mutating func append(contentsOf items: [FeedItem]) {
    guard !items.isEmpty else { return }
    let first = stored
    var start = 0
    while start < items.count {
      let end = Swift.min(items.count, start + Self.blockSize)
      blocks.append(ItemBlock(items[start..<end]))
      ends.append(first + end)
      start = end
    }
    if positions != nil {
      positions?.append(contentsOf: (first..<first + items.count).lazy.map { Int32($0) })
    }
  }

  /// Adds the items of `other` at the end: its blocks are shared, not encoded again, unless
  /// `other` is a selection (then its items are copied into new blocks).
  public mutating func append(contentsOf other: ItemChunks) {
    guard other.positions == nil else { return append(contentsOf: other.array) }
    guard !other.isEmpty else { return }
    let first = stored
    blocks.append(contentsOf: other.blocks)
    ends.append(contentsOf: other.ends.lazy.map { first + $0 })
    if positions != nil {
      positions?.append(contentsOf: (first..<first + other.count).lazy.map { Int32($0) })
    }
  }

  /// The items from `start` on, sharing their blocks and the cache: `start` is where an
  /// append began (a block's first item), so a batch just added can be handed on as it is
  /// stored. O(blocks).
  public func suffix(fromBlockStart start: Int) -> ItemChunks {
    precondition(positions == nil, "a selection's items are not in block order")
    var tail = ItemChunks()
    tail.cache = cache
    guard start < stored else { return tail }
    let first = start == 0 ? 0 : block(containing: start - 1) + 1
    precondition(first == 0 ? start == 0 : ends[first - 1] == start, "\(start) starts a block")
    tail.blocks = Array(blocks[first...])
    tail.ends = ends[first...].map { $0 - start }
    return tail
  }

  /// True when `other` is this very value handed out again (the same storage, not just the
  /// same items): a search answer repeated for a longer query that matches the same artists.
  /// O(1).
  public func sharesStorage(with other: ItemChunks) -> Bool {
    guard endIndex == other.endIndex, blocks.count == other.blocks.count else { return false }
    let sameBlocks =
      blocks.withUnsafeBufferPointer { $0.baseAddress }
      == other.blocks.withUnsafeBufferPointer { $0.baseAddress }
    let samePositions =
      positions?.withUnsafeBufferPointer { $0.baseAddress }
      == other.positions?.withUnsafeBufferPointer { $0.baseAddress }
    return sameBlocks && samePositions
  }

  /// The block holding stored item `position`: the first whose end is above it.
  private func block(containing position: Int) -> Int {
    var low = 0
    var high = ends.count - 1
    while low < high {
      let middle = (low + high) / 2
      if ends[middle] > position { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The items as one array (for tests and small lists): decodes every block.
  public var array: [FeedItem] { Array(self) }

  /// How many blocks reads of this value (and of its copies and selections) have decoded:
  /// a screen should cost one or two, a pass over every item one a block.
  public var blockDecodes: Int { cache.decodes }

  /// The compressed bytes the items take, block headers included (for benchmarks).
  public var storedBytes: Int { blocks.reduce(0) { $0 + $1.bytes.count + 48 } + ends.count * 8 }

  /// The same items in the same order (however they are stored).
  public static func == (a: ItemChunks, b: ItemChunks) -> Bool {
    a.count == b.count && a.elementsEqual(b)
  }
}

/// One block of items, compressed; immutable, so threads share it freely.
final class ItemBlock: Sendable {
  let bytes: [UInt8]
  let count: Int

  init(_ items: ArraySlice<FeedItem>) {
    bytes = ItemCodec.compress(items)
    count = items.count
  }

  func decode() -> [FeedItem] { ItemCodec.decompress(bytes, count: count) }
}

/// The blocks read last, decoded, most recent last: the loop and background passes (filters,
/// marks, the state's observation) read the same value at once, so the cache is behind a
/// lock, and a block is decoded outside it.
final class DecodedBlocks: Sendable {
  /// Decoded blocks kept: two screens' worth for each of a few readers at once.
  static let capacity = 8

  private struct Entry {
    let block: ItemBlock
    let items: [FeedItem]
  }

  private struct State {
    var entries: [Entry] = []
    var decodes = 0
  }

  private let state = Locked(State())

  var decodes: Int { state.withLock { $0.decodes } }

  func item(_ index: Int, of block: ItemBlock) -> FeedItem {
    let hit: FeedItem? = state.withLock { state in
      guard let found = state.entries.lastIndex(where: { $0.block === block }) else { return nil }
      let entry = state.entries[found]
      if found != state.entries.count - 1 {
        state.entries.remove(at: found)
        state.entries.append(entry)
      }
      return entry.items[index]
    }
    if let hit { return hit }
    let items = block.decode()
    state.withLock { state in
      state.decodes += 1
      if state.entries.count >= Self.capacity { state.entries.removeFirst() }
      state.entries.append(Entry(block: block, items: items))
    }
    return items[index]
  }
}
