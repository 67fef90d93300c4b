import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `body` with `posix_spawn` attributes that give the child an empty signal mask and
/// every signal's default action. A child started from a test thread would otherwise inherit
/// the thread's blocked signals (a tmux server or a Python server that ignores SIGTERM).
public func withCleanSignals<T>(_ body: (inout posix_spawnattr_t) throws -> T) rethrows -> T {
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var noSignals = sigset_t()
  sigemptyset(&noSignals)
  posix_spawnattr_setsigmask(&attributes, &noSignals)
  var allSignals = sigset_t()
  sigfillset(&allSignals)
  posix_spawnattr_setsigdefault(&attributes, &allSignals)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  return try body(&attributes)
}

/// Adds to `actions` the closing of every descriptor from 3 up: the child keeps only what the
/// actions gave it. Tests run in parallel in one process, and a descriptor another thread has
/// open at that moment (a script being written, say) would otherwise live on in the child,
/// and in what it starts: a tmux server kept a test's script open for writing, and running
/// it failed with "Text file busy". (glibc 2.34 and later has the call; Swift's Glibc module
/// does not import it, so it is found by name.)
public func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
  guard let closeFrom = addCloseFrom else { return }
  _ = closeFrom(&actions, 3)
}

private let addCloseFrom:
  (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    guard
      let symbol = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    else { return nil }
    return unsafeBitCast(
      symbol,
      to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
  }()
