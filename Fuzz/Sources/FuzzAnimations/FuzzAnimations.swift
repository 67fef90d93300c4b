import Foundation
import FuzzSupport
import Pictures

/// Fuzzes the animation decoders (GIF record by record, WebP through libwebpdemux, APNG chunk
/// by chunk through libpng) with small limits, keeping each frame fitted to a box as the
/// loader does.
///
/// The first byte picks the box (8-71 px square); the rest is the file. Checks, beyond "no
/// crash, no leak, no hang": the frame and byte limits hold, every kept frame fits the box,
/// every delay is positive, and a decode that stopped says why.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnimations(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let box = input.int(in: 8...71)
  let limits = AnimationLimits(frames: 40, bytes: 1 << 20, seconds: 2, canvasPixels: 1 << 20)
  let animation = try? AnimationDecoder.decode(Data(input.rest()), limits: limits) { picture in
    let fitted = PictureScaler.fitted(picture, width: box, height: box)
    return (fitted, fitted.pixels.count)
  }
  guard let animation else { return 0 }
  require(!animation.steps.isEmpty && animation.steps.count <= limits.frames, "frame count")
  let bytes = animation.steps.reduce(0) { $0 + $1.frame.pixels.count }
  require(bytes <= limits.bytes, "kept \(bytes) bytes over the budget")
  for step in animation.steps {
    require(step.frame.width <= box && step.frame.height <= box, "a frame outside the box")
    require(step.milliseconds > 0, "a delay of \(step.milliseconds) ms")
  }
  require(animation.steps.count > 1 || animation.stopped != nil, "a still as an animation")
  return 0
}

@main
enum Main {
  static func main() { runFuzzer(fuzzAnimations) }
}
