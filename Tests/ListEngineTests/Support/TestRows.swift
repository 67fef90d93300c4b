import ListEngine

/// Deterministic row heights for tests: a pure function of row, width and a per-row salt
/// (bumped to simulate a content change).
enum TestRows {
  /// A hash of the inputs, well mixed.
  static func mix(_ values: Int...) -> UInt64 {
    var bits: UInt64 = 0x243F_6A88_85A3_08D3
    for value in values {
      bits = (bits ^ UInt64(bitPattern: Int64(value))) &* 0x9E37_79B9_7F4A_7C15
      bits ^= bits >> 29
    }
    return bits
  }

  /// Kind 0 rows get 1...(narrow ? 9 : 4) lines; kind 1 (image) rows 6...8 lines unless the
  /// width is under 20, where they fall back to the basic range. Widths change heights the
  /// way wrapping does: narrower is never shorter on average.
  static func height(row: Int, width: Int, kind: Int, salt: Int = 0) -> Int {
    let hash = Int(mix(row, width, salt) % 1000)
    if kind == 1 && width >= 20 { return 6 + hash % 3 }
    return 1 + hash % (width < 20 ? 9 : 4)
  }

  /// The initial estimates used in tests: deliberately off, so estimates matter.
  static func estimate(kind: Int, width: Int) -> Int {
    kind == 1 ? 5 : 2
  }

  /// Kinds with roughly one image row in four.
  static func kinds(count: Int, seed: Int) -> [UInt8] {
    (0..<count).map { mix($0, seed) % 4 == 0 ? 1 : 0 }
  }

  /// A viewport over `kinds` with per-row salts.
  static func viewport(
    kinds: [UInt8], salts: [Int]? = nil, width: Int, height: Int
  ) -> ListViewport<ArrayRowKinds> {
    ListViewport(
      kinds: ArrayRowKinds(kinds, kindCount: 2), width: width, height: height,
      initialEstimate: { kind, width in estimate(kind: kind, width: width) },
      measure: measure(kinds: kinds, salts: salts))
  }

  /// The measure closure matching `height(row:width:kind:salt:)`.
  static func measure(kinds: [UInt8], salts: [Int]?) -> @Sendable (Int, Int) -> Int {
    { row, width in
      height(row: row, width: width, kind: Int(kinds[row]), salt: salts?[row] ?? 0)
    }
  }
}
