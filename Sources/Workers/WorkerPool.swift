import Foundation

/// Threads of artfeed's own that run Swift tasks: a `TaskExecutor` whose idle threads sleep
/// on a condition variable with no timeout.
///
/// Why not the global concurrent executor: on Linux it is libdispatch's worker pool, and the
/// first thread that pool starts also starts a one-second monitor timer that nothing turns
/// off (`_dispatch_workq_init_once`, swift-corelibs-libdispatch `src/event/workqueue.c`), so
/// a process that ever ran a task woke once a second for the rest of its life. Tasks started
/// with `Task.detached(executorPreference: WorkerPool.shared)` run here, and so do their
/// child tasks and the continuations other threads resume for them. A thread is started when
/// work arrives and none is free, up to `limit`; then it stays, asleep while there is no work.
///
/// Two things still reach libdispatch and must not be used by work that runs here:
/// `Task.sleep` (the global executor's delayed enqueue) and actors with no task executor
/// preference. Blocking a thread here blocks one of `limit`: long blocking waits belong on a
/// thread of their own (`SerialWorker`).
public final class WorkerPool: TaskExecutor, @unchecked Sendable {
  // @unchecked: `jobs`, `started` and `idle` are touched only with `condition` locked.

  /// The pool every task of the process runs on: as many threads as cores, at least two.
  public static let shared = WorkerPool(
    name: "artfeed-work", limit: max(2, ProcessInfo.processInfo.activeProcessorCount))

  /// The most threads the pool starts.
  public let limit: Int
  private let name: String
  private let condition = NSCondition()
  private var jobs = JobQueue()
  private var started = 0
  private var idle = 0

  public init(name: String, limit: Int) {
    self.name = name
    self.limit = max(1, limit)
  }

  /// Threads started so far (they never end).
  public var threads: Int {
    condition.lock()
    defer { condition.unlock() }
    return started
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    let spawn = idle == 0 && started < limit
    if spawn { started += 1 } else if idle > 0 { condition.signal() }
    condition.unlock()
    if spawn {
      let name = self.name
      Thread.detachNewThread { [self] in
        nameCurrentThread(name)
        work()
      }
    }
  }

  private func work() {
    let executor = asUnownedTaskExecutor()
    while true {
      condition.lock()
      while jobs.isEmpty {
        idle += 1
        condition.wait()
        idle -= 1
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: executor)
    }
  }

  /// Waits `duration` without libdispatch (`Task.sleep` is its delayed enqueue): a thread of
  /// its own sleeps, then resumes the task. For rare short waits (a retry), not for timers.
  public static func sleep(for duration: Duration) async {
    let parts = duration.components
    let microseconds = max(0, parts.seconds * 1_000_000 + parts.attoseconds / 1_000_000_000_000)
    await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
      Thread.detachNewThread {
        usleep(useconds_t(min(microseconds, Int64(UInt32.max))))
        resume.resume()
      }
    }
  }

  /// A first-in first-out line of jobs (an array with a moving head, compacted as it drains).
  private struct JobQueue {
    private var items: [UnownedJob] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }

    mutating func append(_ job: UnownedJob) { items.append(job) }

    mutating func removeFirst() -> UnownedJob {
      let job = items[head]
      head += 1
      if head == items.count {
        items.removeAll(keepingCapacity: true)
        head = 0
      } else if head >= 64, head * 2 >= items.count {
        items.removeFirst(head)
        head = 0
      }
      return job
    }
  }
}

/// Names the calling thread (what `/proc/PID/task/*/comm`, `top -H` and debuggers show; at
/// most 15 bytes). Written to `/proc/thread-self/comm` directly: Foundation's `Thread.name`,
/// set from the new thread, is lost when the thread runs before `start()` has recorded it.
public func nameCurrentThread(_ name: String) {
  let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
  guard fd >= 0 else { return }
  let bytes = Array(name.utf8.prefix(15))
  _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  close(fd)
}
