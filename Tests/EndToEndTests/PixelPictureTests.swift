import Foundation
import Testing

extension EndToEnd {
  /// Pictures in pixels, through the real binary: decoded from a pty without a display
  /// (Pixels/headless.py, a model of each protocol's terminal), and in real terminals under
  /// Xvfb (Pixels/realterm.py: xterm -ti vt340 for sixel, kitty, mlterm for iTerm2), with
  /// swatches of known colours (Pixels/fixtures.py). Each step of a session (scrolling, the
  /// item view and its pictures, help, resizes, a suspend) is checked: every visible box
  /// shows its picture, and no picture pixel is anywhere else.
  ///
  /// They fail, not skip, when a tool is missing and ARTFEED_REQUIRE_E2E=1 (CI).
  @Suite("Pictures in pixels", .long)
  struct PixelPictureTests {
    @Test(
      "render --pictures prints each box's picture at its cell, for kitty, sixel and iTerm2",
      .enabled(if: PixelTools.headlessReady || Tmux.isRequired, PixelTools.headlessSkip))
    func render() throws {
      try #require(PixelTools.headlessReady, "python3 with PIL, numpy and pyte is needed")
      try PixelTools.expectAllPass(try PixelTools.run("headless.py", ["render"]))
    }

    @Test(
      """
      kitty, sixel and iTerm2 output draws each box's picture at its cell and leaves nothing \
      stale through scrolling, the item view, help, resizes and a suspend; kitty never sends \
      a picture twice between resizes
      """,
      .enabled(if: PixelTools.headlessReady || Tmux.isRequired, PixelTools.headlessSkip))
    func headless() throws {
      try #require(PixelTools.headlessReady, "python3 with PIL, numpy and pyte is needed")
      let results = try PixelTools.run("headless.py", [])
      try PixelTools.expectAllPass(results)
      for protocolName in ["kitty", "sixel", "iterm"] {
        #expect(results[protocolName] != nil, "no result for \(protocolName)")
      }
    }

    @Test(
      """
      in xterm (sixel), kitty and mlterm (iTerm2) under Xvfb each visible box shows its \
      picture and no picture pixel stays outside the boxes, step after step
      """,
      .enabled(
        if: PixelTools.missingTerminalTools.isEmpty || Tmux.isRequired, PixelTools.terminalSkip))
    func realTerminals() throws {
      let missing = PixelTools.missingTerminalTools
      try #require(missing.isEmpty, "missing for the real-terminal tests: \(missing)")
      let results = try PixelTools.run("realterm.py", [])
      try PixelTools.expectAllPass(results)
      for terminal in ["xterm", "kitty", "mlterm"] {
        #expect(results[terminal] != nil, "no result for \(terminal)")
      }
    }

    @Test(
      """
      the gallery in kitty and xterm (sixel) under Xvfb: every visible card's picture is where \
      its box is, through moves, pages, the item view, help and resizes, and nothing stale \
      stays after going back to the list
      """,
      .enabled(
        if: PixelTools.missingTerminalTools.isEmpty || Tmux.isRequired, PixelTools.terminalSkip))
    func gallery() throws {
      let missing = PixelTools.missingTerminalTools
      try #require(missing.isEmpty, "missing for the real-terminal tests: \(missing)")
      let results = try PixelTools.run("realterm.py", ["--gallery"])
      try PixelTools.expectAllPass(results)
      for terminal in ["kitty", "xterm"] {
        #expect(results[terminal] != nil, "no result for \(terminal)")
      }
    }
  }
}

extension EndToEnd {
  /// Pictures inside tmux: pixels only through `allow-passthrough`, wrapped for the terminal
  /// outside; otherwise symbols, and the status line says why.
  @Suite("Pictures in pixels inside tmux")
  struct TmuxPixelTests {
    @Test("without allow-passthrough the pictures are symbols and the status line says why, once")
    func passthroughOff() throws {
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.enter("\"$ARTFEED\" --pictures kitty")
      let screen = try tmux.waitFor("the reason") {
        $0.last?.contains("allow-passthrough is off") == true
      }
      #expect(screen.last?.contains("set -g allow-passthrough on") == true)
      try tmux.send("j")
      try tmux.waitFor("the reason gone after a key") {
        $0.last?.contains("2/64") == true && $0.last?.contains("passthrough") == false
      }
      try tmux.send("q")
    }

    @Test("with allow-passthrough on, each kitty command is wrapped and placed at its box's cell")
    func passthroughOn() throws {
      let tmux = try Tmux.shell(width: 100, height: 30)
      try tmux.run(["set-option", "-g", "allow-passthrough", "on"])
      let record = FileManager.default.temporaryDirectory
        .appendingPathComponent("artfeed-passthrough-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: record) }
      try tmux.recordOutput(to: record)
      try tmux.enter("\"$ARTFEED\" --pictures kitty")
      try tmux.waitFor("the list with its pictures") {
        $0.last?.contains("1/64") == true && !$0.joined().contains("loading")
      }
      var placements: [(row: Int, column: Int)] = []
      let deadline = Date().addingTimeInterval(10)
      while placements.count < 3, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.2)
        let raw = (try? String(contentsOfFile: record, encoding: .isoLatin1)) ?? ""
        placements = PixelTools.wrappedKittyPlacements(raw)
      }
      try tmux.send("q")
      try tmux.stopRecording()
      #expect(placements.count >= 3, "placements through passthrough: \(placements)")
      // The bundled feed's first three rows have their boxes at column 2, lines 2, 11, 20 (the
      // pictures centred in them); the pane is the whole window. Pictures arrive in any order.
      let byRow = placements.sorted { ($0.row, $0.column) < ($1.row, $1.column) }
      for (index, placement) in byRow.prefix(3).enumerated() {
        #expect((2..<14).contains(placement.column), "placement \(index) at \(placement)")
        #expect((2 + 9 * index..<8 + 9 * index).contains(placement.row), "\(placement)")
      }
    }
  }
}

