import Foundation
import Testing

@testable import Pictures

private let red: UInt32 = 0xFF00_00FF
private let green: UInt32 = 0x00FF_00FF
private let blue: UInt32 = 0x0000_FFFF

/// Decodes keeping each composed frame as it is.
private func frames(
  _ bytes: [UInt8], limits: AnimationLimits = .standard
) throws -> Animation<Picture>? {
  try AnimationDecoder.decode(Data(bytes), limits: limits) { ($0, $0.pixels.count) }
}

/// The pixels of the three-frame fixtures: red; blue square top left; green bottom right.
private func expectRedBlueGreen(_ steps: [Animation<Picture>.Step]) {
  let expected: [(UInt32, UInt32)] = [(red, red), (blue, red), (red, green)]
  #expect(steps.count == 3)
  for (step, (topLeft, bottomRight)) in zip(steps, expected) {
    #expect(step.frame.width == 8 && step.frame.height == 8)
    #expect(step.frame.rgba(x: 1, y: 1) == topLeft)
    #expect(step.frame.rgba(x: 6, y: 6) == bottomRight)
    #expect(step.frame.rgba(x: 6, y: 1) == red)
  }
}

@Suite("Animations")
struct AnimationDecoderTests {
  @Test("an animated GIF gives every frame composed, with browsers' delays")
  func gif() throws {
    let animation = try #require(try frames(Fixtures.animatedGIF))
    expectRedBlueGreen(animation.steps)
    #expect(animation.steps.map(\.milliseconds) == [50, 100, 200])
    #expect(animation.loops == 0 && animation.isComplete)
    #expect(AnimationDecoder.isAnimated(Data(Fixtures.animatedGIF)))
  }

  @Test("an animated WebP gives every frame composed, with its delays and loop count")
  func webp() throws {
    let animation = try #require(try frames(Fixtures.animatedWebP))
    expectRedBlueGreen(animation.steps)
    #expect(animation.steps.map(\.milliseconds) == [50, 120, 200])
    #expect(animation.loops == 3 && animation.isComplete)
  }

  @Test("an APNG gives every frame composed through libpng, with its delays")
  func apng() throws {
    #expect(AnimationDecoder.isAnimated(Data(Fixtures.animatedPNG)))
    let animation = try #require(try frames(Fixtures.animatedPNG))
    expectRedBlueGreen(animation.steps)
    #expect(animation.steps.map(\.milliseconds) == [50, 120, 200])
    #expect(animation.isComplete)
  }

  @Test("GIF disposal 2 clears a frame's rectangle before the next frame")
  func disposal() throws {
    let animation = try #require(try frames(Fixtures.spriteGIF))
    #expect(animation.steps.count == 3)
    for (index, step) in animation.steps.enumerated() {
      let dots = (0..<8).filter { step.frame.rgba(x: $0, y: 0) == red }
      #expect(dots == [index * 2], "frame \(index) shows only its own dot")
    }
  }

  @Test(
    "a still picture is no animation",
    arguments: [Fixtures.png2x2, Fixtures.gif2x2, Fixtures.webp2x2, Fixtures.jpeg16x16])
  func still(bytes: [UInt8]) throws {
    #expect(try frames(bytes) == nil)
    #expect(!AnimationDecoder.isAnimated(Data(bytes)))
  }

  @Test(
    "a file cut in its last frame keeps the frames before, marked damaged",
    arguments: [Fixtures.animatedGIF, Fixtures.animatedWebP, Fixtures.animatedPNG])
  func truncated(bytes: [UInt8]) throws {
    let whole = try #require(try frames(bytes))
    // Cut a few bytes before the end: inside the last frame's data for each format.
    let cut = Array(bytes.prefix(bytes.count - 20))
    let animation = try #require(try frames(cut))
    #expect(animation.steps.count == whole.steps.count - 1)
    #expect(animation.stopped == .damaged)
    for (got, full) in zip(animation.steps, whole.steps) {
      #expect(got.frame == full.frame)
    }
  }

  @Test("the frame limit ends the decode with the frames kept so far")
  func frameLimit() throws {
    var limits = AnimationLimits.standard
    limits.frames = 2
    let animation = try #require(try frames(Fixtures.animatedGIF, limits: limits))
    #expect(animation.steps.count == 2 && animation.stopped == .frameLimit)
  }

  @Test("the byte budget counts what `keep` returns and stops before going over")
  func byteLimit() throws {
    var limits = AnimationLimits.standard
    limits.bytes = 8 * 8 * 4 * 2 + 1
    let animation = try #require(try frames(Fixtures.animatedPNG, limits: limits))
    #expect(animation.steps.count == 2 && animation.stopped == .byteLimit)
  }

  @Test("a canvas over the limit is refused before anything is decoded")
  func canvasLimit() throws {
    var limits = AnimationLimits.standard
    limits.canvasPixels = 63
    #expect(throws: PictureError.tooLarge(width: 8, height: 8)) {
      try frames(Fixtures.animatedGIF, limits: limits)
    }
  }

  @Test("a WebP animation claiming a huge canvas is refused before libwebpdemux allocates it")
  func hugeWebPCanvas() throws {
    // Found by FuzzAnimations: a file whose VP8X claims a canvas of 3211265 x 776 pixels
    // (libwebpdemux would have allocated 9.9 GB at once).
    let bytes: [UInt8] = [
      0x52, 0x49, 0x46, 0x46, 0xC4, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38,
      0x58, 0x0A, 0x00, 0x00, 0x00, 0x12, 0x00, 0x00, 0x01, 0x00, 0x00, 0x31, 0x07, 0x03, 0x00,
      0x41, 0x4E, 0x49, 0x4D, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x41,
      0x4E, 0x4D, 0x46, 0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x00,
      0x00, 0x07, 0x00, 0x00, 0x32, 0x00, 0x00, 0x02, 0x56, 0x50, 0x38, 0x4C, 0x0F, 0x00, 0x00,
      0x00, 0x2F, 0x07, 0xC0, 0x01, 0x00, 0x07, 0x10, 0xFD, 0x8F, 0xFE, 0x07, 0x22, 0xA2, 0xFF,
      0x01, 0x00, 0x41, 0x4E, 0x4D, 0x46, 0x28, 0x02, 0x00, 0x00, 0x00, 0x00, 0x20, 0x40, 0x98,
      0x34, 0xA9, 0x53, 0x44, 0x44, 0xFF, 0x23, 0x8E, 0x13, 0x00,
    ]
    #expect { try frames(bytes) } throws: { error in
      if case .tooLarge = error as? PictureError { return true }
      return false
    }
  }

  @Test("browsers' delays: 10 ms and less play as 100 ms, the rest as stored")
  func delays() {
    #expect([0, 1, 2, 5].map { FrameDelay.milliseconds(gif: $0) } == [100, 100, 20, 50])
    #expect([0, 10, 11, 1000].map { FrameDelay.milliseconds($0) } == [100, 100, 11, 1000])
  }
}
