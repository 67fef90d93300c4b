import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// Servers that attack memory and time (`feedserver.py`'s bombs and trickles) against the
  /// real binary, each run one process whose peak memory (`wait4`) and time are measured.
  /// Bounds are generous for a loaded 2-core machine and a debug build; the release figures
  /// are printed by `Scripts/hostile_figures.py`.
  @Suite("Hostile servers: time and memory per process")
  struct HostileServerTests {
    /// A debug build's floor is about 40 MiB; a bomb inflated in memory was 1 GiB and more.
    static let memoryBound = 300 << 10  // KiB

    func measure(
      _ name: String, _ arguments: [String], scratch: Scratch, killAfter: Int? = nil
    ) throws -> Spawned {
      let environment = [
        "LANG": "C.UTF-8", "XDG_CACHE_HOME": scratch.path("cache"),
        "XDG_CONFIG_HOME": scratch.path("config"),
      ]
      let kill = killAfter.map { ["/usr/bin/timeout", "-s", "KILL", "\($0)"] } ?? []
      let result = try Spawn.measure(
        kill + [Paths.artfeed.path] + arguments, environment: environment, keepOutput: true)
      print(
        "hostile server \(name): "
          + String(
            format: "%.2f s, %d MiB, exit %d", result.seconds, result.peakMebibytes,
            result.status))
      return result
    }

    @Test(
      "every hostile server ends in bounded memory and time, with its own message",
      arguments: HostileCorpus.servers)
    func hostileServer(_ server: HostileCorpus.HostileServer) throws {
      let scratch = try Scratch()
      let loopback = try TestServer()
      defer { loopback.stop() }
      // `timeout -s KILL` ends a run that would go on for ever, so a failure here is a
      // failure, not a hang.
      let result = try measure(
        server.name, ["parse", loopback.url(server.path).absoluteString, "--timeout", "5"],
        scratch: scratch, killAfter: 90)
      #expect(result.peakKilobytes < Self.memoryBound, "\(server): \(result.peakMebibytes) MiB")
      switch server.outcome {
      case .tooLarge, .refusedAtHeaders:
        #expect(result.status == 69, "\(server): \(result.errors)")
        #expect(result.errors.contains("response larger than 50 MB"), "\(result.errors)")
        // Decoding 50 MB takes well under a second; before, a 10 GB bomb took 37 s and an
        // endless stream never ended. A declared length ends it at the headers.
        let bound = TimeScale.seconds(server.outcome == .tooLarge ? 4.5 : 3)
        #expect(result.seconds < bound, "\(result.seconds) s")
      case .timedOut:
        #expect(result.status == 69, "\(server): \(result.errors)")
        #expect(result.errors.contains("timed out after 5 s"), "\(result.errors)")
        #expect(
          result.seconds >= 4.9 && result.seconds < TimeScale.seconds(15), "\(result.seconds) s")
      case .redirectRefused:
        #expect(result.status == 69, "\(server): \(result.errors)")
        #expect(
          result.errors.contains("artfeed follows redirects to http and https only"),
          "\(result.errors)")
        #expect(!result.errors.contains("404"))
      case .servesFeed:
        #expect(result.status == 0, "\(server): \(result.errors)")
        #expect(result.output.contains("First"), "\(result.output)")
        #expect(result.seconds < TimeScale.seconds(4.5), "\(result.seconds) s")
      }
    }

    @Test("refresh of four bombs at once stays in bounded memory and says why each failed")
    func refreshBombs() throws {
      let scratch = try Scratch()
      let server = try TestServer()
      defer { server.stop() }
      let environment = ["XDG_CONFIG_HOME": scratch.path("config")]
      for index in 0..<4 {
        let url = server.url("/bomb?mb=1000&n=\(index)").absoluteString
        #expect(try ArtfeedCommand.run(["add", url], environment: environment).status == 0)
      }
      let result = try measure("refresh, 4 bombs", ["refresh"], scratch: scratch)
      #expect(result.status == 69, "\(result.output)\(result.errors)")
      // Each feed's line says why, and the last line says it once for all four.
      let lines = result.output.split(separator: "\n")
      #expect(
        lines.filter { $0.hasPrefix("[") && $0.contains("response larger than 50 MB") }.count == 4,
        "\(result.output)")
      #expect(
        lines.last?.hasPrefix("Refresh failed: 4 feeds could not be fetched (") == true,
        "\(result.output)")
      #expect(result.peakKilobytes < Self.memoryBound, "\(result.peakMebibytes) MiB")
    }

    @Test("a picture that is a gzip bomb costs bounded memory and says too large")
    func pictureBomb() throws {
      let scratch = try Scratch()
      let server = try TestServer()
      defer { server.stop() }
      let feed = scratch.path("pictures.rss")
      try Data(
        HostileBoundsTests.pictureFeed([server.url("/bomb?mb=1000").absoluteString]).utf8
      ).write(to: URL(fileURLWithPath: feed))
      let result = try measure(
        "picture bomb",
        ["render", feed, "--width", "80", "--height", "20", "--colors", "256"], scratch: scratch)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("too large"), "\(result.output)")
      #expect(result.peakKilobytes < Self.memoryBound, "\(result.peakMebibytes) MiB")
    }

    @Test(
      "the browser gives up on a trickling server at --timeout, or at the headers, and says so",
      arguments: [
        ("/trickle", "timed out after 3 s"),
        ("/trickle?declared=10737418240", "response larger than 50 MB"),
      ])
    func browserTrickle(path: String, message: String) throws {
      let scratch = try Scratch()
      let server = try TestServer()
      defer { server.stop() }
      let tmux = try Tmux.shell(width: 120, height: 24)
      let start = Date()
      try tmux.enter(
        "XDG_CACHE_HOME='\(scratch.path("cache"))' \"$ARTFEED\" '\(server.url(path))' "
          + "--timeout 3")
      _ = try tmux.waitFor("the browser's message", timeout: 20) {
        $0.joined(separator: "\n").contains(message)
      }
      let elapsed = Date().timeIntervalSince(start)
      #expect(elapsed < TimeScale.seconds(15), "\(elapsed) s")
      try tmux.send("q")
      _ = try tmux.waitFor("the prompt") { Tmux.isAtPrompt($0) }
    }

    @Test("refresh and render give up on trickling servers at --timeout")
    func trickleRefreshAndRender() throws {
      let scratch = try Scratch()
      let server = try TestServer()
      defer { server.stop() }
      let environment = ["XDG_CONFIG_HOME": scratch.path("config")]
      for path in ["/trickle?declared=10737418240", "/trickle", "/feed.xml"] {
        let url = server.url(path).absoluteString
        #expect(try ArtfeedCommand.run(["add", url], environment: environment).status == 0)
      }
      let refreshed = try measure(
        "refresh, trickles", ["refresh", "--timeout", "3"], scratch: scratch)
      #expect(refreshed.status == 75, "some feeds failed: \(refreshed.errors)")
      #expect(
        refreshed.output.contains("Refresh incomplete: 2 of 3 feeds could not be fetched"),
        "\(refreshed.output)")
      #expect(refreshed.seconds < 15, "\(refreshed.seconds) s")
      let rendered = try measure(
        "render, trickle",
        ["render", server.url("/trickle").absoluteString, "--width", "80", "--timeout", "3"],
        scratch: scratch)
      #expect(rendered.status == 69, "\(rendered.errors)")
      #expect(rendered.seconds < 15, "\(rendered.seconds) s")
    }
  }
}
