import Foundation
import Locking
import Testing

/// The threads artfeed runs its work on instead of libdispatch's pool (docs/adr/0083).
@Suite("Worker threads")
struct WorkerThreadsTests {
  /// The name of the calling thread (a synchronous function: `Thread.current` is not for
  /// async code).
  static func threadName() -> String {
    let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
    return name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
  }

  /// The names of this process's threads now.
  static func threadNames() -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.compactMap {
      try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  @Test("a task, its children and a continuation resumed elsewhere all run on the pool")
  func taskStaysOnThePool() async {
    let names = await Task.detached(executorPreference: WorkerPool.shared) { () -> [String] in
      var seen = [Self.threadName()]
      seen += await withTaskGroup(of: String.self) { group in
        for _ in 0..<4 { group.addTask { Self.threadName() } }
        return await group.reduce(into: []) { $0.append($1) }
      }
      // Resumed from a plain thread, as the libcurl thread resumes a request's caller.
      await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread { resume.resume() }
      }
      seen.append(Self.threadName())
      await WorkerPool.sleep(for: .milliseconds(5))
      seen.append(Self.threadName())
      return seen
    }.value
    #expect(names.count == 7)
    #expect(names.allSatisfy { $0 == "artfeed-work" }, "\(names)")
    #expect(WorkerPool.shared.threads <= WorkerPool.shared.limit)
  }

  @Test("a serial worker runs blocks in order, answers sync, and its thread ends with it")
  func serialWorker() throws {
    let name = "t-serial-\(getpid() % 1000)"
    var worker: SerialWorker? = SerialWorker(name: name)
    let order = Locked<[Int]>([])
    for index in 0..<100 { worker?.async { order.withLock { $0.append(index) } } }
    let count = worker?.sync { order.withLock { $0.count } }
    #expect(count == 100)
    #expect(order.withLock { $0 } == Array(0..<100))
    // A value that is not Sendable comes back too (what `AccountDatabase.runNow` needs).
    let text = worker?.sync { NSMutableString(string: "made on \(Self.threadName())") }
    #expect(text?.description == "made on \(name)")
    #expect(Self.threadNames().filter { $0 == name }.count == 1)
    worker = nil
    let deadline = Date() + 10
    while Self.threadNames().contains(name), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(!Self.threadNames().contains(name), "the worker's thread outlived it")
  }
}
