import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// What a finished program left: its exit status and what it wrote.
struct Spawned {
  /// The exit code, or 128 + the signal that ended it.
  var status: Int32
  var output: String
  var errors: String
  /// Wall-clock seconds from spawn to exit.
  var seconds: Double = 0
  /// The program's CPU seconds, user and system (`wait4`'s rusage); from `measure` only. It
  /// moves far less with the machine's load than `seconds`.
  var cpuSeconds: Double = 0
  /// The program's peak resident set (`wait4`'s `ru_maxrss`), in KiB; meaningful from
  /// `measure` only (see there).
  var peakKilobytes: Int = 0

  /// The peak resident set in MiB, rounded up.
  var peakMebibytes: Int { (peakKilobytes + 1023) / 1024 }
}

/// Runs a program and waits for it with `waitpid`, its output going to temporary files.
///
/// Not Foundation's `Process`: `tmux new-session` forks a server that outlives the client and
/// inherits its descriptors, and `Process` then never reported the client's exit here.
///
/// The child starts with no signal blocked and every signal at its default action. Tests run
/// on worker threads that block most signals, and a spawned program inherits that mask: a
/// tmux server started that way never saw SIGCHLD (`kill-server` left it running), and the
/// programs in its panes never saw SIGWINCH, SIGTERM or SIGHUP.
enum Spawn {
  /// Runs `argv` with standard error merged into standard output.
  static func run(_ argv: [String], environment extra: [String: String] = [:]) throws -> (
    Int32, String
  ) {
    let result = try spawn(argv, environment: extra, mergeErrors: true)
    return (result.status, result.output)
  }

  /// Runs `argv` with standard output and standard error kept apart; standard input is empty.
  static func capture(_ argv: [String], environment extra: [String: String] = [:]) throws -> Spawned
  {
    try spawn(argv, environment: extra, mergeErrors: false)
  }

  /// Runs `argv` and measures its time and peak memory; standard output is thrown away unless
  /// `keepOutput` (big outputs are not read back).
  ///
  /// Through `python3`, which forks and execs it: `posix_spawn` here is `vfork`, and Linux
  /// hands the spawning process's memory high-water mark (the test process's, hundreds of MiB)
  /// on to the child at `exec`, so `wait4` on a direct child reports the tests' peak, not the
  /// program's. Forked from the small python process, the floor is python's own (about
  /// 10 MiB).
  static func measure(
    _ argv: [String], environment extra: [String: String] = [:], keepOutput: Bool = false
  ) throws -> Spawned {
    let figures = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-measure-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: figures) }
    var result = try spawn(
      Python.command + ["-c", measurer, figures] + argv, environment: extra,
      mergeErrors: false, discardOutput: !keepOutput)
    let words = ((try? String(contentsOfFile: figures, encoding: .utf8)) ?? "").split(
      separator: " ")
    guard words.count == 4, let status = Int32(words[0]), let seconds = Double(words[1]),
      let peak = Int(words[2]), let cpu = Double(words[3])
    else {
      throw E2EError.tmuxFailed(argv.joined(separator: " "), "no figures: \(result.errors)")
    }
    (result.status, result.seconds, result.peakKilobytes, result.cpuSeconds) = (
      status, seconds, peak, cpu
    )
    return result
  }

  /// Forks, execs `argv[2:]`, waits with `wait4`, and writes "status seconds maxrss-KiB
  /// cpu-seconds" to `argv[1]`.
  private static let measurer = """
    import os, sys, time
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            os.execv(sys.argv[2], sys.argv[2:])
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    code = 128 - code if code < 0 else code
    with open(sys.argv[1], "w") as figures:
        figures.write("%d %.3f %d %.3f" % (code, seconds, usage.ru_maxrss,
                                          usage.ru_utime + usage.ru_stime))
    """

  private static func spawn(
    _ argv: [String], environment extra: [String: String], mergeErrors: Bool,
    discardOutput: Bool = false
  ) throws -> Spawned {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-spawn-\(UUID().uuidString)").path
    let outputPath = base + ".out"
    let errorPath = base + ".err"
    defer {
      try? FileManager.default.removeItem(atPath: outputPath)
      try? FileManager.default.removeItem(atPath: errorPath)
    }
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "TMUX")
    // Dates on screen are local time: one zone for every run, so recorded screens hold.
    environment["TZ"] = "UTC"
    for (key, value) in extra { environment[key] = value }
    let envp = environment.map { "\($0.key)=\($0.value)" }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, 1, discardOutput ? "/dev/null" : outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if mergeErrors {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }

    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = envp.map { strdup($0) } + [nil]
    defer {
      cArgs.forEach { free($0) }
      cEnv.forEach { free($0) }
    }
    var pid: pid_t = 0
    let start = Date()
    closeInheritedDescriptors(&actions)
    let spawned = withCleanSignals { posix_spawn(&pid, argv[0], &actions, &$0, cArgs, cEnv) }
    guard spawned == 0 else {
      throw E2EError.tmuxFailed(argv.joined(separator: " "), "posix_spawn failed: \(spawned)")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let seconds = Date().timeIntervalSince(start)
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    func read(_ path: String) -> String {
      (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
    return Spawned(
      status: exitStatus, output: read(outputPath), errors: read(errorPath), seconds: seconds)
  }
}
