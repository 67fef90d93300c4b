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

  /// Advances over text that needs no change, a word (8 bytes) at a time where it can: whole
  /// words of ASCII, and in mixed text the ASCII before a multi-byte character plus that
  /// character. Stops where a byte needs a closer look (a control character, an unusual or
  /// broken sequence) or fewer than 8 bytes remain; the caller goes on byte by byte.
  @inline(__always)
  private static func skipValid(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int, end: Int
  ) -> Int {
    guard let base = input.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    let high: UInt64 = 0x8080_8080_8080_8080
    var i = start
    while i + 8 <= end {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      // Bytes < 0x20 set their high bit in (word - 0x20...) where their own high bit is clear
      // (borrows can only add false positives above a true one).
      var controls = (word &- 0x2020_2020_2020_2020) & ~word & high
      let nonASCII = word & high
      let asciiBytes = nonASCII == 0 ? 8 : nonASCII.trailingZeroBitCount / 8
      if asciiBytes < 8 { controls &= (1 << UInt64(asciiBytes * 8)) &- 1 }
      if controls != 0 {
        // Tab, LF and CR are fine; anything else below 0x20 is for the slow path.
        for offset in 0..<asciiBytes {
          let byte = base[i + offset]
          if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return i + offset }
        }
      }
      i += asciiBytes
      if asciiBytes == 8 { continue }
      guard let length = commonSequenceLength(input, at: i, end: end) else { return i }
      i += length
    }
    return i
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
