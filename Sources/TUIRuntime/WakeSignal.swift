import Foundation

/// A self-pipe that wakes the run loop: background work posts an event and `signal()`s, and
/// the loop, asleep in `poll(2)` on the terminal and this pipe together, wakes at once.
///
/// Writing one byte is async-signal-safe, so a signal handler may call `signal()` too. A full
/// pipe means a wake-up is already pending, so a failed write loses nothing.
public final class WakeSignal: Sendable {
  /// The end the loop polls for reading.
  public let fileDescriptor: Int32
  private let writeEnd: Int32

  public init() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
    }
    fileDescriptor = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    if fileDescriptor >= 0 { close(fileDescriptor) }
    if writeEnd >= 0 { close(writeEnd) }
  }

  /// The end a signal handler writes to (`TerminalGuard` keeps it).
  public var writeDescriptor: Int32 { writeEnd }

  /// Wakes the loop (from any thread).
  public func signal() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Empties the pipe after a wake-up, so the next poll sleeps again.
  public func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(fileDescriptor, &bytes, bytes.count) > 0 {}
  }
}
