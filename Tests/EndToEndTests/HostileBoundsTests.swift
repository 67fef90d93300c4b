import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The big hostile inputs, generated at run time, through the real (debug) binary: each
  /// `parse` or `render` is one process whose CPU time and peak memory (`wait4`) are measured
  /// and bounded. The bounds catch a cost that blows up (quadratic work, a runaway
  /// allocation), not a speed: they are several times the debug build's figures, and on CPU
  /// time, which a loaded machine stretches far less than the wall clock (wall bounds failed
  /// here at load 10-25 with the same work). The figures measured are in
  /// Benchmarks/README.md ("Hostile input bounds").
  @Suite("Hostile input: time and memory per process")
  struct HostileBoundsTests {
    static let gibibyte = 1 << 20  // in KiB, as wait4 reports

    /// Runs `artfeed ARGUMENTS`, prints its figures, and checks it ended well within bounds.
    @discardableResult
    func measure(
      _ name: String, _ arguments: [String], scratch: Scratch, cpuSeconds bound: Double = 60,
      keepOutput: Bool = false
    ) throws -> Spawned {
      let argv = [Paths.artfeed.path] + arguments
      let environment = [
        "LANG": "C.UTF-8", "XDG_CACHE_HOME": scratch.path("cache"),
        "XDG_CONFIG_HOME": scratch.path("config"),
      ]
      let result = try Spawn.measure(argv, environment: environment, keepOutput: keepOutput)
      print(
        "hostile \(name): \(arguments.first ?? "") "
          + String(
            format: "%.2f s (CPU %.2f s), %d MiB", result.seconds, result.cpuSeconds,
            result.peakMebibytes))
      #expect(result.status == 0, "\(name): exit \(result.status): \(result.errors.prefix(500))")
      #expect(result.cpuSeconds < bound, "\(name): CPU \(result.cpuSeconds) s")
      #expect(result.peakKilobytes < Self.gibibyte, "\(name): \(result.peakMebibytes) MiB")
      return result
    }

    func render(_ path: String, _ extra: [String] = []) -> [String] {
      [
        "render", path, "--width", "80", "--height", "24", "--colors", "256", "--offline",
      ] + extra
    }

    @Test("a 50 MB title parses; a 2 MB one renders (the row grows with the title)", .long)
    func hugeTitle() throws {
      let scratch = try Scratch()
      let big = scratch.path("title50.rss")
      try HostileCorpus.writeHugeTitle(to: big, megabytes: 50)
      try measure("50 MB title", ["parse", big], scratch: scratch)
      try FileManager.default.removeItem(atPath: big)
      let small = scratch.path("title2.rss")
      try HostileCorpus.writeHugeTitle(to: small, megabytes: 2)
      let screen = try measure("2 MB title", render(small), scratch: scratch, keepOutput: true)
      let lines = screen.output.split(separator: "\n")
      #expect(lines.count == 24)
      // The first word alone on its line (the long word starts a fresh one), then the title;
      // the unread mark left of it.
      #expect(
        lines.count > 3 && lines[2].hasPrefix("● Huge  ") && lines[3].hasPrefix("  hostilexxx"))
      #expect(screen.output.contains("1/2"))
    }

    /// The row's text is cut to what a row shows; reading the rest (a "more" link looked for
    /// over the whole text, a blank test character by character) cost 1.9G instructions a
    /// row for 2 MB, so a 20 MB description took 4.8 s to render in release.
    @Test(
      "a 20 MB description ending in a more link, and a 20 MB blank media:text, render",
      arguments: [
        ("description", "The start of a long one. ", "Word ", " more"),
        ("media:text", " ", "  ", ""),
      ])
    func hugeRowText(_ field: (String, String, String, String)) throws {
      let (element, start, word, end) = field
      let scratch = try Scratch()
      let path = scratch.path("field.rss")
      try HostileCorpus.writeHugeField(
        to: path, megabytes: 20, element: element, start: start, word: word, end: end)
      let screen = try measure(
        "20 MB \(element)", render(path, ["--no-state"]), scratch: scratch, cpuSeconds: 30,
        keepOutput: true)
      #expect(screen.output.contains("Huge field") && screen.output.contains("After the huge one"))
      if element == "description" {
        #expect(screen.output.contains("The start of a long one. Word Word"))
      }
    }

    @Test("100,000 items with a missing thumbnail each render the first screen", .long)
    func manyItems() throws {
      let scratch = try Scratch()
      let path = scratch.path("items.rss")
      try HostileCorpus.writeManyItems(to: path, count: 100_000)
      let screen = try measure("100k items", render(path), scratch: scratch, keepOutput: true)
      #expect(screen.output.contains("100000 items"))
      #expect(screen.output.contains("Item 1"))
    }

    @Test("10,000 thumbnails on one item, 100,000-deep nesting, 1 MB attributes", .long)
    func shapes() throws {
      let scratch = try Scratch()
      let cases: [(String, (String) throws -> Void, String)] = [
        (
          "10k thumbnails", { try HostileCorpus.writeManyThumbnails(to: $0, count: 10_000) },
          "After the thumbnails"
        ),
        (
          "deep nesting", { try HostileCorpus.writeDeepNesting(to: $0, depth: 100_000) },
          "After the deep ones"
        ),
        (
          "1 MB attributes", { try HostileCorpus.writeHugeAttributes(to: $0, megabytes: 1) },
          "After the attributes"
        ),
      ]
      for (name, write, lastTitle) in cases {
        let path = scratch.path("case.rss")
        try write(path)
        let parsed = try measure(name, ["parse", path], scratch: scratch, keepOutput: true)
        #expect(parsed.output.contains(lastTitle), "\(name): \(parsed.output.prefix(300))")
        try measure(name, render(path, ["--end"]), scratch: scratch)
      }
    }

    @Test("picture bombs and liars in files: each box says why, in bounded time and memory")
    func pictureFiles() throws {
      let scratch = try Scratch()
      try HostileCorpus.pngBomb(width: 6000, height: 6000).write(
        to: scratch.url.appendingPathComponent("bomb.png"))
      try HostileCorpus.pngBomb(width: 7000, height: 7000).write(
        to: scratch.url.appendingPathComponent("big.png"))
      try HostileCorpus.jpegClaiming(width: 6000, height: 6000).write(
        to: scratch.url.appendingPathComponent("liar.jpg"))
      try Data("<html>not a picture</html>".utf8).write(
        to: scratch.url.appendingPathComponent("page.png"))
      let feed = scratch.path("pictures.rss")
      try Data(Self.pictureFeed(["bomb.png", "big.png", "liar.jpg", "page.png"]).utf8)
        .write(to: URL(fileURLWithPath: feed))
      let screen = try measure(
        "picture files", ["render", feed, "--width", "80", "--height", "40", "--colors", "256"],
        scratch: scratch, keepOutput: true)
      for reason in ["too large", "damaged", "not an"] {
        #expect(screen.output.contains(reason), "\(reason)\n\(screen.output)")
      }
    }

    @Test("servers that lie: a bomb served as a feed type, HTML as a picture, sizes over the cap")
    func lyingServer() throws {
      let scratch = try Scratch()
      let served = scratch.url.appendingPathComponent("served")
      try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
      try HostileCorpus.pngBomb(width: 6000, height: 6000).write(
        to: served.appendingPathComponent("bomb.png"))
      try Data("<html>not a picture</html>".utf8).write(
        to: served.appendingPathComponent("page.png"))
      let server = try TestServer(directory: served)
      defer { server.stop() }
      // /files/ answers with application/rss+xml whatever the file is; /large is 60 MB of
      // feed, /bomb a gzip bomb of 60 MB, /truncated shorter than its Content-Length.
      let pictures = [
        "/files/bomb.png", "/files/page.png", "/large?mb=60", "/bomb?mb=60", "/truncated",
      ].map { server.url($0).absoluteString.replacingOccurrences(of: "&", with: "&amp;") }
      try Data(Self.pictureFeed(pictures).utf8).write(to: served.appendingPathComponent("feed.rss"))
      let screen = try measure(
        "lying server",
        [
          "render", server.url("/files/feed.rss").absoluteString, "--width", "80", "--height",
          "60", "--colors", "256", "--timeout", "20",
        ],
        scratch: scratch, keepOutput: true)
      for reason in ["not an", "too large", "5 items"] {
        #expect(screen.output.contains(reason), "\(reason)\n\(screen.output)")
      }
      // A picture served as the feed is binary data, exit 65.
      let notAFeed = try ArtfeedCommand.run(
        ["parse", server.url("/files/bomb.png").absoluteString],
        environment: ["XDG_CACHE_HOME": scratch.path("cache")])
      #expect(notAFeed.status == 65)
      #expect(notAFeed.errors.contains("binary"), "\(notAFeed.errors)")
    }

    /// A feed with one item per picture address, each a thumbnail.
    static func pictureFeed(_ addresses: [String]) -> String {
      HostileCorpus.document(
        title: "Pictures",
        items: addresses.enumerated().map { index, address in
          "<item><title>Picture \(index)</title><guid>p\(index)</guid>"
            + "<media:thumbnail url=\"\(address)\" width=\"150\" height=\"100\"/></item>"
        })
    }
  }
}
