/// Writes pictures as uncompressed RGBA TIFF: no encoding work at all, for iTerm2 images so
/// large that compressing them as PNG would keep the reader waiting (chafa sends iTerm2
/// images as the same kind of TIFF).
public enum TIFFEncoder {
  /// Tags in ascending order, as TIFF requires: (tag, type, count, value or offset).
  public static func encode(_ picture: Picture) -> [UInt8] {
    let entries = 10
    let ifdSize = 2 + entries * 12 + 4
    let bitsOffset = 8 + ifdSize
    let pixelsOffset = bitsOffset + 8
    let short: UInt16 = 3
    let long: UInt16 = 4
    let tags: [(UInt16, UInt16, UInt32, UInt32)] = [
      (256, long, 1, UInt32(picture.width)),  // ImageWidth
      (257, long, 1, UInt32(picture.height)),  // ImageLength
      (258, short, 4, UInt32(bitsOffset)),  // BitsPerSample: 8,8,8,8 at the offset
      (259, short, 1, 1),  // Compression: none
      (262, short, 1, 2),  // PhotometricInterpretation: RGB
      (273, long, 1, UInt32(pixelsOffset)),  // StripOffsets
      (277, short, 1, 4),  // SamplesPerPixel
      (278, long, 1, UInt32(picture.height)),  // RowsPerStrip: one strip
      (279, long, 1, UInt32(picture.pixels.count)),  // StripByteCounts
      (338, short, 1, 2),  // ExtraSamples: unassociated alpha
    ]
    var out: [UInt8] = [0x49, 0x49, 42, 0]
    out.reserveCapacity(pixelsOffset + picture.pixels.count)
    append32(&out, 8)
    append16(&out, UInt16(entries))
    for (tag, type, count, value) in tags {
      append16(&out, tag)
      append16(&out, type)
      append32(&out, count)
      if type == short && count == 1 {
        append16(&out, UInt16(value))
        append16(&out, 0)
      } else {
        append32(&out, value)
      }
    }
    append32(&out, 0)
    for _ in 0..<4 { append16(&out, 8) }
    out += picture.pixels
    return out
  }

  private static func append16(_ out: inout [UInt8], _ value: UInt16) {
    out += [UInt8(value & 0xFF), UInt8(value >> 8)]
  }

  private static func append32(_ out: inout [UInt8], _ value: UInt32) {
    out += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
