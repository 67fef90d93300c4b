import Foundation
import Testing

@testable import Pictures

private let red: UInt32 = 0xFF00_00FF
private let green: UInt32 = 0x00FF_00FF
private let blue: UInt32 = 0x0000_FFFF
private let clear: UInt32 = 0x0000_0000

@Suite("Decoding")
struct PictureDecoderTests {
  @Test(
    "each lossless format decodes its 2x2 image to the exact pixels",
    arguments: [Fixtures.png2x2, Fixtures.gif2x2, Fixtures.webp2x2])
  func lossless(bytes: [UInt8]) throws {
    let picture = try PictureDecoder.decode(Data(bytes))
    #expect(picture.width == 2 && picture.height == 2)
    #expect(picture.rgba(x: 0, y: 0) == red)
    #expect(picture.rgba(x: 1, y: 0) == green)
    #expect(picture.rgba(x: 0, y: 1) == blue)
    #expect(picture.rgba(x: 1, y: 1) & 0xFF == 0, "the fourth pixel is transparent")
  }

  @Test("JPEG decodes to red on the left and blue on the right, within JPEG's error")
  func jpeg() throws {
    let picture = try PictureDecoder.decode(Data(Fixtures.jpeg16x16))
    #expect(picture.width == 16 && picture.height == 16)
    func close(_ x: Int, _ y: Int, _ expected: UInt32) -> Bool {
      let got = picture.rgba(x: x, y: y)
      return (0..<4).allSatisfy { shift in
        let a = Int((got >> (8 * shift)) & 0xFF)
        let b = Int((expected >> (8 * shift)) & 0xFF)
        return abs(a - b) <= 8
      }
    }
    #expect(close(2, 2, red) && close(5, 13, red))
    #expect(close(10, 2, blue) && close(14, 13, blue))
  }

  @Test("the format comes from the magic bytes, not from a name")
  func sniffing() {
    #expect(PictureFormat.sniff(Fixtures.png2x2) == .png)
    #expect(PictureFormat.sniff(Fixtures.gif2x2) == .gif)
    #expect(PictureFormat.sniff(Fixtures.webp2x2) == .webp)
    #expect(PictureFormat.sniff(Fixtures.jpeg16x16) == .jpeg)
    #expect(PictureFormat.sniff(Array("RIFF\0\0\0\0WAVE".utf8)) == nil)
    #expect(PictureFormat.sniff(Array("<html>".utf8)) == nil)
    #expect(PictureFormat.sniff([0xFF, 0xD8]) == nil)
  }

  // MARK: - Bad input

  @Test("no bytes is .empty")
  func empty() {
    #expect(throws: PictureError.empty) { try PictureDecoder.decode(Data()) }
  }

  @Test("text, random bytes and other formats are .unsupportedFormat")
  func wrongFormat() {
    var generator = SystemRandomNumberGenerator()
    let noise = Data((0..<4096).map { _ in UInt8.random(in: 1...0xFE, using: &generator) })
    let inputs = [
      Data("<!DOCTYPE html><html>404</html>".utf8), noise,
      Data([0x42, 0x4D, 0x3A, 0, 0, 0]),  // BMP
      Data("RIFF\u{24}\0\0\0WAVEfmt ".utf8), Data([0]),
    ]
    for input in inputs {
      #expect(throws: PictureError.unsupportedFormat) { try PictureDecoder.decode(input) }
    }
  }

  @Test(
    "a truncated file fails, unless only its trailer is missing and every pixel is there",
    arguments: [Fixtures.png2x2, Fixtures.gif2x2, Fixtures.webp2x2, Fixtures.jpeg16x16])
  func truncated(bytes: [UInt8]) throws {
    let whole = try PictureDecoder.decode(Data(bytes))
    let trailer = 12  // PNG's IEND chunk, the longest trailer of the four
    for length in 1..<bytes.count {
      let prefix = Data(bytes.prefix(length))
      if length < bytes.count - trailer {
        #expect(throws: PictureError.self, "\(length) of \(bytes.count) bytes") {
          try PictureDecoder.decode(prefix)
        }
      } else if let picture = try? PictureDecoder.decode(prefix) {
        #expect(picture == whole, "\(length) of \(bytes.count) bytes")
      }
    }
  }

  @Test(
    "a signature followed by garbage is .corrupt (or .tooLarge when the garbage reads as a huge size)",
    arguments: PictureFormat.allCases)
  func garbageAfterSignature(format: PictureFormat) {
    let signature: [UInt8] =
      switch format {
      case .jpeg: [0xFF, 0xD8, 0xFF]
      case .png: Array(Fixtures.png2x2.prefix(8))
      case .gif: Array("GIF89a".utf8)
      case .webp: Array("RIFF\u{40}\0\0\0WEBP".utf8)
      }
    let data = Data(signature + (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) })
    #expect {
      try PictureDecoder.decode(data)
    } throws: { error in
      switch error as? PictureError {
      case .corrupt, .tooLarge: true
      default: false
      }
    }
  }
}
