import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The reader's password command (as newsboat's `*-passwordeval`, but never through a
/// shell): its words are run as a program and arguments, and the first line it prints is the
/// password.
///
/// Bounded: at most 64 KiB of output is read and the command gets `timeout` seconds, after
/// which it is killed. Its standard input is `/dev/null`'s and its standard error is the
/// reader's, so a password manager can still ask on the terminal.
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
  public static func run(_ words: [String], timeout: Double = 30) throws(AccountError) -> String {
    guard let program = words.first, let path = executable(program) else {
      throw AccountError(.badLogin, "password command: \(words.first ?? ""): not found")
    }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw AccountError(.badLogin, "password command: no pipe") }
    let pid = try spawn(path, words, stdout: fds[1], readEnd: fds[0])
    close(fds[1])
    let (output, timedOut) = readOutput(fds[0], pid: pid, timeout: timeout)
    close(fds[0])
    // More than 64 KiB and still writing: it is no password command.
    if output.count >= 65_536 { kill(pid, SIGKILL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let name = (program as NSString).lastPathComponent
    if timedOut {
      throw AccountError(.badLogin, "password command \(name) took more than \(Int(timeout)) s")
    }
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      throw AccountError(.badLogin, "password command \(name) failed (status \(status >> 8))")
    }
    // Bytes, not Characters: "\r\n" is one Character and would hide the line's end.
    var line = output.prefix { $0 != 0x0A }
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
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
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

  /// Reads up to 64 KiB until end of file or `timeout`; kills the command on timeout.
  private static func readOutput(_ fd: Int32, pid: pid_t, timeout: Double) -> (Data, Bool) {
    var output = Data()
    var chunk = [UInt8](repeating: 0, count: 4096)
    let deadline = Date() + timeout
    while output.count < 65_536 {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else {
        kill(pid, SIGKILL)
        return (output, true)
      }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(min(left, 1) * 1000) + 1)
      if ready < 0 && errno != EINTR { break }
      if ready <= 0 { continue }
      let count = read(fd, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      output.append(contentsOf: chunk[0..<count])
    }
    return (output, false)
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
