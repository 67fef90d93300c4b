/// The canvas an animation's frames are composed on: RGBA, full size, with the copy that
/// "restore previous" disposal needs.
struct Canvas {
  /// A frame's rectangle on the canvas.
  struct Rect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
  }

  /// What happens to a frame's rectangle before the next frame is drawn.
  enum Disposal: Equatable {
    case keep
    /// Cleared to transparent (what browsers do for GIF's "restore to background" too).
    case clear
    /// Put back as it was before the frame was drawn.
    case previous

    /// GIF's disposal method (0 and 1 keep, 2 background, 3 previous; others keep).
    init(gif: Int) {
      self = gif == 2 ? .clear : gif == 3 ? .previous : .keep
    }
  }

  let width: Int
  let height: Int
  var pixels: [UInt8]
  private var saved: [UInt8]?

  /// A clear canvas, or nil when it is over the limits' canvas size.
  init?(width: Int, height: Int, limits: AnimationLimits) {
    guard width > 0, height > 0, width <= limits.canvasPixels, height <= limits.canvasPixels,
      width * height <= limits.canvasPixels
    else { return nil }
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 4)
  }

  /// The canvas as it is now, as a picture of its own.
  var picture: Picture { Picture(width: width, height: height, pixels: pixels) }

  /// Remembers the canvas for a frame disposed of as `.previous`.
  mutating func save() { saved = pixels }

  /// Disposes of the frame drawn in `rect`.
  mutating func dispose(_ disposal: Disposal, _ rect: Rect) {
    switch disposal {
    case .keep: break
    case .clear: fill(clipped(rect), from: nil)
    case .previous:
      if let saved { fill(clipped(rect), from: saved) }
      saved = nil
    }
  }

  /// `rect` cut to the canvas (empty when outside).
  func clipped(_ rect: Rect) -> Rect {
    let left = min(max(0, rect.x), width)
    let top = min(max(0, rect.y), height)
    let right = min(max(left, rect.x + max(0, rect.width)), width)
    let bottom = min(max(top, rect.y + max(0, rect.height)), height)
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The rectangle's pixels from `source` (a canvas-sized copy), or transparent.
  private mutating func fill(_ rect: Rect, from source: [UInt8]?) {
    for y in rect.y..<rect.y + rect.height {
      let start = (y * width + rect.x) * 4
      let end = start + rect.width * 4
      if let source {
        pixels.replaceSubrange(start..<end, with: source[start..<end])
      } else {
        pixels.replaceSubrange(start..<end, with: repeatElement(0, count: end - start))
      }
    }
  }

  /// Draws `frame` (RGBA, `rect`'s size) at `rect`: replacing the pixels under it, or over
  /// them by its alpha (APNG's two blend operations).
  mutating func draw(_ frame: [UInt8], at rect: Rect, over: Bool) {
    let shown = clipped(rect)
    pixels.withUnsafeMutableBufferPointer { canvas in
      frame.withUnsafeBufferPointer { source in
        for y in shown.y..<shown.y + shown.height {
          for x in shown.x..<shown.x + shown.width {
            let from = ((y - rect.y) * rect.width + (x - rect.x)) * 4
            let to = (y * width + x) * 4
            if !over || source[from + 3] == 255 {
              for channel in 0..<4 { canvas[to + channel] = source[from + channel] }
            } else if source[from + 3] != 0 {
              Self.blend(source, from, over: &canvas, to)
            }
          }
        }
      }
    }
  }

  /// Source-over compositing of one non-premultiplied pixel.
  private static func blend(
    _ source: UnsafeBufferPointer<UInt8>, _ from: Int,
    over canvas: inout UnsafeMutableBufferPointer<UInt8>, _ to: Int
  ) {
    let alpha = Int(source[from + 3])
    let under = Int(canvas[to + 3]) * (255 - alpha) / 255
    let total = alpha + under
    guard total > 0 else { return }
    for channel in 0..<3 {
      let mixed = Int(source[from + channel]) * alpha + Int(canvas[to + channel]) * under
      canvas[to + channel] = UInt8(clamping: (mixed + total / 2) / total)
    }
    canvas[to + 3] = UInt8(clamping: total)
  }
}
