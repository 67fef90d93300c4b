import FeedStore
import Foundation

/// The one loop that owns the screen and the state (bubbletea's model: events in, state
/// updated by `update`, commands out, frames drawn).
///
/// Input never waits on work: loading and searching run in tasks (`CommandRunner`) that post
/// their results to the inbox, and the loop polls input with a short timeout so results show
/// at once.
public struct AppLoop {
  public var state: AppState
  let screen: any Screen
  let runner: CommandRunner
  /// Asked between events: true when a signal asked the program to stop.
  let shouldStop: () -> Bool

  public init(
    state: AppState, screen: any Screen, source: any FeedSource,
    shouldStop: @escaping () -> Bool,
    openLink: @escaping (String, @escaping @Sendable (String) -> Void) -> Void,
    images: ImageLoader? = nil, library: SubscriptionLibrary? = nil
  ) {
    self.state = state
    self.screen = screen
    self.runner = CommandRunner(
      source: source, openLink: openLink, images: images, library: library)
    self.shouldStop = shouldStop
  }

  /// Runs until the reader quits or `shouldStop` says so. `initial` are commands to start with
  /// (the first load, an `--artist` search).
  public mutating func run(initial: [Command]) {
    var pending = initial
    var lastTick = Date()
    var needsDraw = true
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
        needsDraw = true
      }
      if !pending.isEmpty { continue }
      if needsDraw { screen.draw(state.render()) }
      needsDraw = false
      if shouldStop() { return }
      // While work is under way its results are looked for every 10 ms.
      if let event = screen.nextEvent(timeoutMilliseconds: state.isBusy ? 10 : 100) {
        pending += state.update(event)
        needsDraw = true
      }
      if state.isBusy, Date().timeIntervalSince(lastTick) > 0.1 {
        lastTick = Date()
        pending += state.update(.tick)
        needsDraw = true
      }
    }
  }
}