/// Runs the Python harnesses in Tests/EndToEndTests/Pixels and reads their JSON.
enum PixelTools {
  static let directory = Paths.packageRoot.appendingPathComponent("Tests/EndToEndTests/Pixels")

  /// Debian's python3, which has python3-pil, python3-numpy and python3-pyte; else the PATH's.
  static let python =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    ? "/usr/bin/python3" : "python3"

  /// True when python3 imports PIL, numpy and pyte.
  static let headlessReady: Bool = {
    let result = try? Spawn.run(["/usr/bin/env", python, "-c", "import PIL, numpy, pyte"])
    return result?.0 == 0
  }()

  /// Why the pty-decoding tests are skipped, and how to run them.
  static var headlessSkip: Comment {
    Comment(
      rawValue: "\(python) cannot import PIL, numpy and pyte: apt-get install python3-pil "
        + "python3-numpy python3-pyte to run it (ARTFEED_REQUIRE_E2E=1 fails instead of skipping)")
  }

  /// Why the real-terminal tests are skipped, and how to run them.
  static var terminalSkip: Comment {
    Comment(
      rawValue: "missing: \(missingTerminalTools.joined(separator: ", ")): apt-get install xvfb "
        + "xdotool xterm kitty mlterm python3-pil python3-numpy python3-pyte to run it "
        + "(ARTFEED_REQUIRE_E2E=1 fails instead of skipping)")
  }

  /// The programs the real-terminal tests need that are not installed.
  static let missingTerminalTools: [String] = {
    var missing: [String] = headlessReady ? [] : ["python3-pil, python3-numpy, python3-pyte"]
    for tool in ["Xvfb", "xdotool", "xterm", "kitty", "mlterm"] {
      let found = ["/usr/bin", "/usr/local/bin", "/bin"].contains {
        FileManager.default.isExecutableFile(atPath: $0 + "/" + tool)
      }
      if !found { missing.append(tool) }
    }
    return missing
  }()

  /// One harness run: per protocol or terminal, its steps and their problems.
  typealias Results = [String: [String: Any]]

  static func run(_ script: String, _ arguments: [String]) throws -> Results {
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-pixels-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let binary = Paths.artfeed.path
    let argv =
      arguments.isEmpty
      ? [directory.appendingPathComponent(script).path, binary, work.path]
      : [directory.appendingPathComponent(script).path] + arguments + [binary, work.path]
    let result = try Spawn.capture(["/usr/bin/env", python] + argv)
    guard result.status == 0,
      let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        as? [String: Any]
    else {
      throw E2EError.tmuxFailed(script, "exit \(result.status): \(result.errors.suffix(2000))")
    }
    if let missing = object["missing"] { throw E2EError.tmuxFailed(script, "missing \(missing)") }
    return object.compactMapValues { $0 as? [String: Any] }
  }

  /// The cells (0-based) of the kitty placements in a pane's raw output, read from inside
  /// tmux passthrough wrappers only (`ESC P tmux; ... ESC \`, inner ESCs doubled).
  static func wrappedKittyPlacements(_ raw: String) -> [(row: Int, column: Int)] {
    var found: [(row: Int, column: Int)] = []
    for wrapper in raw.components(separatedBy: "\u{1B}Ptmux;").dropFirst() {
      let inner = wrapper.replacingOccurrences(of: "\u{1B}\u{1B}", with: "\u{1B}")
      guard let place = inner.range(of: "\u{1B}_Ga=p,"),
        let move = inner[..<place.lowerBound].range(of: "\u{1B}[", options: .backwards)
      else { continue }
      let numbers = inner[move.upperBound..<place.lowerBound].dropLast().split(separator: ";")
      guard numbers.count == 2, let row = Int(numbers[0]), let column = Int(numbers[1]) else {
        continue
      }
      found.append((row - 1, column - 1))
    }
    return found
  }

  /// Every step of every run has no problems (each failure is one expectation, with the
  /// step's name and what was wrong).
  static func expectAllPass(_ results: Results, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    #expect(!results.isEmpty, sourceLocation: sourceLocation)
    for (name, result) in results.sorted(by: { $0.key < $1.key }) {
      let steps = try #require(result["steps"] as? [[String: Any]], "\(name): no steps")
      #expect(!steps.isEmpty, "\(name): no steps ran", sourceLocation: sourceLocation)
      for step in steps {
        let problems = step["problems"] as? [String] ?? ["unreadable result"]
        #expect(
          problems.isEmpty,
          "\(name), step \(step["step"] ?? "?"): \(problems.joined(separator: "; "))",
          sourceLocation: sourceLocation)
      }
    }
  }
}
