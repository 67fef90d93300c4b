import CNCurses
import Foundation
import Synchronization
import TUI
import TUIRuntime

/// The signal that asked the program to stop (SIGINT, SIGTERM, SIGHUP), or 0.
private let stopSignal = Atomic<Int32>(0)
/// The run loop's wake-up pipe (its write end), or -1: a stop signal wakes the loop at once.
private let wakeDescriptor = Atomic<Int32>(-1)

/// Restores the terminal on every way out: stop signals end the run loop cleanly; fatal
/// signals (a crash) call `endwin` before the default action runs.
///
/// Install before `CursesScreen` so ncurses leaves SIGINT/SIGTERM to us; SIGTSTP (Ctrl-Z) and
/// SIGWINCH stay with ncurses, which suspends, resumes and reports resizes properly.
public enum TerminalGuard {
  /// Installs the handlers. Call once, before the screen opens.
  public static func install() {
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber) { received in
        stopSignal.store(received, ordering: .relaxed)
        let wake = wakeDescriptor.load(ordering: .relaxed)
        if wake >= 0 {
          var byte: UInt8 = 1
          _ = write(wake, &byte, 1)
        }
      }
    }
    for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
      signal(signalNumber) { received in
        endwin()
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  /// Stop signals also wake the run loop sleeping on `wake`.
  public static func wakes(_ wake: WakeSignal) {
    wakeDescriptor.store(wake.writeDescriptor, ordering: .relaxed)
  }

  /// The stop signal received so far, or nil.
  public static var receivedSignal: Int32? {
    let value = stopSignal.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }
}
