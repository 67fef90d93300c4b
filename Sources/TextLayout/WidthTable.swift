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

  /// The table for this process, built on first use.
  static let shared = WidthTable(runs: glibcRuns)

  let blockIndex: [UInt16]
  let entries: [UInt8]

  init(runs: [(start: UInt32, wcwidth: Int8)]) {
    var blockIndex: [UInt16] = []
    blockIndex.reserveCapacity(Self.codePointCount / Self.blockSize)
    var entries: [UInt8] = []
    // Blocks of one width are shared; blocks of several are kept as they are (145 of them in
    // glibc 2.36's table, 144 different: hashing them to share the one twin cost more than
    // building the whole table otherwise).
    var uniformBlocks: [UInt8: UInt16] = [:]
    var runIndex = 0
    for blockStart in stride(from: 0, to: Self.codePointCount, by: Self.blockSize) {
      let start = UInt32(blockStart)
      let number = UInt16(entries.count / Self.blockSize)
      if let value = Self.uniformEntry(at: start, runs: runs, runIndex: &runIndex) {
        if let shared = uniformBlocks[value] {
          blockIndex.append(shared)
        } else {
          uniformBlocks[value] = number
          entries.append(contentsOf: repeatElement(value, count: Self.blockSize))
          blockIndex.append(number)
        }
      } else {
        Self.appendMixedBlock(at: start, runs: runs, runIndex: &runIndex, to: &entries)
        blockIndex.append(number)
      }
    }
    self.blockIndex = blockIndex
    self.entries = entries
  }

  /// The single entry of the block at `blockStart` when one run covers all of it. Advances
  /// `runIndex` to the run that covers `blockStart`.
  private static func uniformEntry(
    at blockStart: UInt32, runs: [(start: UInt32, wcwidth: Int8)], runIndex: inout Int
  ) -> UInt8? {
    while runIndex + 1 < runs.count && runs[runIndex + 1].start <= blockStart {
      runIndex += 1
    }
    let blockEnd = blockStart + UInt32(blockSize)
    guard runIndex + 1 == runs.count || runs[runIndex + 1].start >= blockEnd else { return nil }
    return entry(wcwidth: runs[runIndex].wcwidth)
  }

  /// Appends the entries of a block that several runs cover; advances `runIndex` to the run
  /// that covers the block's last code point.
  private static func appendMixedBlock(
    at blockStart: UInt32, runs: [(start: UInt32, wcwidth: Int8)], runIndex: inout Int,
    to entries: inout [UInt8]
  ) {
    for offset in 0..<blockSize {
      let codePoint = blockStart + UInt32(offset)
      while runIndex + 1 < runs.count && runs[runIndex + 1].start <= codePoint {
        runIndex += 1
      }
      entries.append(entry(wcwidth: runs[runIndex].wcwidth))
    }
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
