/// A two-level lookup table of glibc `wcwidth`, read from the constant strings generated in
/// `GlibcWidthTable.swift`.
///
/// Code points are split into 256-entry blocks; `blockIndex[codePoint >> 8]` names a shared,
/// de-duplicated block in `entries`, so a lookup is two array reads. Each entry packs the
/// display width in its low two bits (0, 1 or 2; glibc's -1 is stored as width 0) and sets
/// `unprintableFlag` where glibc returned -1. The entries are the generated ASCII digits as
/// they are ('0' is 0x30): the bits above the third mean nothing.
///
/// Making the table is two copies of constant bytes and 4,352 hex pairs read; building it
/// from runs of widths at start-up would be a visible part of the first screen
/// (docs/adr/0151).
struct WidthTable: Sendable {
  /// Entry bit set where glibc's `wcwidth` is -1 (controls, unassigned, noncharacters).
  static let unprintableFlag: UInt8 = 4
  static let blockShift: UInt32 = 8
  static let blockSize = 1 << 8
  static let codePointCount = 0x11_0000

  /// The table for this process, made on first use.
  static let shared = WidthTable(blocks: packedBlocks, entries: packedEntries)

  let blockIndex: [UInt16]
  let entries: [UInt8]

  /// Reads the generated literals: `blocks` holds a hex pair per block, `entries` a digit per
  /// code point of each distinct block. A short or malformed literal traps at first use; the
  /// tests read every code point.
  init(blocks: StaticString, entries: StaticString) {
    let blockCount = Self.codePointCount / Self.blockSize
    precondition(blocks.utf8CodeUnitCount == 2 * blockCount, "packedBlocks: wrong length")
    let pairs = UnsafeBufferPointer(start: blocks.utf8Start, count: blocks.utf8CodeUnitCount)
    blockIndex = (0..<blockCount).map { block in
      UInt16(Self.hexDigit(pairs[2 * block]) << 4 | Self.hexDigit(pairs[2 * block + 1]))
    }
    self.entries = Array(
      UnsafeBufferPointer(start: entries.utf8Start, count: entries.utf8CodeUnitCount))
    let blocksHeld = self.entries.count / Self.blockSize
    precondition(
      self.entries.count % Self.blockSize == 0 && blockIndex.allSatisfy { Int($0) < blocksHeld },
      "packedEntries: wrong length")
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: preconditionFailure("packedBlocks: \(byte) is not a hex digit")
    }
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
