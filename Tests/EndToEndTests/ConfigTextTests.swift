import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The config file is input like any other: what `artfeed config` prints of it on a
  /// terminal is sanitized, and a file of thousands of unknown lines is summed up, not
  /// printed line by line.
  @Suite("The config file's own text")
  struct ConfigTextTests {
    /// A config whose browser holds an OSC 52 and a bidi override, then `unknown` unknown
    /// keys.
    static func hostileConfig(unknown: Int) -> String {
      var lines = ["[general]", "browser = firefox\u{1B}]52;c;SElKQUNL\u{07}\u{202E}gnp.exe"]
      for index in 0..<unknown { lines.append("nope-\(index) = \(index)") }
      return lines.joined(separator: "\n") + "\n"
    }

    /// A scratch folder whose `config/artfeed/config` holds `config`.
    static func home(config: String) throws -> Scratch {
      let scratch = try Scratch()
      try FileManager.default.createDirectory(
        atPath: scratch.path("config/artfeed"), withIntermediateDirectories: true)
      try config.write(
        toFile: scratch.path("config/artfeed/config"), atomically: true, encoding: .utf8)
      return scratch
    }

    @Test("config on a terminal prints the file's values sanitized; 200 unknown keys: 10 lines")
    func onTerminal() throws {
      let scratch = try Self.home(config: Self.hostileConfig(unknown: 200))
      let (tmux, bytes, _) = try Tmux.recordScript(
        """
        export XDG_CONFIG_HOME='\(scratch.path("config"))'
        "$ARTFEED" config
        """, in: scratch)
      let foreign = Tmux.foreignControls(in: bytes)
      #expect(foreign == [], "\(foreign.count) control characters reached the terminal")
      #expect(try tmux.run(["list-buffers"]) == "", "an OSC 52 made a paste buffer")
      #expect(bytes.contains("browser = "), "\(bytes.prefix(2000))")
      let warnings = bytes.components(separatedBy: "artfeed: warning:").count - 1
      #expect(warnings == 11, "the first ten and a count: \(warnings)")
      #expect(bytes.contains("190 more warnings not shown"))
    }

    @Test("into a pipe, config prints the values as the file has them")
    func piped() throws {
      let scratch = try Self.home(config: Self.hostileConfig(unknown: 0))
      let result = try ArtfeedCommand.run(
        ["config"], environment: ["XDG_CONFIG_HOME": scratch.path("config")])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("\u{1B}]52;c;SElKQUNL\u{07}\u{202E}"))
    }
  }
}
