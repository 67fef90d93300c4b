import CPNG

/// Writes pictures as PNG (libpng's simplified API, fast compression), for the kitty
/// protocol's `f=100` and iTerm2's inline images.
public enum PNGEncoder {
  /// The PNG bytes of `picture`, or nil if libpng failed.
  public static func encode(_ picture: Picture) -> [UInt8]? {
    // Fast compression of RGBA never needs much more than the raw rows plus the headers.
    var capacity = picture.pixels.count + picture.height + 4096
    for _ in 0..<2 {
      var out = [UInt8](repeating: 0, count: capacity)
      var size = capacity
      let status = picture.pixels.withUnsafeBufferPointer { pixels in
        out.withUnsafeMutableBufferPointer { target in
          artfeed_png_encode(
            pixels.baseAddress, Int32(picture.width), Int32(picture.height), target.baseAddress,
            &size)
        }
      }
      switch status {
      case 0:
        out.removeLast(out.count - size)
        return out
      case 2: capacity = size
      default: return nil
      }
    }
    return nil
  }
}
