import Foundation
import Testing

/// Runs each test it applies to on a thread of its own, at most `TestSlots.width` at a time.
///
/// The end-to-end tests block while they wait for processes (`waitpid`, tmux polls,
/// `Thread.sleep`). On the cooperative pool, which has one thread per core (two here), two such
/// tests at once held every thread, and the async tests and the very work they waited on
/// (`runBlocking`) stalled; so they ran one at a time. Here the test's task prefers an
/// executor that is one new thread (`withTaskExecutorPreference`), so the body, synchronous
/// or async, runs there with its task-local values (the current test, where `#expect`
/// records), and blocks only itself.
///
/// Swift Testing starts every test case at once (nothing bounds it by default), so each
/// waits for a slot of `TestSlots` first: on its own thread too, so that neither waiting nor
/// handing the slot on needs the pool. The pool is kept busy by the synchronous unit tests
/// (for the first minute or so), so the suites' own scheduling runs off it too, on one thread
/// (`suites`): the end-to-end tests start at once rather than after the unit tests.
struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
  var isRecursive: Bool { true }

  /// Where the suites' own work (starting their tests and awaiting them) runs.
  static let suites = OneThreadExecutor()

  /// Suites too (a recursive trait's default is test cases only): see `suites`.
  func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { self }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else {
      return try await withTaskExecutorPreference(Self.suites) { try await function() }
    }
    let rank = test.traits.compactMap { ($0 as? SlotOrderTrait)?.rank }.min() ?? .other
    let thread = OneThreadExecutor()
    defer { thread.finish() }
    try await withTaskExecutorPreference(thread) {
      await TestSlots.shared.take(rank)
      defer { TestSlots.shared.give() }
      let began = Date()
      defer { TestSlots.shared.log(test.name, began: began) }
      try await function()
    }
  }
}

extension Trait where Self == OwnThreadTrait {
  /// Each test case runs on a thread of its own (see `OwnThreadTrait`).
  static var ownThread: Self { Self() }
}

/// Which end-to-end tests get a slot first: a suite whose tests run one after another (a
/// chain, given its next slot before any other test), then tests that take long, then the
/// rest. Started late, a long test or the rest of a chain would still be going after all
/// the short tests are done.
struct SlotOrderTrait: TestTrait, SuiteTrait {
  enum Rank: Int, Comparable {
    case chain, long, other
    static func < (a: Rank, b: Rank) -> Bool { a.rawValue < b.rawValue }
  }

  let rank: Rank
  var isRecursive: Bool { true }
}

extension Trait where Self == SlotOrderTrait {
  /// A serialized suite's tests: each gets its slot before any other test.
  static var chain: Self { Self(rank: .chain) }
  /// A test (or suite) that takes long: started before the short ones.
  static var long: Self { Self(rank: .long) }
}

/// Slots for end-to-end test cases running at once, given by rank, then in the order asked.
final class TestSlots: @unchecked Sendable {
  // @unchecked: `free` and `waiting` are touched only with `lock` held.

  /// `ARTFEED_E2E_WIDTH`, else Swift Testing's `SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH`
  /// (1 runs them one at a time), else 4.
  static let width: Int = {
    let environment = ProcessInfo.processInfo.environment
    for name in ["ARTFEED_E2E_WIDTH", "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"] {
      if let text = environment[name], let value = Int(text), value > 0 { return value }
    }
    return 4
  }()

  static let shared = TestSlots(width: width)

  private let lock = NSLock()
  private var free: Int
  private var waiting: [(rank: SlotOrderTrait.Rank, slot: CheckedContinuation<Void, Never>)] = []
  private let start = Date()
  /// `ARTFEED_E2E_LOG`: a file where each test case's start (seconds after the first asked
  /// for a slot) and length are appended, without the wait that Swift Testing's times count.
  private let logFile = ProcessInfo.processInfo.environment["ARTFEED_E2E_LOG"]

  init(width: Int) { free = width }

  func take(_ rank: SlotOrderTrait.Rank) async {
    await withCheckedContinuation { (slot: CheckedContinuation<Void, Never>) in
      lock.lock()
      if free > 0 {
        free -= 1
        lock.unlock()
        slot.resume()
      } else {
        let index = waiting.firstIndex { $0.rank > rank } ?? waiting.endIndex
        waiting.insert((rank, slot), at: index)
        lock.unlock()
      }
    }
  }

  func give() {
    lock.lock()
    let next = waiting.isEmpty ? nil : waiting.removeFirst().slot
    if next == nil { free += 1 }
    lock.unlock()
    next?.resume()
  }

  func log(_ name: String, began: Date) {
    guard let logFile else { return }
    let line = String(
      format: "%7.1f %6.1f %@\n", began.timeIntervalSince(start), Date().timeIntervalSince(began),
      name)
    lock.lock()
    defer { lock.unlock() }
    guard
      let handle = FileHandle(forWritingAtPath: logFile)
        ?? {
          _ = FileManager.default.createFile(atPath: logFile, contents: nil)
          return FileHandle(forWritingAtPath: logFile)
        }()
    else { return }
    handle.seekToEndOfFile()
    handle.write(Data(line.utf8))
    try? handle.close()
  }
}

/// A task executor that runs its jobs, in order, on one thread of its own. The thread starts
/// with the first job and ends once `finish()` is called and no job is left; a job enqueued
/// after that (a task started inside the test that inherited the preference) starts another.
final class OneThreadExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: `jobs`, `running` and `finished` are touched only with `condition` locked.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var running = false
  private var finished = false

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    let start = !running
    running = true
    condition.signal()
    condition.unlock()
    if start {
      let thread = Thread { [self] in run() }
      // A main thread's stack, as large as the pool's threads' that the tests were written for.
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// Lets the thread end once the jobs enqueued so far are run.
  func finish() {
    condition.lock()
    finished = true
    condition.signal()
    condition.unlock()
  }

  private func run() {
    let executor = asUnownedTaskExecutor()
    while true {
      condition.lock()
      while jobs.isEmpty && !finished { condition.wait() }
      if jobs.isEmpty {
        running = false
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: executor)
    }
  }
}
