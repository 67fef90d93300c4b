import Foundation
import Testing

extension EndToEnd {
  /// The disk cache of converted cells seen from outside: a second `render` of the bundled
  /// feed prints the first one's screen without decoding or converting a picture
  /// (ARTFEED_PIXEL_LOG records each picture's steps).
  @Suite("Converted cells cached on disk")
  struct CellCacheTests {
    /// `render ARGUMENTS` with its own cache folder; the screen and the loader's log lines.
    static func render(_ arguments: [String], cache: Scratch, log: String) throws
      -> (screen: String, log: [String])
    {
      let result = try ArtfeedCommand.run(
        ["render"] + arguments,
        environment: ["XDG_CACHE_HOME": cache.path("cache"), "ARTFEED_PIXEL_LOG": cache.path(log)])
      #expect(result.status == 0, "render \(arguments): \(result.errors)")
      let lines = try String(contentsOfFile: cache.path(log), encoding: .utf8)
        .split(separator: "\n").map(String.init)
      return (result.output, lines)
    }

    /// The pictures (address's end and box) of the log lines of one step: "converted",
    /// "cells from disk", "decoded".
    static func pictures(_ step: String, in log: [String]) -> Set<String> {
      Set(
        log.compactMap { line in
          line.range(of: "loader: \(step) ").map { String(line[$0.upperBound...]) }
        })
    }

    /// The browser (and render) may ask again for pictures it already has and cancel them,
    /// or find cells its own run just stored: counted by picture, not by line.
    @Test(
      "the second render prints the first one's screen and converts nothing",
      arguments: [
        ["--width", "100", "--height", "30"],
        ["--width", "100", "--height", "30", "--color", "--colors", "truecolor"],
        ["--width", "60", "--height", "40", "--color", "--colors", "8"],
      ])
    func secondRender(arguments: [String]) throws {
      let cache = try Scratch()
      let cold = try Self.render(arguments, cache: cache, log: "cold.log")
      let warm = try Self.render(arguments, cache: cache, log: "warm.log")
      let converted = Self.pictures("converted", in: cold.log)
      #expect(converted.count >= 3, "pictures converted on the first run: \(cold.log)")
      let difference = ScreenText.difference(
        warm.screen.components(separatedBy: "\n"), cold.screen.components(separatedBy: "\n"),
        seenName: "warm")
      #expect(warm.screen == cold.screen, "\(difference)")
      #expect(Self.pictures("cells from disk", in: warm.log) == converted, "\(warm.log)")
      #expect(Self.pictures("converted", in: warm.log).isEmpty, "\(warm.log)")
      #expect(Self.pictures("decoded", in: warm.log).isEmpty, "\(warm.log)")
      let entries = try FileManager.default.contentsOfDirectory(
        atPath: cache.path("cache/artfeed/cells"))
      #expect(entries.count == converted.count, "\(entries)")
    }
  }
}
