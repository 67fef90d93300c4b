import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// Every way out of the browser gives the terminal back as it was, and Ctrl-Z suspends and
  /// resumes like any job.
  @Suite("Exit paths restore the terminal")
  struct ExitPathTests {
    /// How the browser is made to stop, and the exit status the shell then reports.
    enum Ending: String, CustomStringConvertible, CaseIterable {
      case quitKey = "q"
      case controlC = "Ctrl-C"
      case terminate = "kill -TERM"
      case hangUp = "kill -HUP"
      /// SIGSEGV from outside: the fatal handler calls `endwin` and re-raises.
      case segmentationFault = "kill -SEGV"
      /// SIGSEGV raised inside the browser, on a thread of its own (ARTFEED_TEST_CRASH=segv).
      case crash = "SIGSEGV raised in the browser"

      var description: String { rawValue }

      var status: Int32 {
        switch self {
        case .quitKey: 0
        case .controlC: 128 + SIGINT
        case .terminate: 128 + SIGTERM
        case .hangUp: 128 + SIGHUP
        case .segmentationFault, .crash: 128 + SIGSEGV
        }
      }
    }

    /// Starts the browser from the shell, printing a marker line before it and its exit status
    /// after it; the browser writes its process id to `pidFile` (`sh -c` execs into it).
    ///
    /// With `crash`, the browser raises SIGSEGV a second after its screen is up, so the list
    /// may be gone before the test sees it; the alternate screen was on all the same.
    func launch(
      in tmux: Tmux, pidFile: String, fatal: Bool = false, crash: Bool = false
    ) throws -> pid_t {
      // No core file from the SIGSEGV endings.
      let prefix = fatal ? "ulimit -c 0; " : ""
      let environment = crash ? "ARTFEED_TEST_CRASH=segv " : ""
      try tmux.enter(
        "\(prefix)echo SHELL-OUTPUT-BEFORE; \(environment)sh -c 'echo $$ > \(pidFile); "
          + "exec \"$ARTFEED\"'; echo EXIT=$?")
      try tmux.waitFor("the list") { screen in
        (screen.first?.contains("artfeed: Popular") == true && screen.last?.contains("1/") == true)
          || (crash && screen.contains { $0.hasPrefix("EXIT=") })
      }
      return try ProcessProbe.pid(inFile: pidFile)
    }

    @Test(
      "the shell gets its prompt, exit status, screen and terminal settings back after",
      arguments: Ending.allCases)
    func ending(_ ending: Ending) throws {
      let scratch = try Scratch()
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.saveTerminalSettings()
      let pid = try launch(
        in: tmux, pidFile: scratch.path("pid"), fatal: ending.status == 128 + SIGSEGV,
        crash: ending == .crash)
      if ending != .crash { #expect(try tmux.isAlternateScreenOn()) }

      switch ending {
      case .quitKey: try tmux.send("q")
      case .controlC: try tmux.send("C-c")
      case .terminate: #expect(kill(pid, SIGTERM) == 0)
      case .hangUp: #expect(kill(pid, SIGHUP) == 0)
      case .segmentationFault: #expect(kill(pid, SIGSEGV) == 0)
      case .crash: break
      }

      let after = try tmux.waitFor("the exit status after \(ending)") { screen in
        screen.contains { $0.hasPrefix("EXIT=") } && Tmux.isAtPrompt(screen)
      }
      #expect(after.contains("EXIT=\(ending.status)"), "\(after.joined(separator: "\n"))")
      #expect(!ProcessProbe.isRunning(pid), "the browser is still running")
      // Leaving the alternate screen shows the shell's earlier output again.
      #expect(try !tmux.isAlternateScreenOn())
      #expect(after.contains("SHELL-OUTPUT-BEFORE"), "\(after.joined(separator: "\n"))")
      #expect(!after.contains { $0.contains("artfeed: Popular") })
      // The cursor is shown again, and the mouse and keypad modes are off.
      #expect(try tmux.format("#{cursor_flag}") == "1")
      #expect(try tmux.format("#{mouse_any_flag}#{mouse_button_flag}#{mouse_all_flag}") == "000")
      #expect(try tmux.format("#{keypad_cursor_flag}#{keypad_flag}") == "00")
      #expect(try tmux.echoAndCanonicalFlags() == ["echo", "icanon"])
      #expect(try tmux.terminalSettingsUnchanged())
    }

    @Test("Ctrl-Z gives the shell a sane terminal, and fg redraws the list where it was")
    func suspendAndResume() throws {
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.saveTerminalSettings()
      try tmux.enter("\"$ARTFEED\"")
      try tmux.waitFor("the list") { $0.last?.contains("1/") == true }
      try tmux.send("j", "j")
      try tmux.waitFor("the third row selected") { $0.last?.contains("3/") == true }
      let before = try tmux.settled("a still screen")

      try tmux.send("C-z")
      let stopped = try tmux.waitFor("the stopped job") { screen in
        screen.contains { $0.contains("Stopped") } && Tmux.isAtPrompt(screen)
      }
      #expect(try !tmux.isAlternateScreenOn(), "\(stopped.joined(separator: "\n"))")
      #expect(try tmux.echoAndCanonicalFlags() == ["echo", "icanon"])
      #expect(try tmux.terminalSettingsUnchanged())

      try tmux.enter("fg")
      let resumed = try tmux.screen(timeout: 10) { $0 == before }
      #expect(resumed == before, "\(ScreenText.difference(resumed, before, seenName: "resumed"))")
      #expect(try tmux.isAlternateScreenOn())

      // Still reading keys after the resume; q then quits normally.
      try tmux.send("j")
      try tmux.waitFor("the fourth row selected") { $0.last?.contains("4/") == true }
      try tmux.send("q")
      try tmux.waitFor("the prompt after quitting") { Tmux.isAtPrompt($0) }
      #expect(try tmux.echoAndCanonicalFlags() == ["echo", "icanon"])
      #expect(try tmux.terminalSettingsUnchanged())
    }
  }
}
