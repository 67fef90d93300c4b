/// The frames of an animated GIF, WebP or PNG, each composed onto the canvas as a browser
/// shows it, with how long it stays.
///
/// Frames are kept as the decoder's caller asked (`AnimationDecoder.decode(_:limits:keep:)`
/// shrinks each one to the box before it is kept), so `frames` may be smaller than the file's
/// canvas. `isComplete` is false when the file was cut short or damaged after its first frame,
/// or when a limit stopped the decode: the frames that decoded play anyway.
public struct Animation<Frame: Sendable>: Sendable {
  /// A frame and how long it shows.
  public struct Step: Sendable {
    public var frame: Frame
    /// Milliseconds, as browsers play the file's delay (see `FrameDelay`).
    public var milliseconds: Int

    public init(frame: Frame, milliseconds: Int) {
      self.frame = frame
      self.milliseconds = milliseconds
    }
  }

  /// At least one.
  public var steps: [Step]
  /// How many times it plays; 0: forever (the files' convention).
  public var loops: Int
  /// False when decoding stopped early (damage, truncation, a limit): `stopped` says why.
  public var stopped: AnimationStop?

  public var isComplete: Bool { stopped == nil }

  public init(steps: [Step], loops: Int, stopped: AnimationStop?) {
    precondition(!steps.isEmpty, "an animation has a frame")
    self.steps = steps
    self.loops = loops
    self.stopped = stopped
  }

  /// The whole loop's length in milliseconds.
  public var duration: Int { steps.reduce(0) { $0 + $1.milliseconds } }

  /// The same animation with each frame turned into something else (fitted, encoded).
  public func map<Other: Sendable>(_ body: (Frame) throws -> Other) rethrows -> Animation<Other> {
    Animation<Other>(
      steps: try steps.map { .init(frame: try body($0.frame), milliseconds: $0.milliseconds) },
      loops: loops, stopped: stopped)
  }
}

/// Why an animation has fewer frames than its file.
public enum AnimationStop: Sendable, Equatable {
  /// The file is damaged or cut short after the frames kept.
  case damaged
  /// `AnimationLimits.frames` frames were kept.
  case frameLimit
  /// The kept frames reached `AnimationLimits.bytes`.
  case byteLimit
  /// Decoding took longer than `AnimationLimits.seconds`.
  case timeLimit
}

/// Bounds on one animation's decode: every input is hostile.
public struct AnimationLimits: Sendable, Equatable {
  /// The most frames kept.
  public var frames: Int
  /// The most bytes the kept frames weigh together (after `keep` shrank them).
  public var bytes: Int
  /// The longest the decode runs, in seconds of wall time.
  public var seconds: Double
  /// The largest canvas, in pixels: the decoder composes on one canvas (two for GIF's and
  /// APNG's "restore previous"), at full size.
  public var canvasPixels: Int

  public init(frames: Int, bytes: Int, seconds: Double, canvasPixels: Int) {
    self.frames = frames
    self.bytes = bytes
    self.seconds = seconds
    self.canvasPixels = canvasPixels
  }

  /// 200 frames, 48 MiB of kept frames, 3 s, a canvas of 16 megapixels (64 MB of RGBA).
  /// Each frame is a picture of its own to the terminal's writer, and a kitty terminal keeps
  /// up to 256 (`PlacementTable.imageLimit`): 200 frames stay transmitted while they loop.
  public static let standard = AnimationLimits(
    frames: 200, bytes: 48 << 20, seconds: 3, canvasPixels: 16_000_000)
}

/// Frame delays as browsers play them.
public enum FrameDelay {
  /// A delay as browsers play it: Firefox and Chromium show GIF frames of 0 or 1 hundredths
  /// (and WebP or APNG frames of 10 ms or less) for 100 ms, since files made for the old
  /// "as fast as possible" rule would otherwise spin; artfeed does the same.
  public static func milliseconds(_ milliseconds: Int) -> Int {
    milliseconds <= 10 ? 100 : milliseconds
  }

  /// A GIF's delay, stored in hundredths of a second, in milliseconds as browsers play it.
  public static func milliseconds(gif hundredths: Int) -> Int {
    milliseconds(hundredths * 10)
  }
}

extension Animation: Equatable where Frame: Equatable {}
extension Animation.Step: Equatable where Frame: Equatable {}
