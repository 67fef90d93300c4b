import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// A cache that cannot be written (a full disk): the feed is still shown, and every command
  /// says the copy was not saved instead of "fresh".
  @Suite("Cache on a full disk")
  struct CacheFullDiskTests {
    typealias Home = SubscriptionCommandTests.Home

    /// A feed of about 100 KB, bigger than the 16 KiB limit of the fallback.
    static func bigFeed() -> String {
      HostileCorpus.document(
        title: "Big",
        items: (0..<200).map {
          "<item><title>Item \($0)</title><guid>big-\($0)</guid><description>"
            + String(repeating: "words ", count: 80) + "</description></item>"
        })
    }

    @Test("refresh, parse, feeds and the feed list tell the truth when the cache cannot be written")
    func fullDisk() throws {
      let home = try Home()
      let served = home.scratch.url.appendingPathComponent("served")
      try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
      try Data(Self.bigFeed().utf8).write(to: served.appendingPathComponent("big.rss"))
      let server = try TestServer(directory: served)
      defer { server.stop() }
      let url = server.url("/files/big.rss").absoluteString
      #expect(try home.run(["add", url]).status == 0)

      let disk = try FullDisk(at: home.scratch.path("cache"), folders: ["artfeed"])
      print("full disk: \(disk.kind.rawValue)")
      func run(_ arguments: [String]) throws -> Spawned {
        try Spawn.capture(
          disk.wrap([Paths.artfeed.path] + arguments),
          environment: home.environment.merging(["LANG": "C.UTF-8"]) { a, _ in a })
      }

      let refreshed = try run(["refresh"])
      #expect(refreshed.status == 73, "\(refreshed.output)\(refreshed.errors)")
      #expect(refreshed.output.contains("\(url): fresh, not saved: could not save the copy in "))
      #expect(!refreshed.output.contains("\(url): fresh\n"))
      #expect(
        refreshed.output.contains(
          "Refresh incomplete: 1 feed fetched but not saved in the cache (could not save "),
        "\(refreshed.output)")

      let parsed = try run(["parse", url])
      #expect(parsed.status == 0, "\(parsed.errors)")
      #expect(parsed.output.split(separator: "\n").count == 200)
      #expect(parsed.errors.contains("warning: could not save the copy in "), "\(parsed.errors)")

      // Nothing was saved: feeds does not claim a fetch, and offline there is no copy.
      #expect(try run(["feeds"]).output.hasPrefix("never fetched"))
      #expect(try run(["parse", "--offline", url]).status == 69)

      // The items page, as render draws it: its status line says it.
      let items = try run(["render", url, "--width", "120", "--height", "8"])
      #expect(items.status == 0, "\(items.errors)")
      #expect(
        items.output.split(separator: "\n").last?.contains("Warning: could not save the copy")
          == true, "\(items.output)")

      // The browser's feed list once its feeds are read, as render draws it: the feed's
      // state says it.
      let screen = try run(["render", "--read-feeds", "--width", "100", "--height", "10"])
      #expect(screen.status == 0, "\(screen.errors)")
      #expect(screen.output.contains("fresh, not saved"), "\(screen.output)")
    }
  }
}
