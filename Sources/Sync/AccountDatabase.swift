import FeedModel
import Foundation
import ReadingState
import Workers

/// An account's local copy and a connection to the state database, used on a thread of
/// their own (`SerialWorker`): SQLite calls block, and must not hold one of the few threads
/// that run the tasks (docs/adr/0113).
final class AccountDatabase: @unchecked Sendable {
  // @unchecked: `copy` and `state` are only touched on `queue`.
  private let queue: SerialWorker
  private let copy: AccountCopy
  private let state: SQLiteStateStore
  /// True when the local copy was started afresh by this open (deleted or damaged).
  let copyWasFresh: Bool

  init(copy copyPath: String, state statePath: String, label: String) throws(AccountError) {
    if copyPath != ":memory:" {
      try PrivateFile.createFolder((copyPath as NSString).deletingLastPathComponent)
    }
    copy = try AccountCopy(path: copyPath)
    copyWasFresh = copy.isFresh
    do {
      if statePath != ":memory:" {
        try PrivateFile.createFolder((statePath as NSString).deletingLastPathComponent)
      }
      state = try SQLiteStateStore(path: statePath)
    } catch let error as StateError {
      throw AccountError(.storage, "state: \(error.description)")
    } catch {
      throw AccountError(.storage, "state: \(statePath): \(error)")
    }
    queue = SerialWorker(name: "artfeed-account")
  }

  /// Runs `body` on the queue and waits for it without blocking the caller's thread.
  func run<T: Sendable>(
    _ body: @escaping @Sendable (AccountCopy, SQLiteStateStore) throws -> T
  ) async throws(AccountError) -> T {
    let result: Result<T, any Error> = await withCheckedContinuation { continuation in
      queue.async {
        continuation.resume(returning: Result { try body(self.copy, self.state) })
      }
    }
    return try Self.mapped(result)
  }

  /// The value, or the failure as an `AccountError` (a `StateError` becomes `.storage`).
  private static func mapped<T>(_ result: Result<T, any Error>) throws(AccountError) -> T {
    switch result {
    case .success(let value): return value
    case .failure(let error as AccountError): throw error
    case .failure(let error as StateError): throw AccountError(.storage, error.description)
    case .failure(let error): throw AccountError(.storage, "\(error)")
    }
  }

  /// Runs `body` on the queue and waits for it, blocking (commands, not the UI).
  func runNow<T>(_ body: (AccountCopy, SQLiteStateStore) throws -> T) throws(AccountError) -> T {
    let result: Result<T, any Error> = queue.sync { Result { try body(copy, state) } }
    return try Self.mapped(result)
  }
}
