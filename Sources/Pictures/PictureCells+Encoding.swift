import Foundation

/// `PictureCells` as bytes, exactly, for the disk cache of converted pictures
/// (`CellDiskCache`, docs/adr/0150): what decodes is equal to what was encoded, and anything
/// else (short, long, damaged, another version) does not decode.
///
/// `PC`, format version (1 byte), columns and rows (UInt32 little-endian each), then 11 bytes
/// a cell row by row: the symbol's Unicode scalar (3 bytes), the foreground and the background
/// (4 bytes each: kind 0 none, 1 RGB, 2 palette; then 0xRRGGBB or the index and two zeros).
extension PictureCells {
  /// The encoding's version: bump it when the layout above changes.
  static let encodingVersion: UInt8 = 1
  private static let magic: [UInt8] = [0x50, 0x43]  // "PC"
  private static let headerBytes = 11
  private static let cellBytes = 11

  /// The bytes, or nil when a cell cannot be stored exactly (a symbol of more than one
  /// scalar, a colour over 24 bits; the converter makes neither).
  public func encoded() -> Data? {
    guard let columns = UInt32(exactly: columns), let rows = UInt32(exactly: rows) else {
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: Self.headerBytes + cells.count * Self.cellBytes)
    let complete = bytes.withUnsafeMutableBufferPointer { out -> Bool in
      out[0] = Self.magic[0]
      out[1] = Self.magic[1]
      out[2] = Self.encodingVersion
      Self.put(columns, into: out, at: 3)
      Self.put(rows, into: out, at: 7)
      var offset = Self.headerBytes
      for cell in cells {
        let scalars = cell.character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return false }
        let value = scalar.value
        out[offset] = UInt8(value & 0xFF)
        out[offset + 1] = UInt8(value >> 8 & 0xFF)
        out[offset + 2] = UInt8(value >> 16)
        guard Self.put(cell.foreground, into: out, at: offset + 3),
          Self.put(cell.background, into: out, at: offset + 7)
        else { return false }
        offset += Self.cellBytes
      }
      return true
    }
    return complete ? Data(bytes) : nil
  }

  /// The cells `encoded()` made, or nil for bytes it did not make.
  public init?(encoded data: Data) {
    let bytes = [UInt8](data)
    guard bytes.count >= Self.headerBytes, Array(bytes[0..<2]) == Self.magic,
      bytes[2] == Self.encodingVersion
    else { return nil }
    let columns = Int(Self.uint32(bytes, at: 3))
    let rows = Int(Self.uint32(bytes, at: 7))
    let body = bytes.count - Self.headerBytes
    let (count, overflow) = columns.multipliedReportingOverflow(by: rows)
    guard !overflow, body % Self.cellBytes == 0, body / Self.cellBytes == count else {
      return nil
    }
    var cells: [PictureCell] = []
    cells.reserveCapacity(count)
    var offset = Self.headerBytes
    for _ in 0..<count {
      let value =
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
      guard let scalar = Unicode.Scalar(value),
        let foreground = Self.color(bytes, at: offset + 3),
        let background = Self.color(bytes, at: offset + 7)
      else { return nil }
      cells.append(
        PictureCell(
          character: Character(scalar), foreground: foreground, background: background))
      offset += Self.cellBytes
    }
    self.init(columns: columns, rows: rows, cells: cells)
  }

  private static func put(
    _ value: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) {
    out[offset] = UInt8(value & 0xFF)
    out[offset + 1] = UInt8(value >> 8 & 0xFF)
    out[offset + 2] = UInt8(value >> 16 & 0xFF)
    out[offset + 3] = UInt8(value >> 24)
  }

  /// Writes `color`'s 4 bytes (the buffer is zeroed); false for a colour over 24 bits.
  private static func put(
    _ color: CellColor, into out: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) -> Bool {
    switch color {
    case .none:
      break
    case .rgb(let value):
      guard value <= 0xFF_FFFF else { return false }
      out[offset] = 1
      out[offset + 1] = UInt8(value >> 16)
      out[offset + 2] = UInt8(value >> 8 & 0xFF)
      out[offset + 3] = UInt8(value & 0xFF)
    case .indexed(let index):
      out[offset] = 2
      out[offset + 1] = index
    }
    return true
  }

  private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
      | UInt32(bytes[offset + 3]) << 24
  }

  /// The colour at `offset`, or nil for a kind or padding `append` never writes.
  private static func color(_ bytes: [UInt8], at offset: Int) -> CellColor? {
    let (kind, a, b, c) = (bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
    switch kind {
    case 0 where a == 0 && b == 0 && c == 0: return CellColor.none
    case 1: return .rgb(UInt32(a) << 16 | UInt32(b) << 8 | UInt32(c))
    case 2 where b == 0 && c == 0: return .indexed(a)
    default: return nil
    }
  }
}
