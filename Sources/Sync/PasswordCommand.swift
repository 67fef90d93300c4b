import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The reader's password command (as newsboat's `*-passwordeval`, but never through a
/// shell): its words are run as a program and arguments, and the first line it prints is the
/// password.
///
/// Bounded: at most 64 KiB of output is read and the command gets `timeout` seconds, after
/// which its process group is killed. Its standard input is `/dev/null`'s and its standard
/// error is the reader's; it runs in a process group of its own, so it cannot read the
/// terminal itself (a password manager's own agent, such as gpg-agent's pinentry, still
/// asks), and a command stopped for the terminal fails at once (docs/adr/0157).
public enum PasswordCommand {
  /// Splits a command line into words as a shell would quote them, and nothing more: `'...'`
  /// keeps everything, `"..."` and outside quotes `\` escapes the next character; no
  /// variables, globs, pipes or redirections.
  public static func words(_ line: String) throws(AccountError) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in line {
      if escaped {
        current.append(character)
        escaped = false
        continue
      }
      switch (quote, character) {
      case (nil, "\\"), ("\"", "\\"):
        escaped = true
        inWord = true
      case (nil, "'"), (nil, "\""):
        quote = character
        inWord = true
      case ("'", "'"), ("\"", "\""):
        quote = nil
      case (nil, _) where character.isWhitespace:
        if inWord { words.append(current) }
        current = ""
        inWord = false
      default:
        current.append(character)
        inWord = true
      }
    }
    guard quote == nil, !escaped else {
      throw AccountError(.refused, "--password-command: an unclosed quote or a trailing \\")
    }
    if inWord { words.append(current) }
    guard !words.isEmpty else { throw AccountError(.refused, "--password-command is empty") }
    return words
  }

  /// Runs `words` and returns the first line of what it printed.
  ///
  /// Done when the command has exited and its first line (or all it printed, without a line
  /// end) is read: a background child it leaves holding the pipe is not waited for. Once the
  /// first line is in, the pipe is closed, so a command that goes on writing (`yes`, a long
  /// tail) ends by SIGPIPE, which counts as success, as does a shell's status 141 for it.
  /// The command runs in a process group of its own, killed whole on a timeout, so no orphan
  /// outlives it holding the reader's standard error.
  public static func run(_ words: [String], timeout: Double = 30) throws(AccountError) -> String {
    guard let program = words.first, let path = executable(program) else {
      throw AccountError(.badLogin, "password command: \(words.first ?? ""): not found")
    }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw AccountError(.badLogin, "password command: no pipe") }
    let pid: pid_t
    do {
      pid = try spawn(path, words, stdout: fds[1], readEnd: fds[0])
    } catch {
      close(fds[0])
      close(fds[1])
      throw error
    }
    close(fds[1])
    let name = (program as NSString).lastPathComponent
    let outcome = collect(fds[0], pid: pid, deadline: Date() + timeout)
    switch outcome.end {
    case .timedOut:
      throw AccountError(.badLogin, "password command \(name) took more than \(Int(timeout)) s")
    case .stopped:
      throw AccountError(
        .badLogin,
        "password command \(name) stopped to read the terminal; give one that prints the "
          + "password without asking (unlock its store first)")
    case .tooLong:
      throw AccountError(
        .badLogin, "password command \(name) printed more than 64 KiB without a line end")
    case .exited(let status):
      let signal = status & 0x7f
      let code = (status >> 8) & 0xff
      // Ended by the closed pipe, itself or (128 + SIGPIPE, a shell's word for it) its last
      // command: the line was in, and what it was still writing is not wanted.
      let cutShort =
        outcome.hasLine && (signal == SIGPIPE || (signal == 0 && code == 128 + SIGPIPE))
      guard (signal == 0 && code == 0) || cutShort else {
        let how = signal == 0 ? "status \(code)" : "signal \(signal)"
        throw AccountError(.badLogin, "password command \(name) failed (\(how))")
      }
    }
    // Bytes, not Characters: "\r\n" is one Character and would hide the line's end.
    var line = outcome.output.prefix { $0 != 0x0A }
    if line.last == 0x0D { line = line.dropLast() }
    let password = String(decoding: line, as: UTF8.self)
    guard !password.isEmpty else {
      throw AccountError(.badLogin, "password command \(name) printed no password")
    }
    return password
  }

  private static func spawn(_ path: String, _ words: [String], stdout: Int32, readEnd: Int32)
    throws(AccountError) -> pid_t
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    // SIGPIPE at its default: a command writing past its first line ends when the pipe
    // closes, even when artfeed itself ignores SIGPIPE (an ignored signal stays ignored
    // across exec).
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    // A group of its own (its id is the command's pid), killed whole on a timeout.
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    let argv = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    guard result == 0 else {
      throw AccountError(
        .badLogin, "password command \(words[0]): \(String(cString: strerror(result)))")
    }
    return pid
  }

  /// How a command's run ended.
  enum End: Equatable {
    /// It exited (or was killed by a signal): its `waitpid` status.
    case exited(Int32)
    case timedOut
    /// Stopped by SIGTTIN or SIGTTOU: it wants the terminal, which its group does not own.
    case stopped
    /// 64 KiB and no line end yet.
    case tooLong
  }

  static let maxOutput = 65_536

  /// Reads the command's output until its first line is in (or end of file) and the command
  /// has exited, or `deadline` passes; the command has been reaped when this returns, and
  /// its group killed unless it exited by itself.
  private static func collect(_ fd: Int32, pid: pid_t, deadline: Date)
    -> (output: Data, hasLine: Bool, end: End)
  {
    var output = Data()
    var reading = true
    var status: Int32?
    var chunk = [UInt8](repeating: 0, count: 4096)
    func stopReading() {
      if reading { close(fd) }
      reading = false
    }
    func killGroup(_ end: End) -> (Data, Bool, End) {
      stopReading()
      kill(-pid, SIGKILL)
      if status == nil {
        var ignored: Int32 = 0
        while waitpid(pid, &ignored, 0) < 0 && errno == EINTR {}
      }
      return (output, output.contains(0x0A), end)
    }
    while true {
      if reading, output.contains(0x0A) { stopReading() }
      if status == nil {
        var current: Int32 = 0
        let reaped = waitpid(pid, &current, WNOHANG | WUNTRACED)
        if reaped == pid {
          if current & 0xff == 0x7f { return killGroup(.stopped) }
          status = current
        }
      }
      let exited = status != nil
      let left = deadline.timeIntervalSinceNow
      if !reading, let status { return (output, output.contains(0x0A), .exited(status)) }
      guard left > 0 else { return killGroup(.timedOut) }
      guard reading else {
        // The line is in; the command has yet to exit.
        usleep(10_000)
        continue
      }
      // Short waits, so that an exit is seen soon; once it exited, only what is already in
      // the pipe is read (a background child may hold it open for good).
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, exited ? 0 : Int32(min(left, 0.02) * 1000) + 1)
      if ready < 0 && errno == EINTR { continue }
      if ready <= 0 {
        if exited { stopReading() }
        continue
      }
      let count = read(fd, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        // End of file: the output is whole; what is left is waiting for the exit.
        stopReading()
        continue
      }
      output.append(contentsOf: chunk[0..<count])
      if output.count >= maxOutput, !output.contains(0x0A) { return killGroup(.tooLong) }
    }
  }

  /// `name` itself when it has a slash, else the first match on `PATH`.
  static func executable(_ name: String) -> String? {
    if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = String(directory) + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
