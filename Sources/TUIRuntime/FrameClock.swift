import TUI

/// When the animation playing shows its next frame: the run loop's deadline for
/// `.motionDue`.
///
/// Each frame is due its delay after the previous one was due, not after it was drawn, so
/// time spent drawing does not stretch the animation; a frame more than a whole delay late
/// (the machine was busy, the process stopped) restarts the count from now instead of
/// hurrying through the frames it missed.
struct FrameClock {
  /// The frame counted and when its delay ends.
  private(set) var showing: PictureBoard.MotionClock?
  private(set) var due: ContinuousClock.Instant?
  /// When the last frame was due, if it was shown on time: the next counts from there.
  private var lastDue: ContinuousClock.Instant?

  /// Follows the state's frame: a new frame starts its delay (from the last due time when
  /// it followed on time); nothing playing clears the deadline.
  mutating func follow(_ clock: PictureBoard.MotionClock?, now: ContinuousClock.Instant) {
    guard clock != showing else { return }
    showing = clock
    guard let clock else {
      due = nil
      lastDue = nil
      return
    }
    let delay = Duration.milliseconds(clock.milliseconds)
    let start = lastDue.flatMap { now - $0 < delay ? $0 : nil } ?? now
    due = start + delay
    lastDue = nil
  }

  /// True once when the frame's delay is over (the caller posts `.motionDue`).
  mutating func isDue(now: ContinuousClock.Instant) -> Bool {
    guard let due, now >= due else { return false }
    lastDue = due
    self.due = nil
    return true
  }
}
