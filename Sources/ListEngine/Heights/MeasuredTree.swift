/// The measured rows at one width, in a treap keyed by row.
///
/// Only measured rows are stored, so the tree's size is the number of rows ever shown at this
/// width, never the row count. Each node carries its subtree's sum of measured heights and
/// its count of measured rows per kind; with those, the sums over all measured rows below a
/// given row come out of one root-to-leaf walk (O(log m) expected, m measured rows).
///
/// Nodes live in one array of plain values (indices for links) and the per-kind counts in a
/// second one, so dropping a whole tree frees two buffers: O(1), however many rows were
/// measured. Priorities are a hash of the row, so the shape depends only on the set of rows.
struct MeasuredTree: Sendable {
  /// One measured row and the sums over its subtree.
  struct Node: Sendable {
    var row: Int
    var height: Int
    var kind: Int
    var priority: UInt64
    var left: Int32
    var right: Int32
    /// Sum of `height` over this node's subtree.
    var subtreeHeight: Int
  }

  /// Link value for "no node".
  static let none: Int32 = -1

  let kindCount: Int
  private(set) var nodes: [Node] = []
  /// `subtreeKindCounts[node * kindCount + k]`: rows of kind `k` in the node's subtree.
  private var subtreeKindCounts: [Int32] = []
  private var freeSlots: [Int32] = []
  private(set) var root: Int32 = MeasuredTree.none
  /// The number of measured rows stored.
  private(set) var count = 0

  init(kindCount: Int) {
    precondition(kindCount >= 1, "at least one kind")
    self.kindCount = kindCount
  }

  // MARK: - Queries

  /// The measured height of `row`, or nil when it is not stored.
  func height(ofRow row: Int) -> Int? {
    var node = root
    while node != Self.none {
      let here = nodes[Int(node)]
      if row == here.row { return here.height }
      node = row < here.row ? here.left : here.right
    }
    return nil
  }

  /// Sum of the heights of all stored rows.
  var totalHeight: Int {
    root == Self.none ? 0 : nodes[Int(root)].subtreeHeight
  }

  /// The number of stored rows of `kind`.
  func count(ofKind kind: Int) -> Int {
    root == Self.none ? 0 : Int(subtreeKindCounts[Int(root) * kindCount + kind])
  }

  /// The stored count of rows of `kind` in `node`'s subtree (for the invariant check).
  func storedCount(of node: Int32, kind: Int) -> Int {
    Int(subtreeKindCounts[Int(node) * kindCount + kind])
  }

  /// Sums over the stored rows below `row` (rows `0..<row`).
  ///
  /// - Parameter weights: one weight per kind.
  /// - Returns: the sum of their measured heights, and the sum over them of the weight of
  ///   their kind (with the kinds' estimates as weights, what those rows would count for if
  ///   they were not measured).
  func sums(below row: Int, weights: [Int]) -> (height: Int, weighted: Int) {
    var height = 0
    var weighted = 0
    var node = root
    while node != Self.none {
      let here = nodes[Int(node)]
      if here.row < row {
        height += here.height
        weighted += weights[here.kind]
        if here.left != Self.none {
          height += nodes[Int(here.left)].subtreeHeight
          weighted += weightedCount(of: here.left, weights: weights)
        }
        node = here.right
      } else {
        node = here.left
      }
    }
    return (height, weighted)
  }

  /// Calls `body` with every stored row, ascending.
  func forEach(_ body: (_ row: Int, _ kind: Int, _ height: Int) -> Void) {
    var stack: [Int32] = []
    var node = root
    while node != Self.none || !stack.isEmpty {
      while node != Self.none {
        stack.append(node)
        node = nodes[Int(node)].left
      }
      guard let top = stack.popLast() else { break }
      let here = nodes[Int(top)]
      body(here.row, here.kind, here.height)
      node = here.right
    }
  }

  // MARK: - Updates

  /// Stores a measured row; `row` must not be stored yet.
  mutating func insert(row: Int, kind: Int, height: Int) {
    precondition(kind >= 0 && kind < kindCount, "kind \(kind) outside 0..<\(kindCount)")
    let node = allocate(
      Node(
        row: row, height: height, kind: kind, priority: Self.priority(ofRow: row),
        left: Self.none, right: Self.none, subtreeHeight: height))
    root = insert(node, into: root)
    count += 1
  }

  /// Removes a stored row.
  ///
  /// - Returns: its kind and height, or nil when it was not stored.
  @discardableResult
  mutating func remove(row: Int) -> (kind: Int, height: Int)? {
    var removed: (kind: Int, height: Int)?
    root = remove(row: row, from: root, removed: &removed)
    if removed != nil { count -= 1 }
    return removed
  }

