import CNCurses
import Foundation
import Synchronization

/// The signal that asked the program to stop (SIGINT, SIGTERM, SIGHUP), or 0.
private let stopSignal = Atomic<Int32>(0)

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

  /// The stop signal received so far, or nil.
  public static var receivedSignal: Int32? {
    let value = stopSignal.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }
}
