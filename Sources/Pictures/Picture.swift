/// A decoded picture: 8-bit RGBA pixels, row by row from the top left, not premultiplied.
///
/// `pixels.count == width * height * 4` always holds; the decoder builds nothing else.
public struct Picture: Sendable, Equatable {
  /// Width in pixels (at least 1).
  public let width: Int
  /// Height in pixels (at least 1).
  public let height: Int
  /// Red, green, blue and alpha bytes per pixel, `width * 4` bytes per row.
  public let pixels: [UInt8]

  /// A picture from raw RGBA8 pixels.
  ///
  /// - Precondition: `pixels.count == width * height * 4` and both sizes are positive.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0, "a picture has at least one pixel")
    precondition(pixels.count == width * height * 4, "RGBA8 needs 4 bytes per pixel")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The RGBA bytes of the pixel at (`x`, `y`), packed as 0xRRGGBBAA.
  public func rgba(x: Int, y: Int) -> UInt32 {
    let start = (y * width + x) * 4
    return pixels[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
