import Testing

@testable import Pictures

/// The area-averaging shrink against a box filter written the slow, obvious way (in doubles,
/// pixel by pixel over the covered area), over pictures with and without transparency and
/// ratios that are whole, fractional and very uneven.
@Suite("PictureScaler.shrunk is an exact box filter")
struct PictureScalerTests {
  /// A picture of pseudo-random pixels; `alpha` nil makes it opaque.
  static func noise(_ width: Int, _ height: Int, seed: UInt32, alpha: Bool) -> Picture {
    var state = seed
    var pixels: [UInt8] = []
    for index in 0..<width * height * 4 {
      state = state &* 1_664_525 &+ 1_013_904_223
      let value = UInt8(truncatingIfNeeded: state >> 24)
      // Some fully transparent pixels, some half, the rest opaque.
      if index % 4 == 3 {
        pixels.append(alpha ? [0, 128, 255, 255][Int(value % 4)] : 255)
      } else {
        pixels.append(value)
      }
    }
    return Picture(width: width, height: height, pixels: pixels)
  }

  /// Each target pixel: the source pixels it covers, weighted by the area covered and, for
  /// colour, by their alpha.
  static func reference(_ picture: Picture, width: Int, height: Int) -> [Double] {
    let sx = Double(picture.width) / Double(width)
    let sy = Double(picture.height) / Double(height)
    var out: [Double] = []
    for y in 0..<height {
      for x in 0..<width {
        var sums = [0.0, 0.0, 0.0, 0.0]
        for v in 0..<picture.height {
          let covered = min(Double(v + 1), Double(y + 1) * sy) - max(Double(v), Double(y) * sy)
          guard covered > 0 else { continue }
          for u in 0..<picture.width {
            let across = min(Double(u + 1), Double(x + 1) * sx) - max(Double(u), Double(x) * sx)
            guard across > 0 else { continue }
            let p = (v * picture.width + u) * 4
            let weight = covered * across / (sx * sy)
            let alpha = Double(picture.pixels[p + 3]) * weight
            for c in 0..<3 { sums[c] += Double(picture.pixels[p + c]) * alpha }
            sums[3] += alpha
          }
        }
        if sums[3] > 0 {
          out += [sums[0] / sums[3], sums[1] / sums[3], sums[2] / sums[3], sums[3]]
        } else {
          out += [0, 0, 0, 0]
        }
      }
    }
    return out
  }

  @Test(
    "every channel within one level of the exact average",
    arguments: [
      (40, 30, 20, 15), (40, 30, 27, 20), (33, 17, 7, 5), (100, 3, 13, 1), (5, 64, 5, 9),
      (64, 48, 1, 1),
    ])
  func matchesReference(_ size: (Int, Int, Int, Int)) {
    for alpha in [false, true] {
      let picture = Self.noise(size.0, size.1, seed: UInt32(size.0 * 31 + size.2), alpha: alpha)
      let shrunk = PictureScaler.shrunk(picture, width: size.2, height: size.3)
      #expect(shrunk.width == size.2 && shrunk.height == size.3)
      let expected = Self.reference(picture, width: size.2, height: size.3)
      var worst = 0.0
      for (index, value) in expected.enumerated() {
        // A fully transparent result has no colour to compare.
        if expected[index - index % 4 + 3] < 0.5 { continue }
        worst = max(worst, abs(Double(shrunk.pixels[index]) - value))
      }
      #expect(worst <= 1.0, "alpha \(alpha): off by \(worst)")
    }
  }

  @Test("an opaque picture stays opaque; one transparent pixel makes it not")
  func opacity() {
    let opaque = Self.noise(9, 7, seed: 3, alpha: false)
    #expect(PictureScaler.isOpaque(opaque))
    #expect(
      PictureScaler.shrunk(opaque, width: 4, height: 3).pixels.enumerated().allSatisfy {
        $0.offset % 4 != 3 || $0.element == 255
      })
    var pixels = opaque.pixels
    pixels[4 * 20 + 3] = 254
    #expect(!PictureScaler.isOpaque(Picture(width: 9, height: 7, pixels: pixels)))
  }
}
