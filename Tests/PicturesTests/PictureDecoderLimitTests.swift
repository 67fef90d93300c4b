import Foundation
import Testing

@testable import Pictures

@Suite("Decoding: size bounds")
struct PictureDecoderLimitTests {
  @Test("a header claiming 30000x30000 is .tooLarge, for PNG, GIF and JPEG")
  func huge() {
    let inputs = [
      Fixtures.png(claiming: 30000, 30000), Fixtures.gifScreen(claiming: 30000, 30000),
      Fixtures.jpeg(claiming: 30000, 30000),
    ]
    for input in inputs {
      #expect(throws: PictureError.tooLarge(width: 30000, height: 30000)) {
        try PictureDecoder.decode(input)
      }
    }
  }

  @Test("a WebP header claiming 16384x16384, WebP's largest, is .tooLarge")
  func hugeWebP() {
    #expect(throws: PictureError.tooLarge(width: 16384, height: 16384)) {
      try PictureDecoder.decode(Fixtures.webp(claiming: 16384, 16384))
    }
  }

  @Test("a GIF frame claiming 30000x30000 on a 2x2 screen is .tooLarge before its rows are read")
  func hugeGIFFrame() {
    #expect(throws: PictureError.tooLarge(width: 30000, height: 30000)) {
      try PictureDecoder.decode(Fixtures.gifFrame(claiming: 30000, 30000))
    }
  }

  @Test("the bound is the caller's: 2x2 passes at 4 pixels and fails at 3")
  func configuredBound() throws {
    let data = Data(Fixtures.png2x2)
    #expect(try PictureDecoder.decode(data, maxPixels: 4).width == 2)
    #expect(throws: PictureError.tooLarge(width: 2, height: 2)) {
      try PictureDecoder.decode(data, maxPixels: 3)
    }
  }

  @Test("a zero-size header is .corrupt, not a zero-pixel picture")
  func zeroSize() {
    let inputs = [Fixtures.png(claiming: 0, 0), Fixtures.gifScreen(claiming: 0, 2)]
    for input in inputs {
      #expect {
        try PictureDecoder.decode(input)
      } throws: { error in
        guard case .corrupt = error as? PictureError else { return false }
        return true
      }
    }
  }

  @Test("errors say a word or two that fits in a thumbnail box")
  func descriptions() {
    let errors: [PictureError] = [
      .empty, .unsupportedFormat, .tooLarge(width: 1, height: 1), .corrupt("x"),
    ]
    #expect(errors.map(\.description) == ["no image", "not an image", "too large", "damaged"])
    #expect(errors.allSatisfy { $0.description.count <= 12 })
  }
}

/// Pictures whose header lies about a size the box would only show scaled: the decoder's
/// whole-image buffers (a progressive JPEG's coefficients, any format's declared size) are
/// refused before they exist, whatever the box.
@Suite("Decoding: declared sizes, whatever the box")
struct PictureDecoderDeclaredSizeTests {
  /// A box of 120x80 pixels: a JPEG is decoded at 1/8 of a 30000 px header's size for it.
  static let box = (width: 120, height: 80)

  /// A real 64x64 JPEG from TurboJPEG (progressive or baseline), its frame header then
  /// rewritten to claim `width` x `height`.
  static func jpeg(progressive: Bool, claiming width: UInt16, _ height: UInt16) throws -> Data {
    let pixels = [UInt8](repeating: 0x80, count: 64 * 64 * 4)
    let picture = Picture(width: 64, height: 64, pixels: pixels)
    var bytes = try #require(PixelDecodingTests.jpeg(picture, progressive: progressive))
    let sof: UInt8 = progressive ? 0xC2 : 0xC0
    let at = try #require(
      bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == sof })
    // Marker (2), length (2), precision (1), then height and width, big-endian.
    bytes[at + 5] = UInt8(height >> 8)
    bytes[at + 6] = UInt8(height & 0xFF)
    bytes[at + 7] = UInt8(width >> 8)
    bytes[at + 8] = UInt8(width & 0xFF)
    return Data(bytes)
  }

  @Test(
    "a progressive JPEG claiming more than its bound is .tooLarge even for a small box",
    arguments: [(30000, 30000), (45000, 45000), (6000, 6000), (65500, 600)])
  func progressive(width: Int, height: Int) throws {
    let data = try Self.jpeg(
      progressive: true, claiming: UInt16(width), UInt16(height))
    #expect(throws: PictureError.tooLarge(width: width, height: height)) {
      try PictureDecoder.decode(data, covering: Self.box)
    }
  }

  @Test("a real progressive JPEG within the bound decodes, scaled for the box or not")
  func progressiveWithin() throws {
    let data = try Self.jpeg(progressive: true, claiming: 64, 64)
    #expect(try PictureDecoder.decode(data).width == 64)
    #expect(try PictureDecoder.decode(data, covering: (8, 8)).width == 8)
  }

  @Test("a baseline JPEG is bounded by the declared size every format has")
  func baseline() throws {
    let over = try Self.jpeg(progressive: false, claiming: 16385, 16385)
    #expect(throws: PictureError.tooLarge(width: 16385, height: 16385)) {
      try PictureDecoder.decode(over, covering: Self.box)
    }
    // Within it, a big baseline header is decoded scaled for the box, a few lines at a time
    // (its missing data decodes grey).
    let within = try Self.jpeg(progressive: false, claiming: 8000, 8000)
    switch Result(catching: { try PictureDecoder.decode(within, covering: Self.box) }) {
    case .success(let picture): #expect(picture.width == 1000 && picture.height == 1000)
    case .failure(let error):
      #expect(error as? PictureError != .tooLarge(width: 8000, height: 8000))
    }
  }

  @Test("PNG, GIF and WebP headers over the declared bound are .tooLarge with a box too")
  func otherFormats() {
    let inputs: [(Data, Int, Int)] = [
      (Fixtures.png(claiming: 16385, 16385), 16385, 16385),
      (Fixtures.gifScreen(claiming: 65000, 65000), 65000, 65000),
      (Fixtures.webp(claiming: 16384, 16384), 16384, 16384),
    ]
    for (data, width, height) in inputs {
      #expect(throws: PictureError.tooLarge(width: width, height: height)) {
        try PictureDecoder.decode(data, covering: Self.box)
      }
    }
  }
}
