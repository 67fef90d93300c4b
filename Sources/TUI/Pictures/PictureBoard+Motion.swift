import Pictures

/// Animations: the page on top names the picture that may play (`Page.motionPicture`); the
/// board asks the loader for its frames (`Command.wantMotion`), plays them frame by frame as
/// the run loop's deadlines come (`.motionDue`, each frame's delay), and stops when the
/// picture leaves the screen or another page is on top. At most one plays at once.
extension PictureBoard {
  /// What the board knows about animations.
  struct Motion {
    /// What the loader was last asked to make (nil: nothing, or stopped).
    var asked: PictureCache.Key?
    /// Pictures whose bytes hold more than one frame (`.pictureAnimated`); a still picture
    /// never costs a second read. Those that then failed to animate are taken out. A few at
    /// most matter at once; the set is emptied when it grows past `limit`.
    var animated: Set<PictureCache.Key> = []
    var playing: Playing?

    static let limit = 256
  }

  /// The animation on screen and where it is.
  struct Playing {
    var key: PictureCache.Key
    var animation: Animation<PictureRendition>
    var frame = 0
    var loopsPlayed = 0
    var isPaused = false
    /// A terminal that plays the animation: how many run commands were due so far (see
    /// `runDelays`).
    var runs = 0

    /// A file's loop count ran out: the last frame stays.
    var isFinished: Bool {
      animation.loops > 0 && loopsPlayed >= animation.loops
    }
  }

  /// What the run loop's deadline follows: a new value starts the current frame's delay.
  public struct MotionClock: Equatable, Sendable {
    public var key: PictureCache.Key
    public var frame: Int
    public var loop: Int
    /// How long the frame shows, in milliseconds.
    public var milliseconds: Int
  }

  /// The frame showing now and how long it stays; nil when nothing plays (paused, finished,
  /// or no animation): the loop then sets no deadline.
  public var motionClock: MotionClock? {
    guard let playing = motion.playing, !playing.isPaused, !playing.isFinished else {
      return nil
    }
    if playedFrames(playing) != nil {
      guard playing.runs < Self.runDelays.count else { return nil }
      return MotionClock(
        key: playing.key, frame: 0, loop: playing.runs,
        milliseconds: Self.runDelays[playing.runs])
    }
    return MotionClock(
      key: playing.key, frame: playing.frame, loop: playing.loopsPlayed,
      milliseconds: playing.animation.steps[playing.frame].milliseconds)
  }

  /// The command that starts or stops the animation for what `page` shows, when that
  /// changed. Only a picture whose first frame is here is asked for: the still decode comes
  /// first, and the frames follow.
  mutating func motionWishes(of page: any Page, isTop: Bool) -> [Command] {
    var target: PictureCache.Key?
    if isEnabled, isTop, let key = page.motionPicture(self), motion.animated.contains(key),
      cache.value(for: key) != nil
    {
      target = key
    }
    guard target != motion.asked else { return [] }
    motion.asked = target
    if motion.playing?.key != target { motion.playing = nil }
    return [.wantMotion(target)]
  }

  /// The loader saw more than one frame in the picture's bytes.
  mutating func markAnimated(_ key: PictureCache.Key) {
    if motion.animated.count >= Motion.limit { motion.animated = [] }
    motion.animated.insert(key)
  }

  /// The frames arrived (nil: the picture is still, or they failed).
  mutating func takeMotion(_ key: PictureCache.Key, _ animation: Animation<PictureRendition>?) {
    guard key == motion.asked else { return }
    guard let animation, animation.steps.count > 1 else {
      motion.animated.remove(key)
      return
    }
    motion.playing = Playing(key: key, animation: animation)
  }

  /// The frame's delay is over: the next frame (the first again after the last, until the
  /// file's loop count runs out).
  mutating func motionDue() {
    guard var playing = motion.playing, !playing.isPaused, !playing.isFinished else { return }
    if playedFrames(playing) != nil {
      playing.runs += 1
      motion.playing = playing
      return
    }
    playing.frame += 1
    if playing.frame == playing.animation.steps.count {
      playing.loopsPlayed += 1
      playing.frame = playing.isFinished ? playing.frame - 1 : 0
    }
    motion.playing = playing
  }

  /// Space on a page whose animation plays: pause or play on. False when `page` plays
  /// nothing (the key then does what it does there).
  mutating func togglePause(on page: any Page) -> Bool {
    guard var playing = motion.playing, playing.key == page.motionPicture(self) else {
      return false
    }
    if playing.isFinished {
      playing.loopsPlayed = 0
      playing.frame = 0
      playing.isPaused = false
    } else {
      playing.isPaused.toggle()
    }
    motion.playing = playing
    return true
  }

  /// Whether the animation on screen is paused (for the status line).
  var isMotionPaused: Bool { motion.playing?.isPaused ?? false }

  /// The slot of the frame showing for `key`, when `key`'s animation plays. Each frame has
  /// a key of its own (`frame` counted from 1; 0 is the still picture's), so the writer
  /// sends it as a picture of its own, encoded ahead by the loader.
  func motionFrame(for key: PictureCache.Key) -> Slot? {
    guard let playing = motion.playing, playing.key == key else { return nil }
    if let frames = playedFrames(playing) { return .pixels(frames[0], key) }
    switch playing.animation.steps[playing.frame].frame {
    case .cells(let cells): return .ready(cells)
    case .pixels(let picture): return .pixels(picture, key.frame(playing.frame + 1))
    }
  }

  /// When the terminal that plays the animation is told to run it, after the frames are
  /// sent and placed: kitty 0.26 starts only an animation it has already drawn (a run
  /// command that comes with the placement is dropped; kitty 0.28+ marks it drawn), so the
  /// command follows the placement by 100 ms, and once more a second later for a terminal
  /// slower to draw (running it again changes nothing).
  static let runDelays = [100, 1000]

  /// The frames the terminal plays itself: when it can (`terminalPlaysMotion`) and every
  /// frame is pixels; nil when the board steps through them on deadlines.
  private func playedFrames(_ playing: Playing) -> [PixelPicture]? {
    guard terminalPlaysMotion else { return nil }
    var frames: [PixelPicture] = []
    for step in playing.animation.steps {
      guard case .pixels(let picture) = step.frame else { return nil }
      frames.append(picture)
    }
    return frames
  }

  /// Hands the terminal the whole animation: the placement of the playing picture (its
  /// first frame, drawn by the page) gets every frame with its delay and whether it runs,
  /// under the key of frame 1, so the writer sends them once as one animation and the
  /// still picture's image stays apart. Nothing changes when the board plays the frames.
  func attachMotion(to buffer: inout ScreenBuffer) {
    guard let playing = motion.playing, let frames = playedFrames(playing),
      frames.allSatisfy({
        $0.columns == frames[0].columns && $0.rows == frames[0].rows
          && $0.picture.width == frames[0].picture.width
          && $0.picture.height == frames[0].picture.height
      })
    else { return }
    let played = PlacedMotion(
      frames: frames, milliseconds: playing.animation.steps.map(\.milliseconds),
      loops: playing.animation.loops, isRunning: !playing.isPaused && playing.runs > 0,
      runs: playing.runs)
    buffer.attach(played, to: playing.key, as: playing.key.frame(1))
  }
}
