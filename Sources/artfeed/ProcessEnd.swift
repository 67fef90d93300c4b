import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Ends the process with `code` without running the libraries' destructors.
///
/// Threads may still be at work when a command is done (a load that a first screen did not
/// wait for, a picture being decoded, the state's writer after its last commit). `exit`
/// runs libxml2's destructor, which frees the parser's globals under a parse still running
/// on another thread, and the process then dies of a segmentation fault instead of ending
/// with its status. Everything a command must leave behind is written before it ends here:
/// state commits are waited for, the terminal restored, and standard output and error
/// flushed now.
///
/// Under LeakSanitizer (`Scripts/sanitizers.sh`), whose check `exit` would have run, the
/// check runs first, so leaks are still reported.
func endProcess(_ code: Int32) -> Never {
  fflush(nil)
  if let check = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__lsan_do_leak_check") {
    typealias LeakCheck = @convention(c) () -> Void
    unsafeBitCast(check, to: LeakCheck.self)()
  }
  _exit(code)
}
