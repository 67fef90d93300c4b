import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension EndToEnd {
  /// The feeds file is the reader's data: every edit, from any number of `artfeed`
  /// processes at once, keeps every line; a link stays a link and a mode stays the mode; a
  /// file that cannot be used gets a sentence, never a Foundation error code.
  @Suite("Feeds file safety")
  struct FeedsFileSafetyTests {
    typealias Home = SubscriptionCommandTests.Home

    /// Runs `script` with `sh` in `home`'s environment, `$ARTFEED` being the binary.
    func shell(_ home: Home, _ script: String) throws -> (Int32, String) {
      try Spawn.run(
        ["/bin/sh", "-c", script],
        environment: home.environment.merging(["ARTFEED": Paths.artfeed.path, "LANG": "C.UTF-8"]) {
          a, _ in a
        })
    }

    func makeConfigFolder(_ home: Home) throws {
      try FileManager.default.createDirectory(
        atPath: home.scratch.path("config/artfeed"), withIntermediateDirectories: true)
    }

    @Test("50 artfeed add at once keep all 50 lines; 25 removes at once remove exactly those")
    func parallelAdds() throws {
      let home = try Home()
      try makeConfigFolder(home)
      try "# mine\n".write(toFile: home.feedsFile, atomically: true, encoding: .utf8)
      let (status, output) = try shell(
        home,
        """
        i=0; while [ $i -lt 50 ]; do
          "$ARTFEED" add "https://feed$i.example/rss.xml" >/dev/null & i=$((i+1)); done; wait
        """)
      #expect(status == 0, "\(output)")
      let lines = try home.feeds().split(separator: "\n")
      #expect(lines.first == "# mine")
      #expect(lines.count == 51, "\(lines.count - 1) of 50 subscriptions kept")
      #expect(Set(lines.dropFirst()) == Set((0..<50).map { "https://feed\($0).example/rss.xml" }))

      let (removed, removeOutput) = try shell(
        home,
        """
        i=0; while [ $i -lt 50 ]; do
          "$ARTFEED" remove "https://feed$i.example/rss.xml" >/dev/null & i=$((i+2)); done; wait
        """)
      #expect(removed == 0, "\(removeOutput)")
      let left = try home.feeds().split(separator: "\n").dropFirst()
      #expect(
        Set(left) == Set(stride(from: 1, to: 50, by: 2).map { "https://feed\($0).example/rss.xml" })
      )
    }

    @Test("imports and adds at once keep every feed of each")
    func parallelImports() throws {
      let home = try Home()
      for batch in 0..<5 {
        let outlines = (0..<10).map {
          "<outline text=\"f\" xmlUrl=\"https://import\(batch)-\($0).example/rss.xml\"/>"
        }
        try "<opml version=\"2.0\"><body>\(outlines.joined())</body></opml>".write(
          toFile: home.scratch.path("in\(batch).opml"), atomically: true, encoding: .utf8)
      }
      let (status, output) = try shell(
        home,
        """
        for b in 0 1 2 3 4; do "$ARTFEED" import "\(home.scratch.path("in"))$b.opml" >/dev/null &
          "$ARTFEED" add "https://add$b.example/rss.xml" >/dev/null & done; wait
        """)
      #expect(status == 0, "\(output)")
      let lines = try home.feeds().split(separator: "\n")
      #expect(lines.count == 55, "\(lines.count) of 55 subscriptions kept")
    }

    @Test("a linked feeds file stays a link: the edit goes to its target, a dangling one too")
    func symlinks() throws {
      let home = try Home()
      try makeConfigFolder(home)
      let dotfiles = home.scratch.path("dotfiles")
      try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
      let target = dotfiles + "/feeds"
      try "https://a.example/rss.xml\n".write(toFile: target, atomically: true, encoding: .utf8)
      try FileManager.default.createSymbolicLink(
        atPath: home.feedsFile, withDestinationPath: "../../dotfiles/feeds")

      let added = try home.run(["add", "https://b.example/rss.xml"])
      #expect(added.status == 0, "\(added.errors)")
      #expect(
        linkTarget(home.feedsFile) == "../../dotfiles/feeds")
      #expect(
        try String(contentsOfFile: target, encoding: .utf8)
          == "https://a.example/rss.xml\nhttps://b.example/rss.xml\n")
      #expect(try home.run(["remove", "https://a.example/rss.xml"]).status == 0)
      #expect(
        try String(contentsOfFile: target, encoding: .utf8) == "https://b.example/rss.xml\n")
      #expect(try home.run(["feeds"]).output.contains("https://b.example/rss.xml"))

      // A link whose target does not exist yet: the first add creates the target.
      try FileManager.default.removeItem(atPath: target)
      let first = try home.run(["add", "https://c.example/rss.xml"])
      #expect(first.status == 0, "\(first.errors)")
      #expect(
        linkTarget(home.feedsFile) == "../../dotfiles/feeds")
      #expect(try String(contentsOfFile: target, encoding: .utf8) == "https://c.example/rss.xml\n")

      // init writes the example into a dangling link's target as well.
      try FileManager.default.removeItem(atPath: target)
      let initialized = try home.run(["init"])
      #expect(initialized.status == 0, "\(initialized.errors)")
      #expect(
        linkTarget(home.feedsFile) == "../../dotfiles/feeds")
      #expect(try String(contentsOfFile: target, encoding: .utf8).contains("deviantart"))
    }

    @Test("an edit keeps the file's mode; a read-only file is refused and left as it was")
    func modes() throws {
      let home = try Home()
      try makeConfigFolder(home)
      try "https://a.example/rss.xml\n".write(
        toFile: home.feedsFile, atomically: true, encoding: .utf8)
      chmod(home.feedsFile, 0o600)
      #expect(try home.run(["add", "https://b.example/rss.xml"]).status == 0)
      #expect(try mode(home.feedsFile) == 0o600)
      chmod(home.feedsFile, 0o640)
      #expect(try home.run(["remove", "https://b.example/rss.xml"]).status == 0)
      #expect(try mode(home.feedsFile) == 0o640)

      chmod(home.feedsFile, 0o444)
      for arguments in [
        ["add", "https://c.example/rss.xml"], ["remove", "https://a.example/rss.xml"],
      ] {
        let refused = try home.run(arguments)
        #expect(refused.status == 73, "\(arguments): \(refused.errors)")
        #expect(refused.errors.contains("read-only"), "\(refused.errors)")
        #expect(try home.feeds() == "https://a.example/rss.xml\n")
        #expect(try mode(home.feedsFile) == 0o444)
      }
    }

    @Test("a folder, a device or an oversized file where the feeds file should be: a sentence")
    func unusableFiles() throws {
      let home = try Home()
      try FileManager.default.createDirectory(
        atPath: home.feedsFile, withIntermediateDirectories: true)
      for arguments in [["feeds"], ["add", "https://a.example/rss.xml"], ["refresh"], ["export"]] {
        let result = try home.run(arguments)
        #expect(result.status != 0, "\(arguments)")
        #expect(result.errors.contains("is a folder"), "\(arguments): \(result.errors)")
        #expect(!result.errors.contains("Domain"), "\(arguments): \(result.errors)")
      }
      try FileManager.default.removeItem(atPath: home.feedsFile)
      try FileManager.default.createSymbolicLink(
        atPath: home.feedsFile, withDestinationPath: "/dev/zero")
      let device = try home.run(["feeds"])
      #expect(
        device.status == 66 && device.errors.contains("not a regular file"), "\(device.errors)")

      try FileManager.default.removeItem(atPath: home.feedsFile)
      let big =
        (0..<20_000).map { "https://x.example/\($0)/" + String(repeating: "a", count: 80) }
        .joined(separator: "\n") + "\n"
      try big.write(toFile: home.feedsFile, atomically: true, encoding: .utf8)
      for arguments in [["feeds"], ["add", "https://a.example/rss.xml"]] {
        let result = try home.run(arguments)
        #expect(result.status == 66, "\(arguments): \(result.errors)")
        #expect(result.errors.contains("larger than 1 MiB"), "\(arguments): \(result.errors)")
      }
      #expect(try home.feeds() == big)
    }

    /// Foundation's phrases for an error it gives no words to.
    static let foundationText = [
      "Domain", "could not be completed", "couldn’t be completed", "(null)", "NSError",
    ]

    @Test("no Foundation error text reaches the reader: a folder or a file in every wrong place")
    func noFoundationText() throws {
      let home = try Home()
      let folder = home.scratch.path("a folder")
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let server = try TestServer()
      defer { server.stop() }
      // The cache folder is a file: nothing can be saved there.
      try "not a folder".write(
        toFile: home.scratch.path("cache"), atomically: true, encoding: .utf8)
      var runs: [[String]] = [
        ["import", folder], ["import", home.scratch.path("missing.opml")], ["import", "-"],
        ["parse", folder], ["render", folder, "--width", "80"],
        ["parse", server.url("/feed.xml").absoluteString],
        ["add", server.url("/feed.xml").absoluteString], ["refresh"],
      ]
      var results: [([String], Spawned)] = []
      for arguments in runs { results.append((arguments, try home.run(arguments))) }
      // Then the feeds file is a folder, for every command that reads or edits it.
      try FileManager.default.removeItem(atPath: home.feedsFile)
      try FileManager.default.createDirectory(
        atPath: home.feedsFile, withIntermediateDirectories: true)
      runs = [
        ["feeds"], ["add", "https://a.example/"], ["remove", "https://a.example/"],
        ["import", folder], ["export"], ["init"], ["refresh"], ["render", "--width", "80"],
      ]
      for arguments in runs { results.append((arguments, try home.run(arguments))) }
      for (arguments, result) in results {
        for phrase in Self.foundationText {
          #expect(
            !(result.output + result.errors).contains(phrase), "\(arguments): \(result.errors)")
        }
      }
      let refreshed = try #require(results.first { $0.0 == ["refresh"] }?.1)
      #expect(refreshed.output.contains("not saved: could not save the copy in "))
      #expect(refreshed.output.contains("Not a directory"), "\(refreshed.output)")
    }

    /// What the link at `path` points to, or nil when it is no longer a link.
    func linkTarget(_ path: String) -> String? {
      try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }

    func mode(_ path: String) throws -> Int {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      return (attributes[.posixPermissions] as? Int ?? -1) & 0o7777
    }
  }
}
