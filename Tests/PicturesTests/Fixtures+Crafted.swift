import Foundation

/// Damaged and oversized variants of the known images, made by patching their headers.
extension Fixtures {
  /// `png2x2` with an IHDR claiming `width` x `height` (and a correct CRC, so libpng reads it).
  static func png(claiming width: UInt32, _ height: UInt32) -> Data {
    var bytes = png2x2
    bytes.replaceSubrange(16..<24, with: bigEndian(width) + bigEndian(height))
    bytes.replaceSubrange(29..<33, with: bigEndian(crc32(bytes[12..<29])))
    return Data(bytes)
  }

  /// `gif2x2` with a logical screen of `width` x `height`.
  static func gifScreen(claiming width: UInt16, _ height: UInt16) -> Data {
    var bytes = gif2x2
    bytes.replaceSubrange(6..<10, with: littleEndian(width) + littleEndian(height))
    return Data(bytes)
  }

  /// `gif2x2` whose 2x2 screen holds a first frame claiming `width` x `height`.
  static func gifFrame(claiming width: UInt16, _ height: UInt16) -> Data {
    var bytes = gif2x2
    bytes.replaceSubrange(38..<42, with: littleEndian(width) + littleEndian(height))
    return Data(bytes)
  }

  /// `jpeg16x16` with a start-of-frame claiming `width` x `height`.
  static func jpeg(claiming width: UInt16, _ height: UInt16) -> Data {
    var bytes = jpeg16x16
    let marker = (0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 } ?? 0
    bytes.replaceSubrange(marker + 5..<marker + 9, with: bigEndian(height) + bigEndian(width))
    return Data(bytes)
  }

  /// `webp2x2` with a lossless header claiming `width` x `height` (14 bits each, at most
  /// 16384: WebP cannot say 30000 outside an extended canvas).
  static func webp(claiming width: UInt32, _ height: UInt32) -> Data {
    var bytes = webp2x2
    let bits = (width - 1) | (height - 1) << 14 | UInt32(bytes[24] >> 4) << 28
    bytes.replaceSubrange(21..<25, with: littleEndian(bits))
    return Data(bytes)
  }

  // MARK: - Helpers

  static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.bigEndian, Array.init)
  }

  static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian, Array.init)
  }

  /// The CRC-32 PNG chunks carry (ISO 3309, reflected, polynomial 0xEDB88320).
  static func crc32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
