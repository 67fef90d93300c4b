import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// `parse` and `render` of http(s) sources, as scripts run them, against a real server on
  /// 127.0.0.1; and the cache under kill -9. Each test has its own cache folder.
  @Suite("Online commands")
  struct OnlineCommandTests {
    /// A feed of `count` items, about 2 KB each, whose titles say which `version` it is.
    static func feed(version: String, count: Int) -> String {
      let filler = String(
        repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing. ", count: 36)
      var text = "<rss version=\"2.0\"><channel><title>Big \(version)</title>\n"
      for index in 0..<count {
        text += "<item><title>\(version) \(index)</title><guid>\(version)-\(index)</guid>"
        text += "<author>artist\(index % 7)</author><description>\(filler)</description></item>\n"
      }
      return text + "</channel></rss>\n"
    }

    @Test("parse of a URL prints what parse of the same file prints")
    func parseURL() throws {
      let scratch = try Scratch()
      let file = scratch.path("feed.xml")
      try Self.feed(version: "A", count: 20).write(toFile: file, atomically: true, encoding: .utf8)
      let server = try TestServer(directory: scratch.url)
      defer { server.stop() }
      let cache = ["XDG_CACHE_HOME": scratch.path("cache")]
      for flags in [["--json"], []] {
        let online = try ArtfeedCommand.run(
          ["parse", server.url("/files/feed.xml").absoluteString] + flags, environment: cache)
        let local = try ArtfeedCommand.run(["parse", file] + flags)
        #expect(online.status == 0, "\(online.errors)")
        #expect(online.output == local.output)
        #expect(!online.output.isEmpty)
      }
    }

    @Test("with the server gone, parse and render show the cached copy, say so, and exit 0")
    func cachedWhenDown() throws {
      let scratch = try Scratch()
      let cache = ["XDG_CACHE_HOME": scratch.path("cache")]
      let server = try TestServer()
      let url = server.url("/feed.xml").absoluteString
      let fresh = try ArtfeedCommand.run(["render", url, "--width", "80"], environment: cache)
      #expect(fresh.status == 0, "\(fresh.errors)")
      #expect(
        fresh.output.hasPrefix(" artfeed · Test Feed · 3 items · 3 unread\n"), "\(fresh.output)")
      server.stop()

      let parsed = try ArtfeedCommand.run(["parse", url], environment: cache)
      #expect(parsed.status == 0, "\(parsed.errors)")
      #expect(parsed.errors.contains("warning: showing the copy cached at"), "\(parsed.errors)")
      #expect(parsed.errors.contains("connection refused"), "\(parsed.errors)")
      let rendered = try ArtfeedCommand.run(["render", url, "--width", "80"], environment: cache)
      #expect(rendered.status == 0, "\(rendered.errors)")
      #expect(
        rendered.output.hasPrefix(" artfeed · Test Feed · 3 items · 3 unread · cached just now\n"),
        "\(rendered.output)")
      #expect(rendered.output.contains("Showing the cached copy"))
      let offline = try ArtfeedCommand.run(["parse", url, "--offline"], environment: cache)
      #expect(offline.status == 0 && offline.output == parsed.output)
    }

    @Test("with neither network nor cache, parse and render exit 69 with the reason")
    func unavailable() throws {
      let scratch = try Scratch()
      let server = try TestServer()
      let url = server.url("/feed.xml").absoluteString
      server.stop()
      let environment = ["XDG_CACHE_HOME": scratch.path("cache")]
      for arguments in [
        ["parse", url], ["render", url, "--width", "80"], ["parse", url, "--offline"],
      ] {
        let result = try ArtfeedCommand.run(arguments, environment: environment)
        #expect(result.status == 69, "\(arguments): \(result.errors)")
        #expect(result.errors.hasPrefix("artfeed: \(url): "), "\(result.errors)")
        #expect(result.output.isEmpty)
      }
    }

    @Test("kill -9 at any moment of a fetch leaves a cached copy that parses, old or new", .long)
    func killDuringCacheWrite() throws {
      let scratch = try Scratch()
      let cacheFolder = scratch.path("cache")
      let environment = ["XDG_CACHE_HOME": cacheFolder]
      let entries = cacheFolder + "/artfeed"
      let served = scratch.path("big.xml")
      let versions = ["A", "B"].map { Self.feed(version: $0, count: 12_000) }
      try versions[0].write(toFile: served, atomically: true, encoding: .utf8)
      let server = try TestServer(directory: scratch.url)
      defer { server.stop() }
      let url = server.url("/files/big.xml").absoluteString
      #expect(try ArtfeedCommand.run(["parse", url], environment: environment).status == 0)
      let titles = { (output: String) in output.split(separator: "\n").first.map(String.init) }

      var interruptedWrites = 0
      var temporaries = Set<String>()
      var generator = SystemRandomNumberGenerator()
      for round in 0..<16 {
        try versions[(round + 1) % 2].write(toFile: served, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = Paths.artfeed
        process.arguments = ["parse", url]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, b in b }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if round % 2 == 0 {
          // Even rounds: at a random moment of the whole run (download, parse, write).
          Thread.sleep(forTimeInterval: Double.random(in: 0.02...1.5, using: &generator))
        } else {
          // Odd rounds: as soon as the write's temporary file appears, plus up to 20 ms, so the
          // kill lands inside the write (creating, writing, syncing or renaming it).
          let deadline = Date().addingTimeInterval(20)
          while process.isRunning, Date() < deadline,
            !Self.temporaryFiles(in: entries).subtracting(temporaries).contains(where: { _ in true
            })
          {
            usleep(500)
          }
          usleep(UInt32.random(in: 0...20_000, using: &generator))
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // A new temporary file left behind means the kill landed inside a cache write.
        let left = Self.temporaryFiles(in: entries)
        if !left.subtracting(temporaries).isEmpty { interruptedWrites += 1 }
        temporaries = left

        // Whatever moment the kill hit, the cached copy is whole: version A or B, never a mix.
        let cached = try ArtfeedCommand.run(["parse", url, "--offline"], environment: environment)
        #expect(cached.status == 0, "round \(round): \(cached.errors)")
        let first = titles(cached.output) ?? ""
        #expect(first.hasSuffix(" A 0") || first.hasSuffix(" B 0"), "round \(round): \(first)")
        #expect(cached.output.split(separator: "\n").count == 12_000)
      }
      print("kill -9 rounds: 16, kills that left a write's temporary file: \(interruptedWrites)")
      #expect(interruptedWrites > 0, "no kill landed inside a cache write")
    }

    static func temporaryFiles(in folder: String) -> Set<String> {
      Set(
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
          $0.hasSuffix(".tmp")
        })
    }
  }
}