  // MARK: - Treap internals

  private func weightedCount(of node: Int32, weights: [Int]) -> Int {
    let base = Int(node) * kindCount
    var sum = 0
    for kind in 0..<kindCount {
      sum += weights[kind] * Int(subtreeKindCounts[base + kind])
    }
    return sum
  }

  /// A well-mixed priority from the row (SplitMix64's finalizer), so no state is needed.
  static func priority(ofRow row: Int) -> UInt64 {
    var bits = UInt64(bitPattern: Int64(row)) &+ 0x9E37_79B9_7F4A_7C15
    bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
    bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
    return bits ^ (bits >> 31)
  }

  /// True when `a` belongs above `b` in the heap order (ties broken by row).
  private func outranks(_ a: Int32, _ b: Int32) -> Bool {
    let first = nodes[Int(a)]
    let second = nodes[Int(b)]
    if first.priority != second.priority { return first.priority > second.priority }
    return first.row < second.row
  }

  /// Places a childless node in a free slot (or a new one) with its sums set.
  private mutating func allocate(_ node: Node) -> Int32 {
    let slot: Int32
    if let free = freeSlots.popLast() {
      slot = free
      nodes[Int(slot)] = node
    } else {
      slot = Int32(nodes.count)
      nodes.append(node)
      subtreeKindCounts.append(contentsOf: repeatElement(0, count: kindCount))
    }
    update(slot)
    return slot
  }

  /// Recomputes a node's sums from its children.
  private mutating func update(_ node: Int32) {
    let here = nodes[Int(node)]
    var height = here.height
    let base = Int(node) * kindCount
    for kind in 0..<kindCount {
      subtreeKindCounts[base + kind] = kind == here.kind ? 1 : 0
    }
    height += addCounts(of: here.left, into: base)
    height += addCounts(of: here.right, into: base)
    nodes[Int(node)].subtreeHeight = height
  }

  /// Adds a child's per-kind counts into the counts at `base`; returns the child's height sum.
  private mutating func addCounts(of child: Int32, into base: Int) -> Int {
    guard child != Self.none else { return 0 }
    let childBase = Int(child) * kindCount
    for kind in 0..<kindCount {
      subtreeKindCounts[base + kind] += subtreeKindCounts[childBase + kind]
    }
    return nodes[Int(child)].subtreeHeight
  }

  private mutating func rotateRight(_ node: Int32) -> Int32 {
    let left = nodes[Int(node)].left
    nodes[Int(node)].left = nodes[Int(left)].right
    nodes[Int(left)].right = node
    update(node)
    update(left)
    return left
  }

  private mutating func rotateLeft(_ node: Int32) -> Int32 {
    let right = nodes[Int(node)].right
    nodes[Int(node)].right = nodes[Int(right)].left
    nodes[Int(right)].left = node
    update(node)
    update(right)
    return right
  }

  private mutating func insert(_ new: Int32, into node: Int32) -> Int32 {
    guard node != Self.none else { return new }
    let row = nodes[Int(new)].row
    precondition(row != nodes[Int(node)].row, "row \(row) is already measured")
    if row < nodes[Int(node)].row {
      let left = insert(new, into: nodes[Int(node)].left)
      nodes[Int(node)].left = left
      if outranks(left, node) { return rotateRight(node) }
    } else {
      let right = insert(new, into: nodes[Int(node)].right)
      nodes[Int(node)].right = right
      if outranks(right, node) { return rotateLeft(node) }
    }
    update(node)
    return node
  }

  private mutating func remove(
    row: Int, from node: Int32, removed: inout (kind: Int, height: Int)?
  ) -> Int32 {
    guard node != Self.none else { return node }
    let here = nodes[Int(node)]
    if row == here.row {
      removed = (here.kind, here.height)
      freeSlots.append(node)
      return merge(here.left, here.right)
    }
    if row < here.row {
      let left = remove(row: row, from: here.left, removed: &removed)
      nodes[Int(node)].left = left
    } else {
      let right = remove(row: row, from: here.right, removed: &removed)
      nodes[Int(node)].right = right
    }
    if removed != nil { update(node) }
    return node
  }

  /// Joins two treaps whose rows are all less (`low`) and all greater (`high`).
  private mutating func merge(_ low: Int32, _ high: Int32) -> Int32 {
    if low == Self.none { return high }
    if high == Self.none { return low }
    if outranks(low, high) {
      let right = merge(nodes[Int(low)].right, high)
      nodes[Int(low)].right = right
      update(low)
      return low
    }
    let left = merge(low, nodes[Int(high)].left)
    nodes[Int(high)].left = left
    update(high)
    return high
  }
}
