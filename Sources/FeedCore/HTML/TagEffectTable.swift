/// The elements that are not inline, keyed by `HTMLMarkup.packedName`: an open-addressing
/// table with a multiplicative hash.
///
/// A lookup is a multiply, a shift and a compare or two, for every tag of every HTML field;
/// the standard `Dictionary` hashes each key with SipHash, which costs more than the rest of
/// the tag handling.
struct TagEffectTable {
  /// 128 slots for 50 names: probes stay short.
  private static let slotBits: UInt64 = 7
  /// 0 marks an empty slot (a packed name is never 0: its length is in the top bits).
  private var keys: [UInt64]
  private var effects: [HTMLMarkup.TagEffect]

  init(_ entries: [(key: UInt64, effect: HTMLMarkup.TagEffect)]) {
    let count = 1 << Int(TagEffectTable.slotBits)
    precondition(entries.count < count / 2, "the table is sized for fewer names")
    keys = Array(repeating: 0, count: count)
    effects = Array(repeating: .inline, count: count)
    for entry in entries {
      var slot = TagEffectTable.slot(of: entry.key)
      while keys[slot] != 0 && keys[slot] != entry.key { slot = (slot + 1) & (count - 1) }
      keys[slot] = entry.key
      effects[slot] = entry.effect
    }
  }

  /// The effect stored for `key`, `nil` when the name is not in the table.
  @inline(__always)
  func effect(_ key: UInt64) -> HTMLMarkup.TagEffect? {
    var slot = TagEffectTable.slot(of: key)
    while true {
      let stored = keys[slot]
      if stored == key { return effects[slot] }
      if stored == 0 { return nil }
      slot = (slot + 1) & (keys.count - 1)
    }
  }

  @inline(__always)
  private static func slot(of key: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
  }
}
