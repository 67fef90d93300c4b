import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One run of a child process: wall time until it exited, its peak resident memory.
struct ChildRun {
  var seconds: Double
  var peakMiB: Double
  var status: Int32
}

/// Runs `path` with `arguments`, output to /dev/null, and reads its peak RSS from `wait4`.
func spawn(_ path: String, _ arguments: [String]) -> ChildRun {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid: pid_t = 0
  let start = DispatchTime.now()
  guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
    return ChildRun(seconds: 0, peakMiB: 0, status: -1)
  }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  // ru_maxrss is in KiB on Linux.
  return ChildRun(seconds: seconds, peakMiB: Double(usage.ru_maxrss) / 1024, status: status)
}

/// Median of a few values (the lower middle for an even count).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
}
