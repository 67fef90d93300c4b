import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The browser's process, seen from outside the terminal.
enum ProcessProbe {
  /// Waits (bounded) for the process id that `sh -c 'echo $$ > FILE; exec ...'` writes.
  static func pid(inFile path: String) throws -> pid_t {
    var pid: pid_t = 0
    try poll("a process id in \(path)") {
      let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
      return pid > 0
    }
    return pid
  }

  /// True while the process exists and has not exited (a zombie has exited).
  static func isRunning(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    // The state letter follows the parenthesised command name.
    guard let close = stat.lastIndex(of: ")") else { return false }
    return !stat[close...].dropFirst().trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }
}
