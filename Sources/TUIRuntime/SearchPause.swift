import Foundation
import Locking

/// An online search's wait for typing to pause, kept as a deadline rather than a sleep.
///
/// The search's task awaits `wait()`; the loop includes `due` in its poll's timeout and opens
/// the pause when it is over (`CommandRunner.startDue`); cancelling the task (the next key's
/// search) ends the wait with false. No timer runs anywhere else, and nothing sleeps on
/// libdispatch (`Task.sleep` would: see `WorkerPool`).
final class SearchPause: Sendable {
  /// When the pause is over.
  let due: ContinuousClock.Instant
  private let state = Locked<(outcome: Bool?, waiter: CheckedContinuation<Bool, Never>?)>(
    (nil, nil))

  init(due: ContinuousClock.Instant) {
    self.due = due
  }

  /// Waits until the pause is over (true) or the task is cancelled (false).
  func wait() async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
        let outcome = state.withLock { state -> Bool? in
          if state.outcome == nil { state.waiter = waiter }
          return state.outcome
        }
        if let outcome { waiter.resume(returning: outcome) }
      }
    } onCancel: {
      end(false)
    }
  }

  /// The pause is over: the search goes on.
  func open() { end(true) }

  private func end(_ outcome: Bool) {
    let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      guard state.outcome == nil else { return nil }
      state.outcome = outcome
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: outcome)
  }
}
