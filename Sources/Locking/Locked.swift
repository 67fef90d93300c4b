import Foundation

/// A value that threads share behind a lock: `withLock` is the only way to it.
///
/// The same shape as the standard library's `Synchronization.Mutex`, which it replaces here:
/// on Linux that mutex waits in the kernel through `syscall` directly, so ThreadSanitizer
/// cannot see it and reports every access it guards as a race (`Scripts/tsan-mutex-repro.swift`
/// shows it with four threads). `NSLock` is a pthread mutex, which ThreadSanitizer follows,
/// so a clean TSan run means what it says.
public final class Locked<Value: Sendable>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, holding the lock.
  public func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
