import Foundation
import Testing

extension EndToEnd {
  /// What the command line says when it is used wrongly, and how its help reads.
  @Suite("Usage errors and help texts")
  struct UsageTests {
    @Test(
      "a bad value or a command that does not exist: exit 64, one line naming it, nothing out",
      arguments: [
        (["render", "--width", "0"], "--width"), (["render", "--width", "-3"], "--width"),
        (["render", "--width", "abc"], "--width"), (["render", "--width", "99999"], "--width"),
        (["render", "--width", "80", "--height", "0"], "--height"),
        (["render", "--width", "80", "--top", "-1"], "--top"),
        (["render", "--width", "80", "--bogus"], "--bogus"),
        (["--timeout", "-1"], "--timeout"), (["parse", "x", "--timeout", "abc"], "--timeout"),
        (["refresh", "--jobs", "-2"], "--jobs"), (["refresh", "--jobs", "0"], "--jobs"),
        (["help", "nosuch"], "nosuch"), (["help", "render", "nosuch"], "nosuch"),
      ])
    func usageError(arguments: [String], names: String) throws {
      let result = try ArtfeedCommand.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.errors)")
      #expect(result.output.isEmpty, "\(result.output)")
      let lines = result.errors.split(separator: "\n")
      #expect(lines.count == 1, "one line: \(result.errors)")
      #expect(result.errors.hasPrefix("artfeed: ") && result.errors.contains(names))
      #expect(result.errors.contains("--help"), "it says where the help is")
    }

    @Test(
      "a mistyped command gets a suggestion, exit 64; a SOURCE that is a file or URL is left alone",
      arguments: [
        (
          ["feed"],
          "no command “feed” (did you mean “feeds”? A feed file of that name: artfeed ./feed)"
        ),
        (["acount", "list"], "no command “acount” (did you mean “account”?"),
        (["account", "lsit"], "artfeed: account: no command “lsit” (did you mean “list”?)"),
        (["state", "exprot"], "artfeed: state: no command “exprot” (did you mean “export”?)"),
        (["rendr", "--width", "5"], "no command “rendr” (did you mean “render”?"),
      ])
    func mistyped(arguments: [String], says: String) throws {
      let result = try ArtfeedCommand.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.errors)")
      #expect(result.errors.split(separator: "\n").count == 1, "\(result.errors)")
      #expect(result.errors.contains(says), "\(result.errors)")
      // A word that is no near miss is a SOURCE, as before.
      #expect(try ArtfeedCommand.run(["zzz"]).errors == "artfeed: zzz: no such file\n")
    }

    static let commands = [
      "browse", "parse", "render", "feeds", "add", "remove", "import", "export", "init",
      "refresh", "mark-read", "state", "config", "artist", "follow", "unfollow", "following",
    ]

    @Test(
      "every help text is paragraphs wrapped at the terminal's width, never mid-sentence",
      arguments: [[]] + commands.map { [$0] })
    func helpText(command: [String]) throws {
      let result = try ArtfeedCommand.run(["help"] + command, environment: ["COLUMNS": "80"])
      #expect(result.status == 0, "\(result.errors)")
      let lines = result.output.components(separatedBy: "\n")
      let start = try #require(lines.firstIndex { $0.hasPrefix("OVERVIEW:") })
      let end = lines.firstIndex { $0.hasPrefix("USAGE:") } ?? lines.count
      var paragraph: [String] = []
      for line in lines[(start + 1)..<end] + [""] {
        guard line.isEmpty else {
          paragraph.append(line)
          continue
        }
        // A line that is not its paragraph's last was filled: a short one is a line break
        // of ours in the middle of a sentence.
        for filled in paragraph.dropLast() {
          #expect(filled.count >= 45, "\(command): a short line inside a paragraph: “\(filled)”")
        }
        paragraph = []
      }
      for line in lines where line.count > 80 && !line.hasPrefix("USAGE:") {
        Issue.record("\(command): wider than 80 columns: \(line)")
      }
    }
  }
}
