import CPNG

/// Animated PNG read chunk by chunk: Debian's libpng has no APNG support, so each frame
/// (the default image's IDAT or a frame's fdAT chunks) is handed to libpng as a standalone
/// PNG of the frame's size (the file's IHDR with that size, the chunks before the first IDAT
/// such as PLTE and tRNS, the frame's data as IDAT), and composed on the canvas with the
/// frame's dispose and blend operations.
enum APNGReader {
  /// A frame control chunk (fcTL) and the data chunks of its frame.
  private struct FrameControl {
    var rect: Canvas.Rect
    var milliseconds: Int
    var disposal: Canvas.Disposal
    var over: Bool
    var data: [ArraySlice<UInt8>] = []
  }

  /// True when the PNG has an acTL chunk declaring more than one frame before its IDAT.
  static func isAnimated(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var animated = false
    walk(Array(UnsafeBufferPointer(start: bytes, count: count))) { type, body in
      if type == "acTL", body.count >= 8 { animated = readUInt32(body, 0) > 1 }
      return type != "IDAT" && type != "acTL"
    }
    return animated
  }

  static func decode<Frame>(
    _ bytes: UnsafePointer<UInt8>, _ count: Int, into collector: inout Collector<Frame>
  ) -> Result<Void, PictureError> {
    var header: ArraySlice<UInt8>?
    var shared: [(String, ArraySlice<UInt8>)] = []
    var declared = 0
    var loops = 0
    var frames: [FrameControl] = []
    var seenData = false
    var defaultIsFrame = false
    let whole = walk(Array(UnsafeBufferPointer(start: bytes, count: count))) { type, body in
      switch type {
      case "IHDR": header = body
      case "acTL" where body.count >= 8:
        declared = Int(readUInt32(body, 0))
        loops = Int(readUInt32(body, 4))
      case "fcTL":
        guard let control = frameControl(body) else { return false }
        if !seenData { defaultIsFrame = true }
        frames.append(control)
      case "IDAT":
        seenData = true
        if defaultIsFrame, frames.count == 1 { frames[0].data.append(body) }
      case "fdAT":
        guard body.count > 4, !frames.isEmpty else { return false }
        frames[frames.count - 1].data.append(body.dropFirst(4))
      case "IEND": return false
      default:
        // PLTE, tRNS, gAMA, iCCP...: every frame's stream needs them.
        if !seenData { shared.append((type, body)) }
      }
      return true
    }
    guard declared > 1, let header, header.count >= 13 else { return .success(()) }
    collector.loops = loops
    let width = Int(readUInt32(header, 0))
    let height = Int(readUInt32(header, 4))
    guard var canvas = Canvas(width: width, height: height, limits: collector.limits) else {
      return .failure(.tooLarge(width: width, height: height))
    }
    for (index, control) in frames.enumerated() where collector.wantsMore {
      guard
        control.rect.x + control.rect.width <= width,
        control.rect.y + control.rect.height <= height, !control.data.isEmpty,
        let pixels = decodeFrame(control, header: header, shared: shared)
      else { return collector.damaged("png frame") }
      // The first frame's "previous" is the clear canvas (the spec's rule).
      let disposal = index == 0 && control.disposal == .previous ? .clear : control.disposal
      if disposal == .previous { canvas.save() }
      canvas.draw(pixels, at: control.rect, over: control.over)
      collector.add(canvas.picture, milliseconds: control.milliseconds)
      canvas.dispose(disposal, control.rect)
    }
    if !whole, collector.wantsMore { return collector.damaged("png chunks") }
    return .success(())
  }

  /// Walks the chunks after the signature, calling `body` with each type and its data until
  /// it returns false; false when the chunks end before IEND (cut short or damaged).
  @discardableResult
  private static func walk(
    _ bytes: [UInt8], _ body: (String, ArraySlice<UInt8>) -> Bool
  ) -> Bool {
    var at = 8
    while at + 12 <= bytes.count {
      let length = Int(readUInt32(bytes, at))
      let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
      guard length <= bytes.count - at - 12 else { return false }
      if !body(type, bytes[at + 8..<at + 8 + length]) { return type == "IEND" }
      at += 12 + length
    }
    return false
  }

  /// An fcTL chunk's frame, or nil when it is malformed (an empty frame, say).
  private static func frameControl(_ body: ArraySlice<UInt8>) -> FrameControl? {
    guard body.count >= 26 else { return nil }
    let base = body.startIndex
    let width = Int(readUInt32(body, 4))
    let height = Int(readUInt32(body, 8))
    guard width > 0, height > 0, width < 1 << 20, height < 1 << 20 else { return nil }
    let numerator = Int(body[base + 20]) << 8 | Int(body[base + 21])
    let denominator = Int(body[base + 22]) << 8 | Int(body[base + 23])
    let milliseconds = numerator * 1000 / (denominator == 0 ? 100 : denominator)
    let dispose = body[base + 24]
    return FrameControl(
      rect: Canvas.Rect(
        x: Int(readUInt32(body, 12)), y: Int(readUInt32(body, 16)), width: width,
        height: height),
      milliseconds: FrameDelay.milliseconds(milliseconds),
      disposal: dispose == 1 ? .clear : dispose == 2 ? .previous : .keep,
      over: body[base + 25] == 1)
  }

  /// The frame's pixels (RGBA, its own size) through libpng, or nil when libpng refuses it.
  private static func decodeFrame(
    _ control: FrameControl, header: ArraySlice<UInt8>, shared: [(String, ArraySlice<UInt8>)]
  ) -> [UInt8]? {
    var ihdr = Array(header)
    write(UInt32(control.rect.width), into: &ihdr, at: 0)
    write(UInt32(control.rect.height), into: &ihdr, at: 4)
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    appendChunk("IHDR", ihdr[...], to: &png)
    for (type, body) in shared { appendChunk(type, body, to: &png) }
    for data in control.data { appendChunk("IDAT", data, to: &png) }
    appendChunk("IEND", [], to: &png)
    var pixels = [UInt8](repeating: 0, count: control.rect.width * control.rect.height * 4)
    var message = [CChar](repeating: 0, count: 200)
    let status = pixels.withUnsafeMutableBufferPointer { out in
      guard let target = out.baseAddress else { return Int32(3) }
      return artfeed_png_decode(
        png, png.count, Int32(control.rect.width), Int32(control.rect.height), target,
        &message, message.count)
    }
    return status == 0 ? pixels : nil
  }

  // MARK: - Bytes

  private static func readUInt32<C: Collection>(_ bytes: C, _ offset: Int) -> UInt32
  where C.Element == UInt8, C.Index == Int {
    let at = bytes.startIndex + offset
    guard at >= bytes.startIndex, at + 4 <= bytes.endIndex else { return 0 }
    return (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[at + $1]) }
  }

  private static func write(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
    for index in 0..<4 {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index))
    }
  }

  private static func appendChunk(_ type: String, _ body: ArraySlice<UInt8>, to png: inout [UInt8])
  {
    var length = [UInt8](repeating: 0, count: 4)
    write(UInt32(body.count), into: &length, at: 0)
    let typed = Array(type.utf8) + body
    png += length + typed
    var crc = [UInt8](repeating: 0, count: 4)
    write(CRC32.checksum(typed), into: &crc, at: 0)
    png += crc
  }
}

/// The CRC-32 of PNG chunks (ISO 3309, the polynomial zlib uses).
enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    (0..<8).reduce(UInt32(index)) { value, _ in
      value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
    }
  }

  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    ~bytes.reduce(UInt32.max) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
  }
}
