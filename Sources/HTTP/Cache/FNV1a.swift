/// FNV-1a hashes: 128-bit for cache file names, 64-bit for body checksums.
///
/// Not cryptographic, and nothing here needs it to be: names only have to be spread and
/// stable (a collision is caught because the entry records its URL), and the checksum only
/// has to catch torn and truncated writes, not an attacker who can write the cache directory.
package enum FNV1a {
  /// The 128-bit hash as 32 lower-case hex digits.
  package static func hex128<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    var hash: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
    let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013B
    for byte in bytes {
      hash ^= UInt128(byte)
      hash = hash &* prime
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 32 - digits.count) + digits
  }

  /// The 64-bit hash of raw bytes.
  package static func hash64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
