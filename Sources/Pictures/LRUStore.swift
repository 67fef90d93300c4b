/// A map from keys to values with a byte budget: values are weighed when inserted, and the
/// least recently used are dropped until the total fits the budget.
///
/// Recency is an intrusive doubly linked list over array slots (index links, a free list), so
/// lookup, insertion and eviction are O(1). Not thread-safe: `PictureCache` guards it.
///
/// A pinned value is never evicted: it leaves the recency list while pinned, and unpinning
/// puts it back as the most recently used. Pinned values may take at most `pinnedShare` of
/// the budget; a value pinned beyond that is kept as an ordinary one (evictable), so the
/// unpinned pictures on screen always have half the budget and a small budget never
/// starves them. The total stays within the budget either way.
struct LRUStore<Key: Hashable, Value> {
  fileprivate struct Slot {
    var key: Key
    var value: Value
    var bytes: Int
    var newer: Int?
    var older: Int?
    var pinned = false
  }

  /// The fraction of the budget pinned values may take: a half.
  static var pinnedShare: Int { 2 }

  /// The most bytes the values may weigh together.
  let budget: Int
  /// What the stored values weigh together; never above `budget` between calls.
  private(set) var bytes = 0
  /// What the pinned values weigh together; never above `budget / pinnedShare`.
  private(set) var pinnedBytes = 0
  private var slots: [Slot?] = []
  private var free: [Int] = []
  private var index: [Key: Int] = [:]
  private var newest: Int?
  private var oldest: Int?

  init(budget: Int) {
    precondition(budget >= 0, "a budget is not negative")
    self.budget = budget
  }

  /// How many values are stored.
  var count: Int { index.count }

  /// The value for `key`, which becomes the most recently used.
  mutating func value(for key: Key) -> Value? {
    guard let slot = index[key], let entry = slots[slot] else { return nil }
    if !entry.pinned {
      unlink(slot)
      linkAsNewest(slot)
    }
    return entry.value
  }

  /// Stores `value` weighing `bytes` as the most recently used, replacing any value for
  /// `key`, then evicts the oldest until the budget holds. A value heavier than the whole
  /// budget is not stored. `pinned`: pinned at once when the pinned share has room.
  mutating func insert(_ value: Value, bytes: Int, for key: Key, pinned: Bool = false) {
    remove(key)
    guard bytes <= budget else { return }
    let slot = Slot(key: key, value: value, bytes: bytes, newer: nil, older: nil)
    let position: Int
    if let reused = free.popLast() {
      slots[reused] = slot
      position = reused
    } else {
      slots.append(slot)
      position = slots.count - 1
    }
    index[key] = position
    self.bytes += bytes
    linkAsNewest(position)
    if pinned { setPinned(true, for: key) }
    while self.bytes > budget, let victim = oldest, let key = slots[victim]?.key {
      remove(key)
    }
  }

  /// Pins the value for `key` (when the pinned share has room for it) or unpins it; false
  /// when there is no such value or no room.
  @discardableResult
  mutating func setPinned(_ pinned: Bool, for key: Key) -> Bool {
    guard let slot = index[key], let entry = slots[slot] else { return false }
    if entry.pinned == pinned { return true }
    if pinned {
      guard pinnedBytes + entry.bytes <= budget / Self.pinnedShare else { return false }
      unlink(slot)
      pinnedBytes += entry.bytes
    } else {
      pinnedBytes -= entry.bytes
      linkAsNewest(slot)
    }
    slots[slot]?.pinned = pinned
    return true
  }

  /// Whether the value for `key` is pinned.
  func isPinned(_ key: Key) -> Bool {
    index[key].flatMap { slots[$0]?.pinned } ?? false
  }

  /// Every stored key (pinned ones included), in no order.
  var keys: Dictionary<Key, Int>.Keys { index.keys }

  /// Drops the value for `key`, if any.
  mutating func remove(_ key: Key) {
    guard let slot = index.removeValue(forKey: key), let entry = slots[slot] else {
      return
    }
    let weight = entry.bytes
    if entry.pinned { pinnedBytes -= weight } else { unlink(slot) }
    slots[slot] = nil
    free.append(slot)
    bytes -= weight
  }

  /// Drops everything.
  mutating func removeAll() {
    self = LRUStore(budget: budget)
  }

  /// The unpinned keys from most to least recently used.
  var keysByRecency: [Key] {
    var keys: [Key] = []
    var cursor = newest
    while let slot = cursor, let entry = slots[slot] {
      keys.append(entry.key)
      cursor = entry.older
    }
    return keys
  }

  /// Checks the bookkeeping: the list holds exactly the indexed keys, links agree both
  /// ways, and the byte total is the sum of the weights and within budget.
  func checkInvariants() {
    let keys = keysByRecency
    let unpinned = index.filter { slots[$0.value]?.pinned == false }.map(\.key)
    precondition(keys.count == unpinned.count, "the list holds every unpinned key once")
    precondition(Set(keys) == Set(unpinned), "the list holds exactly the unpinned keys")
    let total = index.values.reduce(0) { $0 + (slots[$1]?.bytes ?? 0) }
    precondition(total == bytes && bytes <= budget, "bytes add up and fit the budget")
    let pinned = index.values.reduce(0) { total, slot in
      total + ((slots[slot]?.pinned ?? false) ? slots[slot]?.bytes ?? 0 : 0)
    }
    precondition(
      pinned == pinnedBytes && pinnedBytes <= budget / Self.pinnedShare,
      "pinned bytes add up and fit their share")
    precondition(oldest.flatMap { slots[$0]?.older } == nil, "the oldest has nothing older")
  }

  // MARK: - Links

  private mutating func unlink(_ slot: Int) {
    let newer = slots[slot]?.newer
    let older = slots[slot]?.older
    if let newer { slots[newer]?.older = older } else { newest = older }
    if let older { slots[older]?.newer = newer } else { oldest = newer }
    slots[slot]?.newer = nil
    slots[slot]?.older = nil
  }

  private mutating func linkAsNewest(_ slot: Int) {
    slots[slot]?.older = newest
    slots[slot]?.newer = nil
    if let newest { slots[newest]?.newer = slot }
    newest = slot
    if oldest == nil { oldest = slot }
  }
}

extension LRUStore: Sendable where Key: Sendable, Value: Sendable {}
extension LRUStore.Slot: Sendable where Key: Sendable, Value: Sendable {}
