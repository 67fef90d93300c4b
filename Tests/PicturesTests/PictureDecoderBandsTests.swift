import CJPEG
import Foundation
import Testing

@testable import Pictures

/// A large JPEG decoded in two bands on two threads gives exactly the pixels of the
/// single-thread decode, at every scale, for the subsamplings cameras and tools write.
@Suite("Decoding a large JPEG on two cores")
struct PictureDecoderBandsTests {
  /// Gradients with noise (a flat picture would not exercise the entropy decoder).
  static func photo(width: Int, height: Int) -> Picture {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    var seed: UInt32 = 2026
    for y in 0..<height {
      for x in 0..<width {
        seed = seed &* 1_664_525 &+ 1_013_904_223
        let noise = Int((seed >> 16) % 40)
        let i = (y * width + x) * 4
        pixels[i] = UInt8(truncatingIfNeeded: x * 255 / width + noise)
        pixels[i + 1] = UInt8(truncatingIfNeeded: y * 255 / height + noise)
        pixels[i + 2] = UInt8(truncatingIfNeeded: (x ^ y) + noise)
      }
    }
    return Picture(width: width, height: height, pixels: pixels)
  }

  /// `picture` as a JPEG at quality 88 with `subsampling` (`PixelDecodingTests.jpeg`).
  static func jpeg(_ picture: Picture, subsampling: TJSAMP, progressive: Bool = false) -> Data? {
    PixelDecodingTests.jpeg(
      picture, subsampling: subsampling, quality: 88, progressive: progressive
    ).map { Data($0) }
  }

  /// Boxes to fit into: full size, and the reduced scales 1/2, 3/8 and 1/4 of a 2001x1503 px.
  static let boxes: [(width: Int, height: Int)?] = [nil, (1000, 700), (700, 560), (500, 370)]

  @Test(
    "two bands give the single-thread decode's pixels, byte for byte",
    arguments: [TJSAMP_420, TJSAMP_444, TJSAMP_422, TJSAMP_GRAY], 0..<4)
  func samePixels(subsampling: TJSAMP, box: Int) throws {
    let data = try #require(
      Self.jpeg(Self.photo(width: 2001, height: 1503), subsampling: subsampling))
    let single = try PictureDecoder.decode(data, covering: Self.boxes[box], bands: false)
    let full = (width: 2001, height: 1503)
    let banded = data.withUnsafeBytes { raw in
      raw.bindMemory(to: UInt8.self).baseAddress.flatMap {
        PictureDecoder.jpegInBands(
          $0, raw.count, full: full, width: single.width, height: single.height)
      }
    }
    let picture = try #require(banded, "the bands decoded it")
    #expect(picture.width == single.width && picture.height == single.height)
    #expect(picture.pixels == single.pixels)
  }

  @Test("decode() with the bands allowed gives the single path's pixels (bands or not, by load)")
  func throughDecode() throws {
    let data = try #require(
      Self.jpeg(Self.photo(width: 2400, height: 1800), subsampling: TJSAMP_420))
    let banded = try PictureDecoder.decode(data, covering: (600, 450))
    let single = try PictureDecoder.decode(data, covering: (600, 450), bands: false)
    #expect(banded == single && banded.width == 600)
  }

  @Test("progressive and cut-short files are left to the single-thread path")
  func refused() throws {
    let picture = Self.photo(width: 640, height: 480)
    let progressive = try #require(Self.jpeg(picture, subsampling: TJSAMP_420, progressive: true))
    let cut = try #require(Self.jpeg(picture, subsampling: TJSAMP_420)).prefix(20_000)
    for data in [progressive, Data(cut)] {
      let banded = data.withUnsafeBytes { raw in
        raw.bindMemory(to: UInt8.self).baseAddress.flatMap {
          PictureDecoder.jpegInBands($0, raw.count, full: (640, 480), width: 640, height: 480)
        }
      }
      #expect(banded == nil)
    }
  }

  @Test("the decode covers the fitted size, not the whole box: a tall picture in a wide box")
  func coversFittedSize() {
    #expect(PictureDecoder.fitted((4000, 3000), into: (960, 500)) == (667, 500))
    #expect(PictureDecoder.fitted((1000, 4000), into: (960, 500)) == (125, 500))
  }
}
