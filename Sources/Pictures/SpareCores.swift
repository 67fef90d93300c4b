import Foundation

/// Whether a core is free right now for a second decoding thread, from the kernel's count of
/// runnable threads at this instant (`/proc/loadavg`'s fourth field) less this process's own
/// running threads (`/proc/self/task/*/stat`).
///
/// The load averages lag: the one-minute figure takes a minute to show a loop that just
/// started on one core, and a second band started meanwhile shares that core with it, so the
/// slowest band ends later than one thread alone would. The instant count sees it at once.
/// The process's own running threads do not count against it: the run loop drawing the
/// preview frame as the decode starts is over within a few milliseconds.
public enum SpareCores {
  /// True when at least `needed` cores are free of other processes' runnable threads now.
  /// False when the counts cannot be read (no /proc): a second thread is then not risked.
  public static func available(_ needed: Int = 2) -> Bool {
    guard let loadavg = contents(of: "/proc/loadavg"),
      let running = runningThreads(loadavg: loadavg)
    else { return false }
    return isFree(
      needed, running: running, ours: ownRunningThreads(),
      cores: ProcessInfo.processInfo.activeProcessorCount)
  }

  /// The decision on its own: `running` runnable threads in the whole system, `ours` of them
  /// this process's, `cores` in all.
  static func isFree(_ needed: Int, running: Int, ours: Int, cores: Int) -> Bool {
    cores - max(0, running - ours) >= needed
  }

  /// The runnable count in `/proc/loadavg` ("0.52 0.58 0.59 3/467 12345": 3), or nil.
  static func runningThreads(loadavg: String) -> Int? {
    let fields = loadavg.split(separator: " ")
    guard fields.count >= 4, let slash = fields[3].firstIndex(of: "/") else { return nil }
    return Int(fields[3][..<slash])
  }

  /// Whether a thread's `stat` line says it is running ("R" after the command's closing
  /// parenthesis, which is the last one: a command may hold parentheses and spaces).
  static func isRunning(stat: String) -> Bool {
    guard let close = stat.lastIndex(of: ")") else { return false }
    return stat[stat.index(after: close)...].drop { $0 == " " }.first == "R"
  }

  /// This process's threads that are running or runnable now (at least 1: the caller).
  static func ownRunningThreads() -> Int {
    let tasks = "/proc/self/task"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: tasks) else {
      return 1
    }
    let running = names.count { name in
      contents(of: "\(tasks)/\(name)/stat").map { isRunning(stat: $0) } ?? false
    }
    return max(1, running)
  }

  /// A small /proc file's text (its size is not known ahead: read once into a buffer).
  private static func contents(of path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }
}
