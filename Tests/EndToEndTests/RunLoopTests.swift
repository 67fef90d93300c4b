import Foundation
import Testing

extension EndToEnd {
  /// The run loop sleeps until the terminal has input or finished work wakes it: what makes
  /// an answer show the moment it arrives and an idle browser cost nothing. No timing is
  /// asserted; the two facts together (no wake-up while idle, and an answer drawn with no key
  /// pressed) are what a polling loop cannot both have.
  @Suite("The event-driven run loop")
  struct RunLoopTests {
    /// Voluntary context switches of the process's main thread (the run loop's): each is a
    /// sleep the thread went into, so an unchanged count means it never woke.
    static func loopSwitches(_ pid: pid_t) throws -> Int {
      let status = try String(contentsOfFile: "/proc/\(pid)/task/\(pid)/status", encoding: .utf8)
      let line = try #require(
        status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches") })
      return try #require(Int(line.split(separator: "\t").last ?? ""))
    }

    @Test("idle, the loop never wakes; an answer that arrives later is drawn without a key")
    func idleAndWoken() throws {
      let scratch = try Scratch()
      // A browser that takes a second to fail: its report reaches the loop from another
      // thread while the loop sleeps.
      let script = scratch.path("slowbrowser")
      try "#!/bin/sh\nsleep 1\nexit 3\n".write(toFile: script, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter(
        "PATH=\(scratch.url.path):/usr/bin:/bin BROWSER=slowbrowser sh -c "
          + "'echo $$ > \(scratch.path("pid")); exec \"$ARTFEED\"'; echo EXIT=$?")
      // The load's end is followed by its items recorded and counted (the title bar's unread
      // count): the last work the browser does by itself before it is idle.
      try tmux.waitFor("the list with its pictures and counts") {
        $0.last?.contains("1/") == true && !ScreenText.hasLoadingBox($0)
          && $0.first?.contains("64 unread") == true
      }
      let pid = try ProcessProbe.pid(inFile: scratch.path("pid"))
      _ = try tmux.settled("the pictures drawn")
      let before = try Self.loopSwitches(pid)
      Thread.sleep(forTimeInterval: 2)
      let after = try Self.loopSwitches(pid)
      #expect(after == before, "the loop woke \(after - before) times in 2 s of idling")

      try tmux.send("o")
      try tmux.waitFor("the browser started") {
        $0.last?.contains("Opening in slowbrowser") == true
      }
      // No key from here on: the failure is posted from the process's exit handler.
      let screen = try tmux.waitFor("the failure, drawn with no key pressed") {
        $0.last?.contains("Error: slowbrowser could not open the link (exit status 3)") == true
      }
      #expect(screen.first?.contains("artfeed") == true)
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }
  }
}
