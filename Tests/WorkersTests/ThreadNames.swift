import Foundation

/// The names threads have, as `/proc` shows them (what `nameCurrentThread` sets).
enum ThreadNames {
  /// The name of the calling thread (a synchronous function: `Thread.current` is not for
  /// async code).
  static func current() -> String {
    let name = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
    return name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
  }

  /// The names of this process's threads now.
  static func all() -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.compactMap {
      try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }
}
