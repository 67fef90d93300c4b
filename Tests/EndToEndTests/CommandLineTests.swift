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
