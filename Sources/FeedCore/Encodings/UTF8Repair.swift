/// Makes a UTF-8 byte stream acceptable to an XML parser, chunk by chunk.
///
/// Each maximal ill-formed subsequence becomes one U+FFFD (the Unicode "substitution of maximal
/// subparts" practice), and so do the characters XML forbids: C0 controls other than tab, line
/// feed and carriage return, and U+FFFE/U+FFFF. A sequence cut by a chunk boundary is held back
/// until the next chunk. Chunks that need no change are passed on without a copy.
struct UTF8Repair {
  private var carry: [UInt8] = []
  private var output: [UInt8] = []
  /// How many U+FFFD were substituted so far.
  private(set) var substitutions = 0

  /// What the bytes at an index hold.
  enum Sequence: Equatable {
    case valid(length: Int)
    /// Substitute one U+FFFD for `length` bytes.
    case invalid(length: Int)
    /// Valid so far, but the buffer ends inside the sequence.
    case incomplete
  }

  /// Repairs `input` and hands the result to `emit` (possibly in two pieces).
  mutating func repair(
    _ input: UnsafeBufferPointer<UInt8>, final: Bool,
    emit: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var start = 0
    if !carry.isEmpty {
      start = finishCarry(input, final: final, emit: emit)
      if !carry.isEmpty { return }
    }
    repairBody(input, from: start, final: final, emit: emit)
  }

