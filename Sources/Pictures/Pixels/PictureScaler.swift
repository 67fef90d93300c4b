/// Resizes, pads and crops pictures for pixel output.
///
/// Shrinking averages the source pixels each target pixel covers (a box filter with
/// fractional edges, alpha-weighted so transparent pixels lend no colour); enlarging repeats
/// pixels by a whole factor (nearest neighbour), so pixel art stays crisp instead of being
/// smoothed, and every source pixel becomes the same square.
public enum PictureScaler {
  /// `picture` at the largest size that fits `width` x `height` keeping its aspect ratio:
  /// shrunk by averaging when it is larger, enlarged by the largest whole factor that fits
  /// when it is smaller (itself when no factor of 2 or more fits).
  public static func fitted(_ picture: Picture, width: Int, height: Int) -> Picture {
    let width = max(1, width)
    let height = max(1, height)
    let scale = min(Double(width) / Double(picture.width), Double(height) / Double(picture.height))
    if scale >= 1 {
      let factor = Int(scale.rounded(.down))
      return factor <= 1 ? picture : enlarged(picture, by: factor)
    }
    let targetWidth = min(width, max(1, Int((Double(picture.width) * scale).rounded())))
    let targetHeight = min(height, max(1, Int((Double(picture.height) * scale).rounded())))
    return shrunk(picture, width: targetWidth, height: targetHeight)
  }

  /// Each pixel repeated `factor` times across and down.
  public static func enlarged(_ picture: Picture, by factor: Int) -> Picture {
    let width = picture.width * factor
    let height = picture.height * factor
    var out = [UInt8](repeating: 0, count: width * height * 4)
    picture.pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        for y in 0..<picture.height {
          let rowStart = y * factor * width * 4
          for x in 0..<picture.width {
            let from = (y * picture.width + x) * 4
            for repeat_ in 0..<factor {
              let to = rowStart + (x * factor + repeat_) * 4
              target[to] = source[from]
              target[to + 1] = source[from + 1]
              target[to + 2] = source[from + 2]
              target[to + 3] = source[from + 3]
            }
          }
          let row = width * 4
          for copy in 1..<max(1, factor) {
            for i in 0..<row { target[rowStart + copy * row + i] = target[rowStart + i] }
          }
        }
      }
    }
    return Picture(width: width, height: height, pixels: out)
  }

  /// `picture` averaged down to `width` x `height` (each at most the picture's own).
  public static func shrunk(_ picture: Picture, width: Int, height: Int) -> Picture {
    let width = min(max(1, width), picture.width)
    let height = min(max(1, height), picture.height)
    if width == picture.width, height == picture.height { return picture }
    // Across first (premultiplied floats), then down.
    let across = spans(from: picture.width, to: width)
    let down = spans(from: picture.height, to: height)
    var middle = [Float](repeating: 0, count: width * picture.height * 4)
    picture.pixels.withUnsafeBufferPointer { source in
      middle.withUnsafeMutableBufferPointer { target in
        for y in 0..<picture.height {
          let sourceRow = y * picture.width * 4
          let targetRow = y * width * 4
          for (x, span) in across.enumerated() {
            var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
            for (index, weight) in span {
              let p = sourceRow + index * 4
              let alpha = Float(source[p + 3]) * weight
              sum.0 += Float(source[p]) * alpha
              sum.1 += Float(source[p + 1]) * alpha
              sum.2 += Float(source[p + 2]) * alpha
              sum.3 += alpha
            }
            let t = targetRow + x * 4
            (target[t], target[t + 1], target[t + 2], target[t + 3]) = sum
          }
        }
      }
    }
    var out = [UInt8](repeating: 0, count: width * height * 4)
    middle.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        for (y, span) in down.enumerated() {
          for x in 0..<width {
            var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
            for (index, weight) in span {
              let p = (index * width + x) * 4
              sum.0 += source[p] * weight
              sum.1 += source[p + 1] * weight
              sum.2 += source[p + 2] * weight
              sum.3 += source[p + 3] * weight
            }
            let t = (y * width + x) * 4
            guard sum.3 > 0 else { continue }
            target[t] = byte(sum.0 / sum.3)
            target[t + 1] = byte(sum.1 / sum.3)
            target[t + 2] = byte(sum.2 / sum.3)
            target[t + 3] = byte(sum.3)
          }
        }
      }
    }
    return Picture(width: width, height: height, pixels: out)
  }

  /// `picture` placed at (`x`, `y`) on a transparent canvas of `width` x `height`; what falls
  /// outside the canvas is cut off.
  public static func padded(_ picture: Picture, width: Int, height: Int, x: Int, y: Int)
    -> Picture
  {
    if width == picture.width, height == picture.height, x == 0, y == 0 { return picture }
    var out = [UInt8](repeating: 0, count: max(1, width) * max(1, height) * 4)
    let columns = max(0, min(picture.width, width - x) - max(0, -x))
    guard columns > 0 else {
      return Picture(width: max(1, width), height: max(1, height), pixels: out)
    }
    for row in 0..<picture.height where (0..<height).contains(y + row) {
      let from = (row * picture.width + max(0, -x)) * 4
      let to = ((y + row) * width + max(0, x)) * 4
      out.replaceSubrange(to..<to + columns * 4, with: picture.pixels[from..<from + columns * 4])
    }
    return Picture(width: max(1, width), height: max(1, height), pixels: out)
  }

  /// The `width` x `height` pixels of `picture` from (`x`, `y`), clamped to the picture.
  public static func cropped(_ picture: Picture, x: Int, y: Int, width: Int, height: Int)
    -> Picture
  {
    let left = min(max(0, x), picture.width - 1)
    let top = min(max(0, y), picture.height - 1)
    let columns = max(1, min(width, picture.width - left))
    let rows = max(1, min(height, picture.height - top))
    if columns == picture.width, rows == picture.height { return picture }
    var out: [UInt8] = []
    out.reserveCapacity(columns * rows * 4)
    for row in top..<top + rows {
      let from = (row * picture.width + left) * 4
      out.append(contentsOf: picture.pixels[from..<from + columns * 4])
    }
    return Picture(width: columns, height: rows, pixels: out)
  }

  // MARK: - Box filter

  /// For each of `target` output positions, the source positions it covers and how much of
  /// each (the weights of one position add up to 1).
  static func spans(from source: Int, to target: Int) -> [[(Int, Float)]] {
    let ratio = Double(source) / Double(target)
    return (0..<target).map { index in
      let start = Double(index) * ratio
      let end = min(Double(source), Double(index + 1) * ratio)
      var span: [(Int, Float)] = []
      var position = Int(start)
      while Double(position) < end, position < source {
        let covered = min(end, Double(position + 1)) - max(start, Double(position))
        if covered > 0 { span.append((position, Float(covered / ratio))) }
        position += 1
      }
      return span
    }
  }

  private static func byte(_ value: Float) -> UInt8 {
    UInt8(max(0, min(255, value.rounded())))
  }
}
