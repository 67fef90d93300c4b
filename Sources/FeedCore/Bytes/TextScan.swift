#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Word-at-a-time (8 bytes) scans over UTF-8 for the HTML-to-text hot path.
///
/// The tricks are the classic SWAR ones: `(w - 0x0101...) & ~w & 0x8080...` flags a zero byte
/// (exactly for the lowest one; borrows can only add false flags above a true one), and
/// `w ^ 0xXXXX...` turns bytes equal to `XX` into zero bytes.
public enum TextScan {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// Flags (high bit per byte) a zero byte somewhere in `word`; exact for the lowest flagged.
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- ones) & ~word & highs
  }

  /// The index of the first byte at or after `start` that `isHit` takes, or `bytes.count`:
  /// eight bytes at a time while `hits` (the high bit of each byte it takes, exact for the
  /// lowest) flags none of a word, then byte by byte.
  @inline(__always)
  private static func firstHit(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, hits: (UInt64) -> UInt64,
    isHit: (UInt8) -> Bool
  ) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    var i = start
    while i + 8 <= bytes.count {
      let flagged = hits(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      if flagged != 0 { return i + flagged.trailingZeroBitCount / 8 }
      i += 8
    }
    while i < bytes.count, !isHit(bytes[i]) { i += 1 }
    return i
  }

  /// The index of the first `byte` at or after `start` (`memchr`), or nil.
  static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int?
  {
    guard start < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + start, Int32(byte), bytes.count - start)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// The index of the first `<` or `&` at or after `start`, or `bytes.count`.
  static func markupOrReference(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    firstHit(
      in: bytes, from: start,
      hits: { zeroBytes($0 ^ (ones &* 0x3C)) | zeroBytes($0 ^ (ones &* 0x26)) },
      isHit: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") })
  }

  /// The index of the first byte at or after `start` that a CDATA run of
  /// `TextReferenceFolder` may not copy as it is without a look (a control byte, `&`, `<`,
  /// `]` or any non-ASCII byte), or `bytes.count`.
  static func cdataAttention(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    firstHit(
      in: bytes, from: start,
      hits: { word in
        let below = (word &- (ones &* 0x20)) & ~word & highs
        return below | zeroBytes(word ^ (ones &* 0x26)) | zeroBytes(word ^ (ones &* 0x3C))
          | zeroBytes(word ^ (ones &* 0x5D)) | (word & highs)
      },
      isHit: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x5D || $0 >= 0x80 })
  }

  /// The index of the first byte at or after `start` that element text needs a look at
  /// (`TextReferenceFolder`): `<`, `&`, `]`, a control byte or 0xEF (the lead byte of U+F000
  /// to U+FFFF, where U+FFFE and U+FFFF lie), or `bytes.count`.
  static func textAttention(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    firstHit(
      in: bytes, from: start,
      hits: { word in
        let below = (word &- (ones &* 0x20)) & ~word & highs
        return below | zeroBytes(word ^ (ones &* 0x3C)) | zeroBytes(word ^ (ones &* 0x26))
          | zeroBytes(word ^ (ones &* 0x5D)) | zeroBytes(word ^ (ones &* 0xEF))
      },
      isHit: { $0 < 0x20 || $0 == 0x3C || $0 == 0x26 || $0 == 0x5D || $0 == 0xEF })
  }

  /// The index of the first byte at or after `start` that a quoted attribute value or a
  /// comment needs a look at: `stop` (its quote, or `-`), `<`, a control byte or 0xEF, or
  /// `bytes.count`.
  static func markupAttention(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, stop: UInt8)
    -> Int
  {
    let stops = ones &* UInt64(stop)
    return firstHit(
      in: bytes, from: start,
      hits: { word in
        let below = (word &- (ones &* 0x20)) & ~word & highs
        return below | zeroBytes(word ^ stops) | zeroBytes(word ^ (ones &* 0x3C))
          | zeroBytes(word ^ (ones &* 0xEF))
      },
      isHit: { $0 < 0x20 || $0 == stop || $0 == 0x3C || $0 == 0xEF })
  }

  /// Whether `bytes` needs no whitespace work: no control or whitespace byte other than a
  /// space, and never two spaces in a row (a collapse would leave it as it is).
  static func isCollapsed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var i = 0
    var previousWasSpace = false
    while i + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      // Any byte < 0x20 (tab, newline, ...): high bit set after subtracting 0x20 while clear
      // before. Non-ASCII bytes have their high bit set and are never flagged.
      if (word &- (ones &* 0x20)) & ~word & highs != 0 { return false }
      // Exact mask of the space bytes (high bit of each byte that is 0x20).
      let x = word ^ (ones &* 0x20)
      let spaces = ~(((x & ~highs) &+ ~highs) | x | ~highs)
      if spaces & (spaces >> 8) != 0 { return false }
      if previousWasSpace, spaces & 0x80 != 0 { return false }
      previousWasSpace = spaces >> 63 != 0
      i += 8
    }
    while i < bytes.count {
      let byte = bytes[i]
      if byte < 0x20 { return false }
      if byte == 0x20 {
        if previousWasSpace { return false }
        previousWasSpace = true
      } else {
        previousWasSpace = false
      }
      i += 1
    }
    return true
  }

  /// Whether every byte of `bytes` is printable ASCII (0x20-0x7E).
  public static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var i = 0
    while i + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      // A byte below 0x20, DEL, or any byte with its high bit set.
      let below = (word &- (ones &* 0x20)) & ~word
      if (below | zeroBytes(word ^ (ones &* 0x7F)) | word) & highs != 0 { return false }
      i += 8
    }
    while i < bytes.count {
      guard bytes[i] >= 0x20, bytes[i] < 0x7F else { return false }
      i += 1
    }
    return true
  }

  /// The index of the first byte at or after `start` that a JSON string literal may not
  /// copy as it is without a look (a control byte, `"`, `\`, DEL or any non-ASCII byte), or
  /// `bytes.count`.
  static func jsonAttention(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    firstHit(
      in: bytes, from: start,
      hits: { word in
        let below = (word &- (ones &* 0x20)) & ~word & highs
        return below | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
          | zeroBytes(word ^ (ones &* 0x7F)) | (word & highs)
      },
      isHit: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F })
  }
}
