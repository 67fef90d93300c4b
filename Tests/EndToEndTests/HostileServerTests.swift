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
      "gzip bombs (1 GB from 1 MB, and gzip of gzip from 2 KB) stop at the cap in bounded memory",
      arguments: ["/bomb?mb=1000", "/bomb?mb=1000&layers=2"])
    func bomb(path: String) throws {
      let scratch = try Scratch()
      let server = try TestServer()
      defer { server.stop() }
      let result = try measure(path, ["parse", server.url(path).absoluteString], scratch: scratch)
      #expect(result.status == 69, "\(result.errors)")
      #expect(result.errors.contains("response larger than 50 MB"), "\(result.errors)")
      #expect(result.peakKilobytes < Self.memoryBound, "\(result.peakMebibytes) MiB")
      #expect(result.seconds < 60)
    }

    @Test(
      "a bomb ends at the cap, whatever its size or where it is: 10 GB, an endless stream, a 3xx",
      arguments: [
        "/bomb?mb=10000", "/gzipstream", "/bomb?mb=1000&status=301", "/bomb?mb=5000&layers=2",
      ])
    func bombEndsAtCap(path: String) throws {
      let scratch = try Scratch()
      let server = try TestServer()
      defer { server.stop() }
      // `timeout` ends a run that would go on for ever (the endless stream under a client
      // that cannot stop it), so a failure here is a failure, not a hang.
      let result = try measure(
        path,
        ["parse", server.url(path).absoluteString, "--timeout", "20"],
        scratch: scratch, killAfter: 90)
      if path.contains("status=301") {
        // A redirect's body is never decoded: the feed it points to is what arrives.
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("First"), "\(result.output)")
      } else {
        #expect(result.status == 69, "\(result.errors)")
        #expect(result.errors.contains("response larger than 50 MB"), "\(result.errors)")
      }
      #expect(result.peakKilobytes < Self.memoryBound, "\(result.peakMebibytes) MiB")
      // Decoding 50 MB takes well under a second; the whole bomb took 36 s (10 GB) or ever.
      #expect(result.seconds < 10, "\(result.seconds) s")
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
      #expect(
        result.output.components(separatedBy: "response larger than 50 MB").count == 5,
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
      "--timeout 5 is a deadline for the whole request against a trickling server",
      arguments: [
        "/trickle?declared=10737418240", "/trickle", "/trickle?declared=1000000",
        "/stall/headers?seconds=60",
      ])
    func trickle(path: String) throws {
      let scratch = try Scratch()
      let server = try TestServer()
      defer { server.stop() }
      let url = server.url(path).absoluteString
      let result = try measure(path, ["parse", url, "--timeout", "5"], scratch: scratch)
      #expect(result.status == 69, "\(result.errors)")
      if path.contains("declared=10737418240") {
        // Refused at the headers: no need to wait for the deadline.
        #expect(result.errors.contains("response larger than 50 MB"), "\(result.errors)")
        #expect(result.seconds < 4, "\(result.seconds) s")
      } else {
        #expect(result.errors.contains("timed out after 5 s"), "\(result.errors)")
        #expect(result.seconds >= 4.9 && result.seconds < 15, "\(result.seconds) s")
      }
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
      #expect(refreshed.status == 0, "\(refreshed.errors)")
      #expect(refreshed.output.contains("1 fresh, 0 cached, 2 failed"), "\(refreshed.output)")
      #expect(refreshed.seconds < 15, "\(refreshed.seconds) s")
      let rendered = try measure(
        "render, trickle",
        ["render", server.url("/trickle").absoluteString, "--width", "80", "--timeout", "3"],
        scratch: scratch)
      #expect(rendered.status == 69, "\(rendered.errors)")
      #expect(rendered.seconds < 15, "\(rendered.seconds) s")
    }

    @Test("a redirect to file:///etc/passwd is refused with a message that says so")
    func fileRedirect() throws {
      let server = try TestServer()
      defer { server.stop() }
      let url = server.url("/redirect/to?location=file%3A%2F%2F%2Fetc%2Fpasswd").absoluteString
      let result = try ArtfeedCommand.run(["parse", url])
      #expect(result.status == 69, "\(result.errors)")
      #expect(
        result.errors.contains(
          "redirected to file:///etc/passwd; artfeed follows redirects to http and https only"),
        "\(result.errors)")
      #expect(!result.errors.contains("404"))
    }
  }
}
