import CGIF
import CPNG
import CWebP
import Foundation

/// Decodes every frame of an animated GIF, WebP or PNG (APNG), composed onto the canvas the
/// way browsers show them, within `AnimationLimits`.
///
/// Each composed frame is handed to `keep` at once (which fits it to the box), so what stays
/// in memory is one or two full-size canvases and the kept frames, which the limits bound.
/// Damage after the first frame, a cut-short file or a limit ends the animation where it is:
/// the frames so far play (`Animation.stopped` says why). A file with one frame, or a format
/// that does not animate, gives nil: the still decoder (`PictureDecoder`) is the one for it.
public enum AnimationDecoder {
  /// The animation in `data`, each frame turned into what `keep` returns with its weight in
  /// bytes; nil for a still picture. `keep` returning nil ends the animation (no room).
  public static func decode<Frame: Sendable>(
    _ data: Data, limits: AnimationLimits = .standard,
    keep: (Picture) -> (frame: Frame, bytes: Int)?
  ) throws(PictureError) -> Animation<Frame>? {
    guard let format = PictureFormat.sniff(data) else { return nil }
    // The collector calls `keep` only while this function runs.
    let (result, animation) = withoutActuallyEscaping(keep) { keep in
      var collector = Collector(limits: limits, keep: keep)
      let result: Result<Void, PictureError> = data.withUnsafeBytes { raw in
        guard let base = raw.bindMemory(to: UInt8.self).baseAddress else {
          return .success(())
        }
        switch format {
        case .gif: return gif(base, raw.count, into: &collector)
        case .webp: return webp(base, raw.count, into: &collector)
        case .png: return APNGReader.decode(base, raw.count, into: &collector)
        case .jpeg: return .success(())
        }
      }
      return (result, collector.animation)
    }
    try result.get()
    return animation
  }

