import Foundation
import Testing

extension EndToEnd {
  /// `o` on the real terminal: what happens when no browser is there, and when the browser
  /// runs in the terminal.
  @Suite("Opening links")
  struct LinkOpeningTests {
    @Test("with no browser installed, o says so instead of claiming to open")
    func noBrowser() throws {
      let scratch = try Scratch()
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter("PATH=\(scratch.url.path) BROWSER=nope \"$ARTFEED\"; echo EXIT=$?")
      try tmux.waitFor("the list") { $0.last?.contains("1/") == true }
      try tmux.send("o")
      let screen = try tmux.waitFor("the failure") { $0.last?.contains("Error:") == true }
      #expect(screen.last?.contains("Error: no browser found (tried nope, xdg-open)") == true)
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }

    @Test("a terminal browser gets the terminal, and the list comes back after it exits")
    func terminalBrowser() throws {
      let scratch = try Scratch()
      let script = scratch.path("w3m")
      try "#!/bin/sh\necho \"FAKE-W3M $1\"\nread answer\n".write(
        toFile: script, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter(
        "PATH=\(scratch.url.path):/usr/bin:/bin BROWSER=w3m \"$ARTFEED\"; echo EXIT=$?")
      try tmux.waitFor("the list with its pictures and unread count") {
        $0.last?.contains("1/") == true && !ScreenText.hasLoadingBox($0)
          && $0.first?.contains("unread") == true
      }
      let list = try tmux.settled("the list, whole")
      try tmux.send("o")
      try tmux.waitFor("the fake browser's screen") { screen in
        screen.contains { $0.hasPrefix("FAKE-W3M https://") }
      }
      #expect(try !tmux.isAlternateScreenOn(), "curses stepped aside")
      try tmux.send("Enter")
      let back = try tmux.waitFor("the list again") { $0.last?.contains("Back from w3m") == true }
      #expect(Array(back.dropLast()) == Array(list.dropLast()))
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }
  }
}
