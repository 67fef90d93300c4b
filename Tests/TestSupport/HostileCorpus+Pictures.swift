import Foundation

/// Picture bombs, made at run time.
extension HostileCorpus {
  /// A greyscale PNG of `width` x `height` black pixels whose zlib stream is as small as
  /// deflate allows (one literal, then 258-byte copies at distance 1, fixed Huffman codes):
  /// 6000x6000 is 36 MB of pixels in about 220 KB, a decompression bomb that stays under the
  /// decoder's 40-megapixel bound, so it is really decoded.
  public static func pngBomb(width: Int, height: Int) -> Data {
    let raw = (width + 1) * height  // a filter byte and `width` grey bytes per row, all zero
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 0, 0, 0, 0])
    png += chunk("IDAT", zlibZeros(count: raw))
    png += chunk("IEND", [])
    return Data(png)
  }

  /// A zlib stream of `count` zero bytes.
  static func zlibZeros(count: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    bits.writeCode(0b0011_0000, length: 8)  // literal 0
    var left = count - 1
    while left >= 258 {
      bits.writeCode(0b1100_0101, length: 8)  // length code 285: 258 bytes
      bits.writeCode(0, length: 5)  // distance code 0: distance 1
      left -= 258
    }
    while left > 0 {
      bits.writeCode(0b0011_0000, length: 8)
      left -= 1
    }
    bits.writeCode(0, length: 7)  // end of block (256)
    // Adler-32 of zeros: a stays 1, b grows by 1 per byte.
    let adler = UInt32((count % 65521) << 16 | 1)
    return [0x78, 0x01] + bits.finished + bigEndian(adler)
  }

  /// Deflate's bit order: values least significant bit first, Huffman codes most significant
  /// bit first.
  struct BitWriter {
    var bytes: [UInt8] = []
    var current: UInt8 = 0
    var used = 0

    mutating func write(_ value: Int, count: Int) {
      for index in 0..<count { push((value >> index) & 1) }
    }

    mutating func writeCode(_ code: Int, length: Int) {
      for index in stride(from: length - 1, through: 0, by: -1) { push((code >> index) & 1) }
    }

    private mutating func push(_ bit: Int) {
      current |= UInt8(bit) << used
      used += 1
      if used == 8 {
        bytes.append(current)
        (current, used) = (0, 0)
      }
    }

    /// The bytes with the last one padded.
    var finished: [UInt8] { used == 0 ? bytes : bytes + [current] }
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    withUnsafeBytes(of: value.bigEndian, Array.init)
  }

  /// The CRC-32 of PNG chunks (reflected, polynomial 0xEDB88320).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// The smallest baseline JPEG header that claims `width` x `height` and then ends: a lie
  /// about its size with nothing behind it.
  public static func jpegClaiming(width: UInt16, height: UInt16) -> Data {
    var bytes: [UInt8] = [0xFF, 0xD8]
    // One 8-bit quantisation table of ones.
    bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
    // SOF0: 8 bits, height, width, one component.
    bytes += [0xFF, 0xC0, 0x00, 0x0B, 0x08, UInt8(height >> 8), UInt8(height & 0xFF)]
    bytes += [UInt8(width >> 8), UInt8(width & 0xFF), 0x01, 0x01, 0x11, 0x00]
    // A DC and an AC Huffman table with one code each, a scan header, a few bytes, no end.
    bytes += [0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00]
    bytes += [0xFF, 0xC4, 0x00, 0x14, 0x10, 0x01] + [UInt8](repeating: 0, count: 15) + [0x00]
    bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
    bytes += [0x00, 0x00, 0x00, 0x00]
    return Data(bytes)
  }
}