  /// True when `data` is a GIF, WebP or PNG that declares or holds more than one frame, read
  /// from its headers (a GIF's blocks are walked without decoding them).
  public static func isAnimated(_ data: Data) -> Bool {
    guard let format = PictureFormat.sniff(data) else { return false }
    return data.withUnsafeBytes { raw -> Bool in
      guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return false }
      switch format {
      case .webp: return artfeed_webp_is_animated(base, raw.count) != 0
      case .png: return APNGReader.isAnimated(base, raw.count)
      case .gif: return artfeed_gif_frame_count(base, raw.count, 2) >= 2
      case .jpeg: return false
      }
    }
  }

  // MARK: - GIF

  private static func gif<Frame>(
    _ bytes: UnsafePointer<UInt8>, _ count: Int, into collector: inout Collector<Frame>
  ) -> Result<Void, PictureError> {
    guard let animation = artfeed_gif_animation_open(bytes, count) else {
      return .failure(.corrupt("gif header"))
    }
    defer { artfeed_gif_animation_close(animation) }
    let width = Int(animation.pointee.gif.pointee.SWidth)
    let height = Int(animation.pointee.gif.pointee.SHeight)
    guard var canvas = Canvas(width: width, height: height, limits: collector.limits) else {
      return .failure(.tooLarge(width: width, height: height))
    }
    var frame = artfeed_gif_frame()
    frame.loops = -1
    while collector.wantsMore {
      let status = artfeed_gif_animation_next(animation, &frame)
      if status == 1 { break }
      let rect = Canvas.Rect(
        x: Int(frame.left), y: Int(frame.top), width: Int(frame.width),
        height: Int(frame.height))
      // A frame far larger than the screen it is drawn on is decoded row by row all the
      // same: refused, as damage.
      guard status == 0, rect.width * rect.height <= 4 * collector.limits.canvasPixels else {
        return collector.damaged("gif frame")
      }
      let disposal = Canvas.Disposal(gif: Int(frame.disposal))
      if disposal == .previous { canvas.save() }
      let painted = canvas.pixels.withUnsafeMutableBufferPointer { out in
        out.baseAddress.map { artfeed_gif_animation_paint(animation, &frame, $0) } ?? 3
      }
      if painted != 0 { return collector.damaged("gif frame") }
      collector.loops = max(0, Int(frame.loops))
      collector.add(canvas.picture, milliseconds: FrameDelay.milliseconds(gif: Int(frame.delay)))
      canvas.dispose(disposal, rect)
    }
    return .success(())
  }

  // MARK: - WebP

  private static func webp<Frame>(
    _ bytes: UnsafePointer<UInt8>, _ count: Int, into collector: inout Collector<Frame>
  ) -> Result<Void, PictureError> {
    guard artfeed_webp_is_animated(bytes, count) != 0 else { return .success(()) }
    var width: Int32 = 0
    var height: Int32 = 0
    var frames: Int32 = 0
    var loops: Int32 = 0
    // libwebpdemux allocates its canvas when it opens the file: the size is checked first.
    guard artfeed_webp_info(bytes, count, &width, &height) == 0 else {
      return .failure(.corrupt("webp header"))
    }
    if Int(width) * Int(height) > collector.limits.canvasPixels {
      return .failure(.tooLarge(width: Int(width), height: Int(height)))
    }
    // libwebpdemux refuses a file cut short: its whole chunks are tried again on their own.
    let whole = webpWholeChunks(bytes, count)
    let opened: OpaquePointer? =
      whole.map { repaired in
        repaired.withUnsafeBufferPointer { buffer in
          artfeed_webp_animation_open(
            buffer.baseAddress, buffer.count, &width, &height, &frames, &loops)
        }
      } ?? artfeed_webp_animation_open(bytes, count, &width, &height, &frames, &loops)
    guard let decoder = opened else { return .failure(.corrupt("webp animation")) }
    defer { WebPAnimDecoderDelete(decoder) }
    if Int(width) * Int(height) > collector.limits.canvasPixels {
      return .failure(.tooLarge(width: Int(width), height: Int(height)))
    }
    collector.loops = Int(loops)
    var last: Int32 = 0
    while collector.wantsMore {
      var frame: UnsafeMutablePointer<UInt8>?
      var timestamp: Int32 = 0
      let status = artfeed_webp_animation_next(decoder, &frame, &timestamp)
      if status == 1 { break }
      guard status == 0, let frame else { return collector.damaged("webp frame") }
      let pixels = [UInt8](
        UnsafeBufferPointer(start: frame, count: Int(width) * Int(height) * 4))
      let picture = Picture(width: Int(width), height: Int(height), pixels: pixels)
      collector.add(
        picture, milliseconds: FrameDelay.milliseconds(Int(timestamp - last)))
      last = timestamp
    }
    if whole != nil, collector.wantsMore { return collector.damaged("webp chunks") }
    return .success(())
  }

  /// The RIFF chunks of a WebP cut short, without the last, partial one and with the RIFF
  /// size set to match; nil when the file's chunks are whole.
  private static func webpWholeChunks(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> [UInt8]? {
    func size(at offset: Int) -> Int {
      (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    guard count >= 12 else { return nil }
    var end = 12
    while end + 8 <= count {
      let next = end + 8 + size(at: end + 4) + (size(at: end + 4) & 1)
      if next > count { break }
      end = next
    }
    guard end < count || size(at: 4) != count - 8 else { return nil }
    var repaired = Array(UnsafeBufferPointer(start: bytes, count: end))
    for index in 0..<4 { repaired[4 + index] = UInt8(truncatingIfNeeded: (end - 8) >> (8 * index)) }
    return repaired
  }
}

// MARK: - Collecting frames within the limits

/// The frames kept so far and the limits that end a decode.
struct Collector<Frame: Sendable> {
  let limits: AnimationLimits
  let keep: (Picture) -> (frame: Frame, bytes: Int)?
  private(set) var steps: [Animation<Frame>.Step] = []
  private var bytes = 0
  private(set) var stopped: AnimationStop?
  var loops = 0
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant

  init(limits: AnimationLimits, keep: @escaping (Picture) -> (frame: Frame, bytes: Int)?) {
    self.limits = limits
    self.keep = keep
    start = clock.now
  }

  /// False once a limit is reached: the decode stops there.
  var wantsMore: Bool { stopped == nil }

  /// Keeps a composed frame (turned into a `Frame` at once) unless a limit says stop.
  mutating func add(_ picture: Picture, milliseconds: Int) {
    guard stopped == nil else { return }
    guard let kept = keep(picture) else {
      stopped = .byteLimit
      return
    }
    if !steps.isEmpty, bytes + kept.bytes > limits.bytes {
      stopped = .byteLimit
      return
    }
    steps.append(.init(frame: kept.frame, milliseconds: milliseconds))
    bytes += kept.bytes
    if steps.count >= limits.frames {
      stopped = .frameLimit
    } else if bytes >= limits.bytes {
      stopped = .byteLimit
    } else if clock.now - start > .milliseconds(Int(limits.seconds * 1000)) {
      stopped = .timeLimit
    }
  }

  /// Damage: an error when nothing decoded yet, otherwise the end of the animation.
  mutating func damaged(_ what: String) -> Result<Void, PictureError> {
    if steps.isEmpty { return .failure(.corrupt(what)) }
    stopped = .damaged
    return .success(())
  }

  /// The animation, or nil for a still (one frame, nothing cut off).
  var animation: Animation<Frame>? {
    if steps.isEmpty || (steps.count == 1 && stopped == nil) { return nil }
    return Animation(steps: steps, loops: loops, stopped: stopped)
  }
}
