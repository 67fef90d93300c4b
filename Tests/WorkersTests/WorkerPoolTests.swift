import Foundation
import Testing
import Workers

/// The threads artfeed runs its work on instead of libdispatch's pool (docs/adr/0083).
@Suite("Worker pool")
struct WorkerPoolTests {
  @Test("a task, its children and a continuation resumed elsewhere all run on the pool")
  func taskStaysOnThePool() async {
    let names = await Task.detached(executorPreference: WorkerPool.shared) { () -> [String] in
      var seen = [ThreadNames.current()]
      seen += await withTaskGroup(of: String.self) { group in
        for _ in 0..<4 { group.addTask { ThreadNames.current() } }
        return await group.reduce(into: []) { $0.append($1) }
      }
      // Resumed from a plain thread, as the libcurl thread resumes a request's caller.
      await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread { resume.resume() }
      }
      seen.append(ThreadNames.current())
      await WorkerPool.sleep(for: .milliseconds(5))
      seen.append(ThreadNames.current())
      return seen
    }.value
    #expect(names.count == 7)
    #expect(names.allSatisfy { $0 == "artfeed-work" }, "\(names)")
    #expect(WorkerPool.shared.threads <= WorkerPool.shared.limit)
  }
}
