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

  @Test("browsers' delays: 10 ms and less play as 100 ms, the rest as stored")
  func delays() {
    #expect([0, 1, 2, 5].map { FrameDelay.milliseconds(gif: $0) } == [100, 100, 20, 50])
    #expect([0, 10, 11, 1000].map { FrameDelay.milliseconds($0) } == [100, 100, 11, 1000])
  }
}
