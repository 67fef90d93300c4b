import ArtfeedResources
import Foundation
import Testing

extension EndToEnd {
  /// The real binary's exit codes and messages without a terminal, as scripts see them
  /// (sysexits: 64 usage, 65 data error, 66 no input, 74 I/O error).
  @Suite("Command line exit codes")
  struct CommandLineTests {
    static let htmlPage = """
      <!DOCTYPE html>
      <html><head><title>Not a feed</title></head><body><p>Hello</p></body></html>

      """

    func writeHTML(into scratch: Scratch) throws -> String {
      let path = scratch.path("page.html")
      try Data(Self.htmlPage.utf8).write(to: URL(fileURLWithPath: path))
      return path
    }

    @Test(
      "parse and render of a missing file exit 66 and name the file",
      arguments: ["parse", "render"])
    func missingFile(command: String) throws {
      let scratch = try Scratch()
      let missing = scratch.path("missing.rss")
      let extra = command == "render" ? ["--width", "80"] : []
      let result = try ArtfeedCommand.run([command, missing] + extra)
      #expect(result.status == 66, "\(result.errors)")
      #expect(result.errors.hasPrefix("artfeed: ") && result.errors.contains(missing))
      #expect(result.output.isEmpty)
    }

    @Test(
      "parse and render of an HTML page exit 65 and say it is HTML", arguments: ["parse", "render"])
    func htmlPage(command: String) throws {
      let scratch = try Scratch()
      let page = try writeHTML(into: scratch)
      let extra = command == "render" ? ["--width", "80"] : []
      let result = try ArtfeedCommand.run([command, page] + extra)
      #expect(result.status == 65, "\(result.errors)")
      #expect(result.errors.contains("HTML"), "\(result.errors)")
      #expect(result.output.isEmpty)
    }

    @Test("parse of empty standard input exits 65")
    func emptyInput() throws {
      let result = try ArtfeedCommand.run(["parse", "-"])
      #expect(result.status == 65, "\(result.errors)")
      #expect(result.errors.contains("standard input"), "\(result.errors)")
    }

    @Test(
      "render with a negative width is a usage error that names --width",
      arguments: [["--width", "-1"], ["--width=-1"], ["--width", "80", "--height=-1"]])
    func negativeSize(arguments: [String]) throws {
      let result = try ArtfeedCommand.run(["render"] + arguments)
      #expect(result.status == 64, "\(result.errors)")
      #expect(result.errors.contains("--width") || result.errors.contains("--height"))
      #expect(result.output.isEmpty)
    }

    /// Every numeric option out of its range, each with the option its message must name.
    static let outOfRange: [([String], String)] = [
      (["parse", "--timeout", "9.3e15", "http://127.0.0.1:9/feed.xml"], "--timeout"),
      (["parse", "--timeout", "1e400", "http://127.0.0.1:9/feed.xml"], "--timeout"),
      (["parse", "--timeout", "nan", "http://127.0.0.1:9/feed.xml"], "--timeout"),
      (["parse", "--timeout", "0", "http://127.0.0.1:9/feed.xml"], "--timeout"),
      (["parse", "--timeout", "86401", "http://127.0.0.1:9/feed.xml"], "--timeout"),
      (["parse", "--connect-timeout", "1e18", "http://127.0.0.1:9/feed.xml"], "--connect-timeout"),
      (["parse", "--connect-timeout=-1", "http://127.0.0.1:9/feed.xml"], "--connect-timeout"),
      (["refresh", "--timeout", "9.3e15"], "--timeout"),
      (["refresh", "--jobs", "0"], "--jobs"),
      (["refresh", "--jobs", "100000"], "--jobs"),
      (["render", "--width", "1000000", "--height", "10"], "--width"),
      (["render", "--width", "80", "--height", "9223372036854775807"], "--height"),
      (["render", "--width", "80", "--top=-1"], "--top"),
      (["render", "--width", "80", "--select=-5"], "--select"),
      (["render", "--width", "80", "--timeout", "9.3e15"], "--timeout"),
    ]

    @Test("every numeric option out of range is a usage error (64) that names it, never a crash")
    func numericRanges() throws {
      for (arguments, option) in Self.outOfRange {
        let result = try ArtfeedCommand.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.status) \(result.errors)")
        #expect(result.errors.contains(option), "\(arguments): \(result.errors)")
        #expect(result.output.isEmpty, "\(arguments)")
      }
    }

    @Test("the largest values in range still work: --top and --select past the end are clamped")
    func largestInRange() throws {
      let popular = try #require(BundledFeeds.popular)
      let result = try ArtfeedCommand.run([
        "render", popular.path, "--width", "80", "--height", "10", "--top", "999999999",
        "--select", "999999999",
      ])
      #expect(result.status == 0, "\(result.errors)")
    }

    @Test("--help lists the browse, parse and render subcommands and exits 0")
    func help() throws {
      let result = try ArtfeedCommand.run(["--help"])
      #expect(result.status == 0)
      let section = try #require(result.output.range(of: "SUBCOMMANDS:"), "\(result.output)")
      let listed = result.output[section.upperBound...].split(separator: "\n")
        .compactMap { $0.split(separator: " ").first.map(String.init) }
      #expect(Set(["browse", "parse", "render"]).isSubset(of: listed), "\(result.output)")
    }

    @Test("browsing without a terminal exits 74 and points to render and parse")
    func browseWithoutTerminal() throws {
      let result = try ArtfeedCommand.run([])
      #expect(result.status == 74, "\(result.errors)")
      #expect(
        result.errors.contains("render") && result.errors.contains("parse"), "\(result.errors)")
    }

    @Test("parse of the hard-to-measure feed prints one line per item and exits 0")
    func parseTestFeed() throws {
      let scratch = try Scratch()
      let feed = try TestFeed.write(into: scratch.url)
      let result = try ArtfeedCommand.run(["parse", feed])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.split(separator: "\n").count == TestFeed.entries.count)
      #expect(result.errors.isEmpty, "\(result.errors)")
    }
  }
}
