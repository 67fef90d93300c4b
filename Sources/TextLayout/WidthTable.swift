/// A two-level lookup table of glibc `wcwidth`, built once from the generated runs in
/// `GlibcWidthTable.swift`.
///
/// Code points are split into 256-entry blocks; `blockIndex[codePoint >> 8]` names a shared,
/// de-duplicated block in `entries`, so a lookup is two array reads. Each entry packs the
/// display width in its low two bits (0, 1 or 2; glibc's -1 is stored as width 0) and sets
/// `unprintableFlag` where glibc returned -1.
struct WidthTable: Sendable {
  /// Entry bit set where glibc's `wcwidth` is -1 (controls, unassigned, noncharacters).
  static let unprintableFlag: UInt8 = 4
  static let blockShift: UInt32 = 8
  static let blockSize = 1 << 8
  static let codePointCount = 0x11_0000

  /// The table for this process, built on first use (about 1 ms).
  static let shared = WidthTable(runs: glibcRuns)

  private(set) var blockIndex: [UInt16]
  private(set) var entries: [UInt8]

  init(runs: [(start: UInt32, wcwidth: Int8)]) {
    var blockIndex: [UInt16] = []
    var entries: [UInt8] = []
    var known: [[UInt8]: UInt16] = [:]
    var runIndex = 0
    var block = [UInt8](repeating: 0, count: Self.blockSize)
    for blockStart in stride(from: 0, to: Self.codePointCount, by: Self.blockSize) {
      for offset in 0..<Self.blockSize {
        let codePoint = UInt32(blockStart + offset)
        while runIndex + 1 < runs.count && runs[runIndex + 1].start <= codePoint {
          runIndex += 1
        }
        block[offset] = Self.entry(wcwidth: runs[runIndex].wcwidth)
      }
      if let existing = known[block] {
        blockIndex.append(existing)
      } else {
        let number = UInt16(known.count)
        known[block] = number
        blockIndex.append(number)
        entries.append(contentsOf: block)
      }
    }
    self.blockIndex = blockIndex
    self.entries = entries
  }

  private static func entry(wcwidth: Int8) -> UInt8 {
    wcwidth < 0 ? unprintableFlag : UInt8(wcwidth)
  }

  /// The packed entry for a code point; code points above U+10FFFF read as unprintable.
  @inline(__always)
  func entry(_ codePoint: UInt32) -> UInt8 {
    guard codePoint < UInt32(Self.codePointCount) else { return Self.unprintableFlag }
    let block = Int(blockIndex[Int(codePoint >> Self.blockShift)])
    return entries[block << Self.blockShift | Int(codePoint & 0xFF)]
  }

  /// Display width in cells: glibc's `wcwidth`, with -1 counted as 0.
  @inline(__always)
  func width(_ codePoint: UInt32) -> Int {
    Int(entry(codePoint) & 3)
  }

  /// Whether glibc prints the code point at all (`wcwidth` >= 0).
  @inline(__always)
  func isPrintable(_ codePoint: UInt32) -> Bool {
    entry(codePoint) & Self.unprintableFlag == 0
  }
}
