/// Finds grapheme-cluster boundaries (UAX #29, as Swift's `Character` does) in a UTF-8 buffer,
/// measuring each cluster on the way.
///
/// Most boundaries are decided by a pair test: when two adjacent scalars are both "simple" (see
/// `isSimple`), there is always a boundary between them. Only clusters that contain anything
/// else (combining marks, ZWJ, variation selectors, regional indicators, Hangul jamo, Indic
/// conjuncts...) are handed to the standard library's own incremental recognizer, so the
/// result equals Swift's `Character` segmentation (a test checks this on random strings) while
/// CJK, Arabic and Latin text never leave the fast path.
///
/// `Unicode._CharacterRecognizer` is underscored but public, ABI-stable API of the standard
/// library (Swift 5.9+); it is the same state machine `String` uses.
struct GraphemeScanner {
  /// A measured cluster: its bytes end at `end`, it is `width` cells wide (the sum over its
  /// scalars) and its first scalar is `first`.
  struct Cluster {
    var end: Int
    var width: Int
    var first: UInt32
  }

  let bytes: UnsafeBufferPointer<UInt8>
  let table: WidthTable

  /// The cluster that starts at `start`, which must be a cluster boundary, ending at or
  /// before `limit`.
  ///
  /// A cluster of two or more scalars always begins with a pair that is not both simple, so
  /// testing the first pair is enough to take the fast path.
  @inline(__always)
  func cluster(from start: Int, limit: Int) -> Cluster {
    let (first, firstLength) = UTF8Walker.decode(bytes, at: start)
    let end = start + firstLength
    if end >= limit
      || Self.isSimple(first) && Self.isSimple(UTF8Walker.decode(bytes, at: end).value)
    {
      return Cluster(end: end, width: table.width(first), first: first)
    }
    return recognizedCluster(from: start, first: first, limit: limit)
  }

  /// The cluster at `start`, with its end found by the standard library's recognizer.
  private func recognizedCluster(from start: Int, first: UInt32, limit: Int) -> Cluster {
    var recognizer = Unicode._CharacterRecognizer()
    var width = 0
    var position = start
    while position < limit {
      let (value, length) = UTF8Walker.decode(bytes, at: position)
      if recognizer.hasBreak(before: Self.scalar(value)) && position > start { break }
      width &+= table.width(value)
      position += length
    }
    return Cluster(end: position, width: width, first: first)
  }

  @inline(__always)
  private static func scalar(_ value: UInt32) -> Unicode.Scalar {
    Unicode.Scalar(value) ?? "\u{FFFD}"
  }

  /// Whether a scalar has a cluster boundary on both sides whenever its neighbour is simple too.
  ///
  /// These are scalars whose Grapheme_Cluster_Break property is Other or Control (CR aside),
  /// or Hangul LV/LVT syllables and Extended_Pictographic symbols, which only join with
  /// scalars outside this set. Ranges are whole blocks or block parts free of Extend,
  /// SpacingMark, Prepend, ZWJ, Regional_Indicator and conjoining jamo.
  @inline(__always)
  static func isSimple(_ value: UInt32) -> Bool {
    if value < 0x300 { return value != 0x0D }
    if value >= 0x4E00 && value <= 0x9FFF { return true }
    if value < 0x3000 {
      switch value {
      case 0x0370...0x0482, 0x048A...0x052F, 0x05D0...0x05EA, 0x061B...0x064A,
        0x0660...0x066F, 0x0671...0x06D3, 0x0E01...0x0E30, 0x0E40...0x0E46,
        0x1E00...0x1FFF, 0x2010...0x206F, 0x2100...0x2BFF, 0x2E80...0x2FFF:
        return true
      default:
        return false
      }
    }
    switch value {
    case 0x3000...0x3029, 0x3030...0x3098, 0x309B...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
      0xFE30...0xFE4F, 0xFF01...0xFF9D, 0x1F300...0x1F3FA, 0x1F400...0x1FAFF,
      0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
