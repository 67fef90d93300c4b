import Foundation
import Testing

/// The built `artfeed` binary run without a terminal, as a script would run it.
enum ArtfeedCommand {
  /// Runs `artfeed ARGUMENTS` with empty standard input.
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Spawned {
    let binary = Paths.artfeed
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw E2EError.noBinary(binary.path)
    }
    return try Spawn.capture(
      [binary.path] + arguments,
      environment: environment.merging([
        "LANG": "C.UTF-8", "XDG_CONFIG_HOME": Paths.noConfig, "XDG_DATA_HOME": Paths.scratchData,
      ]) { a, _ in a })
  }

  /// What `artfeed render ARGUMENTS` prints: the screen the browser draws for the same state.
  /// Pictures are converted for 256 colours, as the browser does in the tests' tmux
  /// (TERM=tmux-256color), unless the arguments say otherwise.
  static func render(_ arguments: [String], environment: [String: String] = [:]) throws
    -> [String]
  {
    let depth = arguments.contains("--colors") ? [] : ["--colors", "256"]
    let result = try run(["render"] + arguments + depth, environment: environment)
    #expect(result.status == 0, "render \(arguments) failed: \(result.errors)")
    var lines = result.output.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
