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
