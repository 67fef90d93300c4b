import FeedCore
import Foundation
import TestSupport
import Testing

@testable import TUI
@testable import TUIRuntime

/// Runs a loop on a thread of its own, as the app runs it on the main thread: the loop blocks
/// while it polls input, and must not hold one of the few threads that run the loading tasks.
func runOnThread(_ loop: AppLoop, initial: [Command]) async -> AppState {
  final class Box: @unchecked Sendable {
    var loop: AppLoop
    init(_ loop: AppLoop) { self.loop = loop }
  }
  let box = Box(loop)
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    Thread.detachNewThread {
      box.loop.run(initial: initial)
      done.resume()
    }
  }
  return box.loop.state
}

/// `CommandRunner.settle` on a thread of its own: it blocks while it waits for the work's
/// events, and must not hold one of the cooperative pool's threads (two on this machine)
/// that run that very work, or two such tests at once starve each other. The 60 s default is
/// for a loaded machine, where the pool's threads can be busy with synchronous tests (and the
/// serialized end-to-end suite) for tens of seconds before the work starts.
func settleOnThread(
  _ state: AppState, runner: CommandRunner, initial: [Command], seconds: Double = 60
) async -> (state: AppState, settled: Bool) {
  final class Box: @unchecked Sendable {
    var state: AppState
    var settled = false
    let runner: CommandRunner
    init(_ state: AppState, _ runner: CommandRunner) {
      self.state = state
      self.runner = runner
    }
  }
  let box = Box(state, runner)
  let deadline = TimeScale.seconds(seconds)
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    Thread.detachNewThread {
      box.settled = box.runner.settle(&box.state, initial: initial, deadline: .now() + deadline)
      done.resume()
    }
  }
  return (box.state, box.settled)
}
