import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The run loop sleeps until the terminal has input or finished work wakes it: what makes
  /// an answer show the moment it arrives and an idle browser cost nothing. No timing is
  /// asserted; the facts together (no thread of the process wakes while idle, and an answer
  /// is drawn with no key pressed) are what a polling loop, or a process that runs its work
  /// on libdispatch's pool (a one-second monitor timer once used), cannot have.
  @Suite("The event-driven run loop")
  struct RunLoopTests {
    /// The context switches of each thread of the process so far, by thread id, with the
    /// thread's name. A thread asleep throughout adds none: each voluntary switch is a sleep
    /// it went into after a wake-up, each involuntary one a preemption while it ran.
    static func switches(_ pid: pid_t) throws -> [Int: (name: String, count: Int)] {
      var threads: [Int: (name: String, count: Int)] = [:]
      for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
        guard let id = Int(task) else { continue }
        // A thread that ended meanwhile is skipped.
        guard
          let status = try? String(
            contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8),
          let name = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)
        else { continue }
        let count = status.split(separator: "\n")
          .filter { $0.hasPrefix("voluntary_ctxt_switches") || $0.hasPrefix("nonvoluntary_ctxt") }
          .compactMap { Int($0.split(separator: "\t").last ?? "") }.reduce(0, +)
        threads[id] = (name.trimmingCharacters(in: .whitespacesAndNewlines), count)
      }
      return threads
    }

    /// The text of `/proc/PID/maps` (the files the process has mapped), read to its end:
    /// `String(contentsOfFile:)` stops after the first 4 KB of a `/proc` file.
    static func mappedFiles(_ pid: pid_t) throws -> String {
      let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
      defer { try? handle.close() }
      let text = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
      #expect(text.contains("/artfeed"), "the maps of \(pid) do not name the binary")
      return text
    }

    /// The threads of `pid` that woke during `seconds` of idling, as "name (id): count"; a
    /// thread started meanwhile counts whole.
    static func wakeUps(_ pid: pid_t, over seconds: Double) throws -> [String] {
      let before = try switches(pid)
      Thread.sleep(forTimeInterval: seconds)
      let after = try switches(pid)
      #expect(after[Int(pid)] != nil, "no main thread seen in /proc/\(pid)/task")
      return after.sorted { $0.key < $1.key }.compactMap { id, thread in
        let woke = thread.count - (before[id]?.count ?? 0)
        let name = id == Int(pid) ? "the loop's thread" : thread.name
        return woke == 0 ? nil : "\(name) (\(id)): \(woke)"
      }
    }

    /// Waits for the process to be idle: the wake-ups of the first window of `seconds` in
    /// which no thread woke (an empty list), or of the last of `windows` windows. Work the
    /// screen does not show (a mark written, a cancelled picture's fetch ending) may still
    /// finish in the first window; a periodic timer wakes in every one.
    static func idleWindow(_ pid: pid_t, seconds: Double = 2, windows: Int = 4) throws -> [String] {
      var woke: [String] = []
      for _ in 0..<windows {
        woke = try wakeUps(pid, over: seconds)
        if woke.isEmpty { break }
      }
      return woke
    }

    @Test("idle, no thread wakes; an answer that arrives later is drawn without a key")
    func idleAndWoken() throws {
      let scratch = try Scratch()
      // A browser that takes a second to fail: its report reaches the loop from another
      // thread while the loop sleeps.
      let script = scratch.path("slowbrowser")
      try "#!/bin/sh\nsleep 1\nexit 3\n".write(toFile: script, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
      let tmux = try Tmux.shell(width: 100, height: 30)
      // --offline: once the selection rests, the item view's picture is read ahead, and the
      // bundled feeds' are https addresses: a request, 0.2 s after the first screen, which
      // opened libcurl before or after the check below as the machine's load had it.
      // Offline, this browser of local files makes no request at all.
      try tmux.enter(
        "PATH=\(scratch.url.path):/usr/bin:/bin BROWSER=slowbrowser sh -c "
          + "'echo $$ > \(scratch.path("pid")); exec \"$ARTFEED\" --offline'; echo EXIT=$?")
      // The load's end is followed by its items recorded and counted (the title bar's unread
      // count): the last work the browser does by itself before it is idle.
      try tmux.waitFor("the list with its pictures and counts") {
        $0.last?.contains("1/") == true && !ScreenText.hasLoadingBox($0)
          && $0.first?.contains("64 unread") == true
      }
      let pid = try ProcessProbe.pid(inFile: scratch.path("pid"))
      _ = try tmux.settled("the pictures drawn")
      // A browser of local files never opens libcurl (it is opened on the first request).
      let maps = try Self.mappedFiles(pid)
      #expect(!maps.contains("libcurl"), "libcurl was loaded with no request made")
      let first = try Self.idleWindow(pid)
      #expect(
        first.isEmpty, "threads woke in every 2 s of 8 s idling after the first screen: \(first)")

      try tmux.send("o")
      try tmux.waitFor("the browser started") {
        $0.last?.contains("Opening in slowbrowser") == true
      }
      // No key from here on: the failure is posted from the process's exit handler.
      let screen = try tmux.waitFor("the failure, drawn with no key pressed") {
        $0.last?.contains("Error: slowbrowser could not open the link (exit status 3)") == true
      }
      #expect(screen.first?.contains("artfeed") == true)
      // A search kept, an item opened and closed: each starts work, and once it is done the
      // process is idle again (the link's browser ran on a thread of Foundation's too).
      try tmux.send("/")
      try tmux.type("sa")
      try tmux.send("Enter")
      try tmux.waitFor("the kept result") { $0.first?.contains("Artist: sa · 11 items") == true }
      try tmux.send("Enter")
      try tmux.send("Escape")
      _ = try tmux.settled("the result drawn")
      let after = try Self.idleWindow(pid)
      #expect(after.isEmpty, "threads woke in every 2 s of 8 s idling after work: \(after)")
      try tmux.send("q", "q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }

    @Test("idle after network work (a feed, its pictures, an online search), no thread wakes")
    func idleAfterNetwork() throws {
      let server = try TestServer()
      defer { server.stop() }
      let scratch = try Scratch()
      let endpoint = server.url("/rss.xml?strict=1&limit=10").absoluteString
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter(
        "XDG_CACHE_HOME=\(scratch.url.path) sh -c 'echo $$ > \(scratch.path("pid")); "
          + "exec \"$ARTFEED\" --endpoint \"\(endpoint)\"'; echo EXIT=$?")
      try tmux.waitFor("the popular page") {
        $0.first?.contains("boost:popular · 10 items") == true && $0.last?.contains("1/10") == true
      }
      let pid = try ProcessProbe.pid(inFile: scratch.path("pid"))
      // An online search waits for typing to pause before it asks the server.
      try tmux.send("/")
      try tmux.type("Brindlewick")
      try tmux.waitFor("the endpoint's answer") {
        $0.first?.contains("Artist: Brindlewick · 7 items") == true
          && $0.last?.contains("searching") == false
      }
      try tmux.send("Enter")
      try tmux.waitFor("the kept result") { $0.last?.contains("Esc all items") == true }
      _ = try tmux.settled("the pictures tried")
      let maps = try Self.mappedFiles(pid)
      #expect(maps.contains("/libcurl.so"), "the requests went through libcurl, opened on demand")
      let woke = try Self.idleWindow(pid)
      #expect(woke.isEmpty, "threads woke in every 2 s of 8 s idling after network work: \(woke)")
      try tmux.send("q", "q")
      try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    }
  }
}
