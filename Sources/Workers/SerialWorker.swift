import Foundation

/// One thread of its own that runs blocks in the order they were given, in place of a serial
/// `DispatchQueue` (which runs on libdispatch's worker pool; see `WorkerPool`). The thread
/// starts with the first block, sleeps on a condition variable while there is none, and ends
/// once the worker is gone and the blocks given before are done.
public final class SerialWorker: Sendable {
  private let name: String
  private let line = Line()

  /// What the worker and its thread share; the thread holds this, not the worker.
  private final class Line: @unchecked Sendable {
    // @unchecked: every stored property is touched only with `condition` locked.
    let condition = NSCondition()
    var blocks: [@Sendable () -> Void] = []
    var started = false
    var closed = false
  }

  public init(name: String) {
    self.name = name
  }

  deinit {
    line.condition.lock()
    line.closed = true
    line.condition.signal()
    line.condition.unlock()
  }

  /// Runs `body` on the worker after everything given before it.
  public func async(_ body: @escaping @Sendable () -> Void) {
    let line = self.line
    line.condition.lock()
    line.blocks.append(body)
    let spawn = !line.started
    line.started = true
    line.condition.signal()
    line.condition.unlock()
    if spawn {
      let name = self.name
      Thread.detachNewThread {
        nameCurrentThread(name)
        Self.work(line)
      }
    }
  }

  /// Runs `body` on the worker after everything given before it, and waits for it (what
  /// `DispatchQueue.sync` does). Never call it from one of the worker's own blocks: it would
  /// wait for itself.
  public func sync<Value>(_ body: () -> Value) -> Value {
    // The caller waits until `body` has run, and the worker lets go of it before saying so:
    // neither the closure nor its value escapes for real.
    let handoff = Handoff<Value>()
    let done = DispatchSemaphore(value: 0)
    withoutActuallyEscaping(body) { body in
      handoff.body = body
      async {
        handoff.value = handoff.body?()
        handoff.body = nil
        done.signal()
      }
      done.wait()
    }
    guard let value = handoff.value else {
      preconditionFailure("the worker's block ended without a value")
    }
    return value
  }

  /// Carries a closure that is not `Sendable` to the worker, and its value back, while the
  /// caller waits (the semaphore orders the accesses).
  private final class Handoff<Value>: @unchecked Sendable {
    var body: (() -> Value)?
    var value: Value?
  }

  private static func work(_ line: Line) {
    while true {
      line.condition.lock()
      while line.blocks.isEmpty, !line.closed { line.condition.wait() }
      let taken = line.blocks
      let closed = line.closed
      line.blocks.removeAll(keepingCapacity: true)
      line.condition.unlock()
      if taken.isEmpty, closed { return }
      for block in taken { block() }
    }
  }
}
