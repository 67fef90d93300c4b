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
