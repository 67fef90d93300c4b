import Foundation
import TextLayout
import Testing

/// The real binary in a real terminal (tmux): what a person would do, checked on the screen.
///
/// Skips with a reason when tmux is missing, unless ARTFEED_REQUIRE_E2E=1 (CI), where the
/// first test fails instead.
@Suite("End to end under tmux", .serialized, .enabled(if: Tmux.executable != nil, "tmux is not installed"))
struct BrowserEndToEndTests {
  /// Starts a shell in tmux at a size, ready to run commands.
  func shell(width: Int, height: Int, environment: String = "") throws -> Tmux {
    let binary = Paths.artfeed
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw E2EError.noBinary(binary.path)
    }
    let tmux = try Tmux(
      width: width, height: height,
      command: "env PS1='$ ' LANG=C.UTF-8 ARTFEED=\(binary.path) \(environment) sh")
    try tmux.waitFor("the shell prompt") { $0.contains { $0.hasPrefix("$") } }
    return tmux
  }

  /// What `artfeed render` prints for the same state: the interactive screen must equal it.
  func render(_ arguments: [String]) throws -> [String] {
    let process = Process()
    process.executableURL = Paths.artfeed
    process.arguments = ["render"] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  func trimmed(_ lines: [String]) -> [String] {
    lines.map { line in
      var line = Substring(line)
      while line.last == " " { line = line.dropLast() }
      return String(line)
    }
  }

  func expectFits(_ screen: [String], width: Int, _ step: String) {
    for line in screen {
      #expect(DisplayWidth.of(line) <= width, "\(step): line wider than \(width): \(line)")
    }
  }

  /// The words of `title` appear on screen in order, across wrapped lines: re-wrapped, not cut.
  func expectWholeTitle(_ title: String, on screen: [String], _ step: String) {
    let text = screen.joined(separator: " ").split(whereSeparator: { $0 == " " || $0 == "│" || $0 == "┃" })
      .joined(separator: " ")
    let words = Sanitizer.clean(title).split(separator: " ").map(String.init)
    var rest = Substring(text)
    for word in words {
      guard let range = rest.range(of: word) else {
        Issue.record("\(step): title word “\(word)” of “\(title)” missing from:\n\(screen.joined(separator: "\n"))")
        return
      }
      rest = rest[range.upperBound...]
    }
  }

  /// True once the app has drawn at this size: tmux clips the old frame on a resize, so the
  /// scrollbar in the last column of every list line is the sign of a new frame.
  func redrawn(_ screen: [String], width: Int, height: Int) -> Bool {
    guard screen.count == height, height >= 3 else { return false }
    return screen[1..<(height - 1)].allSatisfy { line in
      DisplayWidth.of(line) == width && (line.last == "│" || line.last == "█")
    }
  }

  @Test("tmux is available when the end-to-end tests are required")
  func required() {
    if Tmux.isRequired { #expect(Tmux.executable != nil) }
  }

  @Test("browse, search an artist, open and close an item, resize, quit with the terminal sane")
  func session() throws {
    let tmux = try shell(width: 100, height: 30)
    try tmux.type("$ARTFEED; echo EXIT=$?")
    try tmux.send("Enter")

    // The first screen is the popular feed, exactly as `render` draws it.
    let first = try tmux.waitFor("the popular feed") { $0.first?.contains("artfeed: Popular") == true && $0.last?.contains("1/") == true }
    #expect(trimmed(first) == trimmed(try render(["--width", "100", "--height", "30"])))

    // Search by artist as you type; only that artist's items, as `render --artist` lists them.
    try tmux.send("/")
    try tmux.type("inkwell")
    try tmux.waitFor("search results") { $0.first?.contains("Artist: inkwell") == true }
    try tmux.send("Enter")
    let found = try tmux.waitFor("the kept search") { $0.last?.contains("Esc all items") == true }
    let expected = try render(["--artist", "inkwell", "--width", "100", "--height", "30"])
    #expect(Array(trimmed(found).dropLast()) == Array(trimmed(expected).dropLast()))
    #expect(found.first?.contains("items") == true)

    // Open the second item and close it again.
    try tmux.send("j")
    let beforeDetail = try tmux.waitFor("selection moved") { $0.last?.contains("2/") == true }
    try tmux.send("Enter")
    try tmux.waitFor("the detail view") { screen in screen.contains { $0.contains("by inkwell-moth") } }
    try tmux.send("Escape")
    let back = try tmux.waitFor("the list again") { $0.last?.contains("2/") == true }
    #expect(back == beforeDetail)

    // Resize: every line fits, the selected title is re-wrapped whole, and it stays on screen.
    let selectedTitle = try Bundled.items(byArtist: "inkwell")[1].title ?? "[No Title]"
    for (width, height) in [(50, 30), (120, 30), (20, 10)] {
      try tmux.resize(width: width, height: height)
      let screen = try tmux.waitFor("resize to \(width)x\(height)") {
        redrawn($0, width: width, height: height) && $0.last?.contains("2/") == true
      }
      expectFits(screen, width: width, "\(width)x\(height)")
      expectWholeTitle(selectedTitle, on: screen, "\(width)x\(height)")
    }

    // Quit: back to the full list, then out, with the shell prompt and a sane terminal.
    try tmux.send("q")
    try tmux.waitFor("the full list") { $0.first?.contains("Popular") == true }
    try tmux.send("q")
    try tmux.waitFor("the exit status") { $0.contains("EXIT=0") }
    try tmux.type("clear; stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(echo|icanon)' | sed 's/^/FLAG:/'")
    try tmux.send("Enter")
    let sane = try tmux.waitFor("stty") { $0.filter { $0.hasPrefix("FLAG:") }.count == 2 }
    #expect(sane.filter { $0.hasPrefix("FLAG:") }.sorted() == ["FLAG:echo", "FLAG:icanon"])
  }
}
