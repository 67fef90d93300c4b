import Foundation
import Locking
import Subscriptions
import TUI
import Workers

/// Marks of sync accounts' items go to their servers a moment after they are made, not only
/// at the next sync: the state's triggers queue them (docs/adr/0131), and once the writer
/// has committed them one task sends every account's queue. Marks made while it runs are sent
/// by one more round after it; a failure keeps them queued for the next sync and is said once
/// until a send succeeds again.
final class AccountMarkSender: Sendable {
  private struct Progress {
    var running = false
    var again = false
    var failing = false
  }

  private let progress = Locked(Progress())
  private let library: SubscriptionLibrary
  private let inbox: EventInbox

  init(library: SubscriptionLibrary, inbox: EventInbox) {
    self.library = library
    self.inbox = inbox
  }

  /// Sends the queues soon: now when no round runs, else once more after the round.
  func schedule() {
    let starts = progress.withLock { progress -> Bool in
      if progress.running {
        progress.again = true
        return false
      }
      progress.running = true
      return true
    }
    if starts { Task.detached(executorPreference: WorkerPool.shared) { await self.rounds() } }
  }

  private func rounds() async {
    while true {
      let failures = await library.sendQueuedMarks()
      let (more, say) = progress.withLock { progress -> (Bool, Bool) in
        let say = !failures.isEmpty && !progress.failing
        progress.failing = !failures.isEmpty
        let more = progress.again && failures.isEmpty
        progress.again = false
        progress.running = more
        return (more, say)
      }
      if say {
        inbox.post(.notice("Marks wait for the next sync: " + failures.joined(separator: "; ")))
      }
      if !more { return }
    }
  }
}

extension CommandRunner {
  /// After a mark is queued for the writer: once it is committed, the accounts' queues are
  /// sent (nothing happens without accounts, or offline).
  func sendAccountMarksSoon() {
    guard let sender = accountMarks, let state = readerState else { return }
    state.whenQueued { sender.schedule() }
  }

  /// At quit: sends what is still queued for the accounts, waiting at most `seconds` (for a
  /// send under way too: the one a mark just started holds the account's lock); the lines
  /// to say about marks that stay queued, with how many.
  public func sendQueuedAccountMarks(within seconds: Double) -> [String] {
    guard let library, !library.accounts.isEmpty else { return [] }
    let answer = Locked<[String]?>(nil)
    let done = DispatchSemaphore(value: 0)
    let task = Task.detached(executorPreference: WorkerPool.shared) {
      let failures = await library.sendQueuedMarks(patience: seconds)
      answer.withLock { $0 = failures }
      done.signal()
    }
    let finished = done.wait(timeout: .now() + seconds) == .success
    if !finished { task.cancel() }
    let failures = answer.withLock { $0 } ?? []
    var lines = failures.map { "\($0): marks stay queued for the next sync" }
    for (name, count) in library.queuedMarks()
    where !failures.contains(where: { $0.hasPrefix(name + ": ") }) {
      let marks = count == 1 ? "1 mark" : "\(count) marks"
      lines.append(
        finished
          ? "\(name): \(marks) stay queued for the next sync"
          : "\(name): \(marks) not sent in \(Int(seconds)) s stay queued for the next sync")
    }
    return lines
  }
}