  /// Completes the sequence held back from the previous chunk; returns input bytes used.
  private mutating func finishCarry(
    _ input: UnsafeBufferPointer<UInt8>, final: Bool,
    emit: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Int {
    var used = 0
    while !carry.isEmpty {
      let joined = carry + input[used..<min(input.count, used + 4)]
      let check = joined.withUnsafeBufferPointer { UTF8Repair.check($0, at: 0) }
      switch check {
      case .valid(let length):
        joined.withUnsafeBufferPointer { emit(UnsafeBufferPointer(rebasing: $0[0..<length])) }
        used += length - carry.count
        carry.removeAll()
      case .invalid(let length):
        UTF8Bytes.replacement.withUnsafeBufferPointer(emit)
        substitutions += 1
        if length >= carry.count {
          used += length - carry.count
          carry.removeAll()
        } else {
          carry.removeFirst(length)
        }
      case .incomplete:
        if final {
          UTF8Bytes.replacement.withUnsafeBufferPointer(emit)
          substitutions += 1
          carry.removeAll()
          return input.count
        }
        carry = joined
        return input.count
      }
    }
    return used
  }

  private mutating func repairBody(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, final: Bool,
    emit: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var i = start
    var copied = start
    var changed = false
    var end = input.count
    output.removeAll(keepingCapacity: true)
    while i < end {
      i = UTF8Repair.skipValid(input, from: i, end: end)
      guard i < end else { break }
      let byte = input[i]
      let check: Sequence
      if byte < 0x80 {
        if byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
          i += 1
          continue
        }
        check = .invalid(length: 1)
      } else if let length = UTF8Repair.commonSequenceLength(input, at: i, end: end) {
        i += length
        continue
      } else {
        check = UTF8Repair.check(input, at: i)
      }
      switch check {
      case .valid(let length):
        i += length
      case .invalid(let length):
        output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<i]))
        output.append(contentsOf: UTF8Bytes.replacement)
        substitutions += 1
        changed = true
        i += length
        copied = i
      case .incomplete:
        if final {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<i]))
          output.append(contentsOf: UTF8Bytes.replacement)
          substitutions += 1
          changed = true
          copied = input.count
        } else {
          carry = Array(input[i...])
        }
        end = i
      }
    }
    if !changed {
      emit(UnsafeBufferPointer(rebasing: input[start..<end]))
      return
    }
    if copied < end {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: input[copied..<end]))
    }
    output.withUnsafeBufferPointer(emit)
  }

  /// Advances over text that needs no change, 16 bytes at a time where it can: runs of ASCII
  /// with no forbidden control character, and in mixed text the ASCII before a multi-byte
  /// character plus that character. Stops where a byte needs a closer look (a forbidden
  /// control character, an unusual or broken sequence) or fewer than 8 bytes remain; the
  /// caller goes on byte by byte.
  @inline(__always)
  private static func skipValid(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, end: Int
  ) -> Int {
    guard let base = input.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    var i = start
    while i + 8 <= end {
      while i &+ 32 <= end, isPlainASCII32(raw, at: i) { i &+= 32 }
      if i + 8 > end { break }
      if i + 16 <= end {
        let first = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        let second = raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
        if (first | second) & SWAR.highs == 0,
          forbiddenControls(first) | forbiddenControls(second) == 0
        {
          i += 16
          continue
        }
      }
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let nonASCII = word & SWAR.highs
      let asciiBytes = nonASCII == 0 ? 8 : nonASCII.trailingZeroBitCount / 8
      var forbidden = forbiddenControls(word)
      if asciiBytes < 8 { forbidden &= (1 << UInt64(asciiBytes * 8)) &- 1 }
      if forbidden != 0 { return i + forbidden.trailingZeroBitCount / 8 }
      i += asciiBytes
      if asciiBytes == 8 { continue }
      guard let length = commonSequenceLength(input, at: i, end: end) else { return i }
      i += length
    }
    return i
  }

  /// Whether the 32 bytes at `offset` are ASCII from 0x20 up or line feeds, the bulk of a
  /// feed: four words tested together, a handful of operations each (tab and carriage return
  /// are left to the exact test).
  @inline(__always)
  private static func isPlainASCII32(_ raw: UnsafeRawPointer, at offset: Int) -> Bool {
    let a = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    let b = raw.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)
    let c = raw.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self)
    let d = raw.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self)
    guard (a | b | c | d) & SWAR.highs == 0 else { return false }
    return controlsOtherThanLineFeed(a) | controlsOtherThanLineFeed(b)
      | controlsOtherThanLineFeed(c) | controlsOtherThanLineFeed(d) == 0
  }

  /// The high bit of each byte of the ASCII `word` (every high bit clear) below 0x20 other
  /// than a line feed. Exact per byte: no carry crosses bytes.
  @inline(__always)
  private static func controlsOtherThanLineFeed(_ word: UInt64) -> UInt64 {
    let controls = ~(word &+ SWAR.ones &* 0x60) & SWAR.highs
    return controls & ~SWAR.equal(word, 0x0A)
  }

  /// The high bit of each ASCII byte of `word` that XML forbids (below 0x20, other than tab,
  /// line feed and carriage return). Exact per byte: no borrow or carry crosses bytes.
  @inline(__always)
  static func forbiddenControls(_ word: UInt64) -> UInt64 {
    let low = word & ~SWAR.highs
    // low + 0x60 reaches 0x80 exactly when the byte is 0x20 or more (and never carries out).
    let controls = ~(low &+ SWAR.ones &* 0x60) & ~word & SWAR.highs
    if controls == 0 { return 0 }
    let allowed = SWAR.equal(low, 0x09) | SWAR.equal(low, 0x0A) | SWAR.equal(low, 0x0D)
    return controls & ~allowed
  }

  /// The length of the well-formed 2-, 3- or 4-byte sequence at `index` when it is one of the
  /// common shapes that need no further checks (no surrogate, overlong or U+FFFE/U+FFFF
  /// candidates), else `nil` (then `check` decides).
  @inline(__always)
  private static func commonSequenceLength(
    _ input: UnsafeBufferPointer<UInt8>, at index: Int, end: Int
  ) -> Int? {
    let lead = input[index]
    @inline(__always) func continuation(_ offset: Int) -> Bool {
      index + offset < end && input[index + offset] & 0xC0 == 0x80
    }
    switch lead {
    case 0xC2...0xDF:
      return continuation(1) ? 2 : nil
    case 0xE1...0xEC, 0xEE:
      return continuation(1) && continuation(2) ? 3 : nil
    case 0xF0:
      // U+10000 and up (emoji): the second byte is 90...BF.
      return index + 1 < end && input[index + 1] >= 0x90 && input[index + 1] <= 0xBF
        && continuation(2) && continuation(3) ? 4 : nil
    case 0xF1...0xF3:
      return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
    default:
      return nil
    }
  }

  /// Classifies the non-ASCII sequence at `index` (Unicode 15, table 3-7).
  static func check(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Sequence {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0x00..<0x80: return .valid(length: 1)
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return .invalid(length: 1)
    }
    for offset in 1..<length {
      guard index + offset < bytes.count else { return .incomplete }
      let byte = bytes[index + offset]
      let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
      if byte < min || byte > max { return .invalid(length: offset) }
    }
    // U+FFFE and U+FFFF are not XML characters.
    if lead == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
      return .invalid(length: 3)
    }
    return .valid(length: length)
  }
}

/// Byte-parallel helpers on 8 bytes held in a `UInt64` (SIMD within a register).
enum SWAR {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The high bit of each byte of `low` (every high bit clear) that equals `byte` (< 0x80).
  @inline(__always)
  static func equal(_ low: UInt64, _ byte: UInt8) -> UInt64 {
    // x + 0x7F reaches 0x80 exactly when x is not zero, and never carries out of the byte.
    let difference = low ^ (ones &* UInt64(byte))
    return ~(difference &+ ones &* 0x7F) & highs
  }
}
