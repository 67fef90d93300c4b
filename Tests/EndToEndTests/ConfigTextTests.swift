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

    @Test("config on a terminal prints the file's values sanitized; 200 unknown keys: 10 lines")
    func onTerminal() throws {
      let scratch = try Scratch()
      try FileManager.default.createDirectory(
        atPath: scratch.path("config/artfeed"), withIntermediateDirectories: true)
      try Self.hostileConfig(unknown: 200).write(
        toFile: scratch.path("config/artfeed/config"), atomically: true, encoding: .utf8)
      let script = """
        export XDG_CONFIG_HOME='\(scratch.path("config"))'
        "$ARTFEED" config
        echo END-OF-SCRIPT
        """
      let scriptPath = scratch.path("script.sh")
      try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
      let recording = scratch.path("recording")
      let tmux = try Tmux.shell(width: 120, height: 40)
      try tmux.run(["set-option", "-g", "set-clipboard", "on"])
      try tmux.recordOutput(to: recording)
      try tmux.enter("sh '\(scriptPath)' 2>&1")
      try tmux.waitFor("the script's end", timeout: 60) {
        $0.contains { $0.hasPrefix("END-OF-SCRIPT") }
      }
      try tmux.stopRecording()
      let bytes = try String(contentsOfFile: recording, encoding: .utf8)
      let foreign = bytes.unicodeScalars.filter {
        HostileCorpus.isForbidden($0) && $0 != "\r"
      }.map { "U+" + String($0.value, radix: 16) }
      #expect(foreign == [], "\(foreign.count) control characters reached the terminal")
      #expect(try tmux.run(["list-buffers"]) == "", "an OSC 52 made a paste buffer")
      #expect(bytes.contains("browser = "), "\(bytes.prefix(2000))")
      let warnings = bytes.components(separatedBy: "artfeed: warning:").count - 1
      #expect(warnings == 11, "the first ten and a count: \(warnings)")
      #expect(bytes.contains("190 more warnings not shown"))
    }

    @Test("into a pipe, config prints the values as the file has them")
    func piped() throws {
      let scratch = try Scratch()
      try FileManager.default.createDirectory(
        atPath: scratch.path("config/artfeed"), withIntermediateDirectories: true)
      try Self.hostileConfig(unknown: 0).write(
        toFile: scratch.path("config/artfeed/config"), atomically: true, encoding: .utf8)
      let result = try ArtfeedCommand.run(
        ["config"], environment: ["XDG_CONFIG_HOME": scratch.path("config")])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("\u{1B}]52;c;SElKQUNL\u{07}\u{202E}"))
    }
  }
}
