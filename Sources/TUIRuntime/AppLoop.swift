import FeedLoading
import Foundation
import PictureFiles
import Pictures
import Subscriptions
import TUI

/// The one loop that owns the screen and the state (bubbletea's model: events in, state
/// updated by `update`, commands out, frames drawn).
///
/// Input never waits on work: loading and searching run in tasks (`CommandRunner`) that post
/// their results to the inbox. The loop sleeps until the terminal has input or the inbox
/// wakes it (`WakeSignal`), so a result is drawn the moment it arrives; a timer runs only
/// while the spinner turns, at the spinner's rate, and, when the settings set a refresh
/// interval, once per interval; once after the selection moves onto an item whose full
/// picture is not made yet, `restInterval` later, to read it ahead; an online search's typing
/// pause is a deadline too, and so is the end of each frame of the animation playing (one at
/// most: `FrameClock`). Idle with no interval, it makes no wake-ups at all, and nor does
/// any other thread: tasks run on `WorkerPool`'s threads, which sleep on a condition variable
/// while there is no work.
public struct AppLoop {
  public var state: AppState
  let screen: any Screen
  let runner: CommandRunner
  /// Asked between events: true when a signal asked the program to stop.
  let shouldStop: () -> Bool
  /// How often the spinner turns while work is under way.
  static let tickInterval: Duration = .milliseconds(100)
  /// How long the selection stays on an item before its full picture is read ahead: longer
  /// than a held key's repeat (25-40 ms), so scrolling never starts one.
  public static let restInterval: Duration = .milliseconds(150)

  public init(
    state: AppState, screen: any Screen, source: any FeedSource,
    shouldStop: @escaping () -> Bool,
    openLink: @escaping (String, @escaping @Sendable (String) -> Void) -> Void,
    images: ImageLoader? = nil, library: SubscriptionLibrary? = nil
  ) {
    self.state = state
    self.screen = screen
    self.runner = CommandRunner(
      source: source, openLink: openLink, copyToClipboard: { screen.copyToClipboard($0) },
      images: images, library: library)
    self.shouldStop = shouldStop
  }

  /// Where `d` saves pictures (the settings' `download-directory`); nil: the default folder.
  public var downloadFolder: URL? {
    get { runner.downloadFolder }
    nonmutating set { runner.downloadFolder = newValue }
  }

  /// Starts the picture viewer for `p` (see `CommandRunner.openPicture`).
  public var openPicture: @Sendable (String, @escaping @Sendable (String) -> Void) -> String {
    get { runner.openPicture }
    nonmutating set { runner.openPicture = newValue }
  }

  /// The signal that wakes the loop: a signal handler may write to it to end a sleep.
  public var wake: WakeSignal { runner.inbox.wake }

  /// Opens the reader's state for this run (see `CommandRunner.openState`); items that left
  /// every feed `keepDays` ago are pruned once the first list is on screen.
  public func openState(environment: [String: String], keepDays: Int = 90) {
    runner.openState(environment: environment)
    runner.stateRetention = TimeInterval(keepDays) * 86_400
  }

  /// Waits for every mark to be written (after the loop ends); false on timeout.
  @discardableResult
  public func finishStateWrites() -> Bool {
    runner.finishStateWrites()
  }

  /// At quit: sends the sync accounts' queued marks, waiting at most `seconds`; the lines
  /// to say about marks that stay queued.
  public func sendQueuedAccountMarks(within seconds: Double) -> [String] {
    runner.sendQueuedAccountMarks(within: seconds)
  }

  /// Starts `commands` now, before the loop runs (the first load), so that they are under
  /// way while the caller opens the state; what they post waits for `run`.
  public func start(_ commands: [Command]) {
    for command in commands where command != .quit { runner.perform(command) }
  }

  /// Runs until the reader quits or `shouldStop` says so. `initial` are commands to start with
  /// (the first load, an `--artist` search).
  public mutating func run(initial: [Command]) {
    var pending = initial
    let clock = ContinuousClock()
    var nextTick: ContinuousClock.Instant?
    let refreshEvery = state.refreshInterval.map { Duration.seconds($0) }
    var nextRefresh = refreshEvery.map { clock.now + $0 }
    // The picture the selection rests on and when it will have rested long enough: set once
    // per move onto an item whose picture is not made yet, so an idle browser has no timer.
    var restingOn: PictureCache.Key?
    var rested: ContinuousClock.Instant?
    // A slideshow's next picture: each slide shown (a new step) starts the delay again.
    var slideShown: Int?
    var nextSlide: ContinuousClock.Instant?
    var needsDraw = true
    var frames = FrameClock()
    defer { runner.cancelAll() }
    while true {
      for command in pending {
        if command == .quit { return }
        runner.perform(command)
      }
      pending = []
      // Finished work first, so a frame shows what arrived (a batch, a search) without
      // waiting for a key.
      for event in runner.inbox.drain() {
        pending += state.update(event)
        // The end of a state request changes nothing on screen.
        if case .stateSettled = event { continue }
        needsDraw = true
      }
      if !pending.isEmpty { continue }
      if needsDraw { screen.draw(state.render(now: Date())) }
      needsDraw = false
      if shouldStop() { return }
      // The spinner's timer runs only while work is under way.
      if !state.isBusy {
        nextTick = nil
      } else if nextTick == nil {
        nextTick = clock.now + Self.tickInterval
      }
      let candidate = state.readAheadCandidate
      if candidate != restingOn {
        restingOn = candidate
        rested = candidate.map { _ in clock.now + Self.restInterval }
      }
      let step = state.slideStep
      if step != slideShown {
        slideShown = step
        nextSlide = step.map { _ in clock.now + state.slideDelay }
      }
      frames.follow(state.motionClock, now: clock.now)
      let timeout = [
        nextTick, nextRefresh, rested, nextSlide, runner.nextDeadline, frames.due,
      ]
        .compactMap { $0 }.min()
        .map { Self.milliseconds(until: $0, clock: clock) }
      if let event = screen.nextEvent(wake: runner.inbox.wake, timeoutMilliseconds: timeout) {
        if PixelLog.isOn, case .key(let key) = event { PixelLog.note("loop: key \(key)") }
        pending += state.update(event)
        needsDraw = true
      }
      // An online search whose typing pause is over asks its server now.
      runner.startDue(now: clock.now)
      if let tick = nextTick, clock.now >= tick {
        // A late tick (a long frame) is not made up for: the next is a whole interval on.
        nextTick = clock.now + Self.tickInterval
        pending += state.update(.tick)
        needsDraw = true
      }
      if frames.isDue(now: clock.now) {
        pending += state.update(.motionDue)
        needsDraw = true
      }
      if let due = rested, let key = restingOn, clock.now >= due {
        rested = nil
        pending += state.update(.selectionRested(key))
      }
      if let due = nextSlide, clock.now >= due {
        nextSlide = nil
        pending += state.update(.slideDue)
        needsDraw = true
      }
      if let due = nextRefresh, let every = refreshEvery, clock.now >= due {
        // Counted from now: a refresh that was late (the machine slept) is not repeated.
        nextRefresh = clock.now + every
        pending += state.update(.refreshDue)
        needsDraw = true
      }
    }
  }

  /// Whole milliseconds from now until `instant` (at least 0, rounded up).
  private static func milliseconds(
    until instant: ContinuousClock.Instant, clock: ContinuousClock
  ) -> Int {
    let left = clock.now.duration(to: instant).components
    let milliseconds =
      left.seconds * 1000 + (left.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int(max(0, milliseconds))
  }
}
