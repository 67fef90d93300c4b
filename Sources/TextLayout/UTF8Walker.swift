/// Decoding helpers over a contiguous UTF-8 buffer, the representation every hot loop in
/// TextLayout works on (a native Swift string's storage, via `withUTF8`).
///
/// The buffers come from Swift strings, so they are valid UTF-8: decoding does no validation
/// and only guards against reading past the end.
enum UTF8Walker {
  /// The scalar starting at `index` and its length in bytes. `index` must be the first byte of
  /// a scalar.
  @inline(__always)
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (
    value: UInt32, length: Int
  ) {
    let lead = UInt32(bytes[index])
    if lead < 0x80 { return (lead, 1) }
    let count = bytes.count
    if lead < 0xE0 {
      guard index + 1 < count else { return (0xFFFD, 1) }
      return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1]) & 0x3F, 2)
    }
    if lead < 0xF0 {
      guard index + 2 < count else { return (0xFFFD, count - index) }
      let value =
        (lead & 0x0F) << 12 | (UInt32(bytes[index + 1]) & 0x3F) << 6
        | UInt32(bytes[index + 2]) & 0x3F
      return (value, 3)
    }
    guard index + 3 < count else { return (0xFFFD, count - index) }
    let value =
      (lead & 0x07) << 18 | (UInt32(bytes[index + 1]) & 0x3F) << 12
      | (UInt32(bytes[index + 2]) & 0x3F) << 6 | UInt32(bytes[index + 3]) & 0x3F
    return (value, 4)
  }

  /// Display width of an ASCII byte: printable characters 1, controls and DEL 0.
  @inline(__always)
  static func asciiWidth(_ byte: UInt8) -> Int {
    byte &- 0x20 < 0x5F ? 1 : 0
  }

  /// The summed display width of all scalars in the buffer.
  static func width(of bytes: UnsafeBufferPointer<UInt8>, table: WidthTable) -> Int {
    var total = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0x80 {
        total &+= asciiWidth(byte)
        index &+= 1
      } else {
        let (value, length) = decode(bytes, at: index)
        total &+= table.width(value)
        index &+= length
      }
    }
    return total
  }
}
