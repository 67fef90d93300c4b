import Foundation
import Locking

/// At most `limit` requests at a time to one host, across the whole process: the feeds, the
/// endpoint's searches, the next pages and the pictures all wait their turn (polite fetching,
/// issue 21). Waiters are served in order; one cancelled while waiting leaves the line.
public final class HostGate: Sendable {
  /// The process's gate: two requests at a time per host.
  public static let shared = HostGate(limit: 2)
  public let limit: Int
  private let state = Locked(State())

  private struct State {
    var hosts: [String: Host] = [:]
    var nextTicket: UInt64 = 0
    /// Tickets whose task has not yet asked for a place.
    var pending: Set<UInt64> = []
    /// Pending tickets whose task was cancelled first (the cancel handler ran first).
    var cancelled: Set<UInt64> = []
  }

  private struct Host {
    var running = 0
    var waiting: [(ticket: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
  }

  public init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Requests to `host` running now (tests).
  public func running(_ host: String) -> Int {
    state.withLock { $0.hosts[host]?.running ?? 0 }
  }

  /// Tasks waiting in line for `host` (tests: a waiter is in line before it is cancelled).
  func waiting(_ host: String) -> Int {
    state.withLock { $0.hosts[host]?.waiting.count ?? 0 }
  }

  /// Tickets kept for tasks cancelled before they asked (tests: none is left behind).
  var leftovers: Int { state.withLock { $0.pending.count + $0.cancelled.count } }

  /// Waits until fewer than `limit` requests to `host` are running and takes a place;
  /// false when the task was cancelled first (no place is taken). Every `true` must be
  /// followed by one `leave`.
  public func enter(_ host: String) async -> Bool {
    let ticket = state.withLock { state -> UInt64 in
      state.nextTicket += 1
      state.pending.insert(state.nextTicket)
      return state.nextTicket
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let answer: Bool? = state.withLock { state in
          state.pending.remove(ticket)
          if state.cancelled.remove(ticket) != nil { return false }
          var entry = state.hosts[host] ?? Host()
          defer { state.hosts[host] = entry }
          if entry.running < limit {
            entry.running += 1
            return true
          }
          entry.waiting.append((ticket, continuation))
          return nil
        }
        if let answer { continuation.resume(returning: answer) }
      }
    } onCancel: {
      let waiter: CheckedContinuation<Bool, Never>? = state.withLock { state in
        guard var entry = state.hosts[host],
          let index = entry.waiting.firstIndex(where: { $0.ticket == ticket })
        else {
          // Not in line: it has not asked yet (it will find this), or it has its place.
          if state.pending.contains(ticket) { state.cancelled.insert(ticket) }
          return nil
        }
        let waiter = entry.waiting.remove(at: index).continuation
        state.hosts[host] = entry
        return waiter
      }
      waiter?.resume(returning: false)
    }
  }

  /// Gives the place to the next waiter, if any.
  public func leave(_ host: String) {
    let next: CheckedContinuation<Bool, Never>? = state.withLock { state in
      guard var entry = state.hosts[host] else { return nil }
      defer { state.hosts[host] = entry.running == 0 && entry.waiting.isEmpty ? nil : entry }
      if entry.waiting.isEmpty {
        entry.running -= 1
        return nil
      }
      return entry.waiting.removeFirst().continuation
    }
    next?.resume(returning: true)
  }
}
