/// Resizes, pads and crops pictures for pixel output.
///
/// Shrinking averages the source pixels each target pixel covers (a box filter with
/// fractional edges, alpha-weighted so transparent pixels lend no colour); enlarging takes
/// the nearest source pixel (no new colours), so pixel art stays crisp instead of being
/// smoothed. A whole factor makes every source pixel the same square; the fitted size is
/// used even when it is not whole, so a 64 px sprite fills a 108 px box rather than staying
/// small (some of its pixels are then one screen pixel wider than others).
public enum PictureScaler {
  /// `picture` at the largest size that fits `width` x `height` keeping its aspect ratio:
  /// shrunk by averaging when it is larger, enlarged by nearest neighbour when smaller.
  public static func fitted(_ picture: Picture, width: Int, height: Int) -> Picture {
    let width = max(1, width)
    let height = max(1, height)
    let scale = min(Double(width) / Double(picture.width), Double(height) / Double(picture.height))
    let targetWidth = min(width, max(1, Int((Double(picture.width) * scale).rounded())))
    let targetHeight = min(height, max(1, Int((Double(picture.height) * scale).rounded())))
    if scale >= 1 {
      let factor = Int(scale.rounded(.down))
      if targetWidth == picture.width * factor, targetHeight == picture.height * factor {
        return factor == 1 ? picture : enlarged(picture, by: factor)
      }
      return nearest(picture, width: targetWidth, height: targetHeight)
    }
    return shrunk(picture, width: targetWidth, height: targetHeight)
  }

  /// `picture` at `width` x `height`, each target pixel the source pixel under its centre.
  public static func nearest(_ picture: Picture, width: Int, height: Int) -> Picture {
    let columns = (0..<width).map {
      min(picture.width - 1, ($0 * 2 + 1) * picture.width / (width * 2))
    }
    var out = [UInt8](repeating: 0, count: width * height * 4)
    picture.pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        for y in 0..<height {
          let sourceRow = min(picture.height - 1, (y * 2 + 1) * picture.height / (height * 2))
          for (x, column) in columns.enumerated() {
            let from = (sourceRow * picture.width + column) * 4
            let to = (y * width + x) * 4
            for channel in 0..<4 { target[to + channel] = source[from + channel] }
          }
        }
      }
    }
    return Picture(width: width, height: height, pixels: out)
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
  ///
  /// One output row at a time: the source rows it covers are summed (weighted) into one row
  /// of floats, which is then averaged across; nothing the size of the picture is made in
  /// between. An opaque picture (every JPEG) skips the alpha weighting, and its down pass
  /// is a plain weighted sum of rows that the compiler vectorises (figures: docs/adr/0128).
  public static func shrunk(_ picture: Picture, width: Int, height: Int) -> Picture {
    let width = min(max(1, width), picture.width)
    let height = min(max(1, height), picture.height)
    if width == picture.width, height == picture.height { return picture }
    let across = Spans(from: picture.width, to: width)
    let down = Spans(from: picture.height, to: height)
    let opaque = isOpaque(picture)
    let rowLength = picture.width * 4
    var out = [UInt8](repeating: 0, count: width * height * 4)
    var sums = [Float](repeating: 0, count: rowLength)
    picture.pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        sums.withUnsafeMutableBufferPointer { sums in
          down.withBuffers { downStart, downIndex, downWeight in
            across.withBuffers { start, index, weight in
              for y in 0..<height {
                sums.update(repeating: 0)
                for tap in downStart[y]..<downStart[y + 1] {
                  let row = UnsafeBufferPointer(
                    rebasing: source[downIndex[tap] * rowLength..<(downIndex[tap] + 1) * rowLength])
                  if opaque {
                    addRow(row, weight: downWeight[tap], into: sums)
                  } else {
                    addPremultipliedRow(row, weight: downWeight[tap], into: sums)
                  }
                }
                let targetRow = y * width * 4
                for x in 0..<width {
                  var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
                  for tap in start[x]..<start[x + 1] {
                    let p = index[tap] * 4
                    let w = weight[tap]
                    r += sums[p] * w
                    g += sums[p + 1] * w
                    b += sums[p + 2] * w
                    a += sums[p + 3] * w
                  }
                  let t = targetRow + x * 4
                  if opaque {
                    target[t] = byte(r)
                    target[t + 1] = byte(g)
                    target[t + 2] = byte(b)
                    target[t + 3] = 255
                  } else if a > 0 {
                    target[t] = byte(r / a)
                    target[t + 1] = byte(g / a)
                    target[t + 2] = byte(b / a)
                    target[t + 3] = byte(a)
                  }
                }
              }
            }
          }
        }
      }
    }
    return Picture(width: width, height: height, pixels: out)
  }

  /// `sums[i] += row[i] * weight` for every byte of the row.
  @inline(__always)
  private static func addRow(
    _ row: UnsafeBufferPointer<UInt8>, weight: Float, into sums: UnsafeMutableBufferPointer<Float>
  ) {
    for i in 0..<row.count { sums[i] += Float(row[i]) * weight }
  }

  /// The same with each colour weighted by its pixel's alpha (premultiplied), so transparent
  /// pixels lend no colour; the alpha sum is kept in the fourth place.
  @inline(__always)
  private static func addPremultipliedRow(
    _ row: UnsafeBufferPointer<UInt8>, weight: Float, into sums: UnsafeMutableBufferPointer<Float>
  ) {
    for p in stride(from: 0, to: row.count, by: 4) {
      let alpha = Float(row[p + 3]) * weight
      sums[p] += Float(row[p]) * alpha
      sums[p + 1] += Float(row[p + 1]) * alpha
      sums[p + 2] += Float(row[p + 2]) * alpha
      sums[p + 3] += alpha
    }
  }

  /// True when every pixel's alpha is 255.
  static func isOpaque(_ picture: Picture) -> Bool {
    picture.pixels.withUnsafeBufferPointer { pixels in
      var all: UInt8 = 255
      for p in stride(from: 3, to: pixels.count, by: 4) { all &= pixels[p] }
      return all == 255
    }
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
  /// each (a position's weights add up to 1), flat: position `t`'s taps are
  /// `start[t]..<start[t + 1]` of `index` and `weight`.
  struct Spans {
    var start: [Int] = [0]
    var index: [Int] = []
    var weight: [Float] = []

    init(from source: Int, to target: Int) {
      let ratio = Double(source) / Double(target)
      for position in 0..<target {
        let first = Double(position) * ratio
        let end = min(Double(source), Double(position + 1) * ratio)
        var cursor = Int(first)
        while Double(cursor) < end, cursor < source {
          let covered = min(end, Double(cursor + 1)) - max(first, Double(cursor))
          if covered > 0 {
            index.append(cursor)
            weight.append(Float(covered / ratio))
          }
          cursor += 1
        }
        start.append(index.count)
      }
    }

    /// The three arrays as buffers, for the inner loops.
    func withBuffers<R>(
      _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>) -> R
    ) -> R {
      start.withUnsafeBufferPointer { start in
        index.withUnsafeBufferPointer { index in
          weight.withUnsafeBufferPointer { weight in body(start, index, weight) }
        }
      }
    }
  }

  /// The nearest byte (halves up), clamped; no call into libm.
  @inline(__always)
  private static func byte(_ value: Float) -> UInt8 {
    UInt8(max(0, min(255, value + 0.5)))
  }
}
