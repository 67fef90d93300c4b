/// SipHash-2-4 (Aumasson and Bernstein, 2012) of bytes under a 128-bit key: the stable
/// 64-bit hash `ItemKey` is made of.
///
/// Not Swift's `Hasher`, which is seeded per process: a state database outlives processes,
/// and an export moves between machines, so the hash must be the same everywhere.
struct SipHash24 {
  let k0: UInt64
  let k1: UInt64

  /// The hash of `bytes`.
  func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var v0: UInt64 = 0x736f_6d65_7073_6575 ^ k0
    var v1: UInt64 = 0x646f_7261_6e64_6f6d ^ k1
    var v2: UInt64 = 0x6c79_6765_6e65_7261 ^ k0
    var v3: UInt64 = 0x7465_6462_7974_6573 ^ k1
    func round() {
      v0 &+= v1
      v1 = rotate(v1, 13) ^ v0
      v0 = rotate(v0, 32)
      v2 &+= v3
      v3 = rotate(v3, 16) ^ v2
      v0 &+= v3
      v3 = rotate(v3, 21) ^ v0
      v2 &+= v1
      v1 = rotate(v1, 17) ^ v2
      v2 = rotate(v2, 32)
    }
    func compress(_ word: UInt64) {
      v3 ^= word
      round()
      round()
      v0 ^= word
    }
    var word: UInt64 = 0
    var filled = 0
    for byte in bytes {
      word |= UInt64(byte) << (8 * filled)
      filled += 1
      if filled == 8 {
        compress(word)
        word = 0
        filled = 0
      }
    }
    compress(word | UInt64(truncatingIfNeeded: bytes.count) << 56)
    v2 ^= 0xFF
    for _ in 0..<4 { round() }
    return v0 ^ v1 ^ v2 ^ v3
  }

  private func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
    (value << bits) | (value >> (64 - bits))
  }
}
