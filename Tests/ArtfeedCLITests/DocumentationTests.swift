import ArgumentParser
import Foundation
import Settings
import Testing

@testable import artfeed

/// README, `help` and what the code does say the same thing (issue 31: a reader trips on the
/// first place where they disagree).
@Suite("README and help agree")
struct DocumentationTests {
  /// README's text with every run of blanks and line ends as one space.
  static let readme: String = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return flattened(text)
  }()

  static func flattened(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
  }

  @Test("the order of a sync's steps: README's sentence is help sync's, and the abstract's order")
  func syncSteps() {
    #expect(!Self.readme.isEmpty)
    #expect(Self.readme.contains(Self.flattened(Sync.steps)), "README lacks: \(Sync.steps)")
    #expect(Sync.configuration.discussion.contains(Sync.steps))
    let abstract = Sync.configuration.abstract
    let marks = abstract.range(of: "server's marks")?.lowerBound
    let send = abstract.range(of: "send marks")?.lowerBound
    #expect(marks != nil && send != nil && marks! < send!, "\(abstract)")
  }

  @Test("the theme's default: README says auto, and artfeed config prints auto")
  func themeDefault() throws {
    #expect(Self.readme.contains("theme = light # dark, light, or auto (COLORFGBG; the default)"))
    let settings = try Settings.make(text: nil, path: nil, environment: [:], knownActions: [])
      .settings
    let text = settings.describe(location: nil, keys: [])
    let line = text.split(separator: "\n").first { $0.hasPrefix("theme = ") } ?? ""
    #expect(line.hasPrefix("theme = auto ") && line.hasSuffix("# default, dark here"), "\(line)")
  }

  @Test("refresh's exit status: the same rule in README and in help refresh")
  func refreshExitStatus() {
    let help = Self.flattened(Refresh.configuration.discussion)
    for rule in [
      "0 every feed was fetched (a local file counts)", "75 some could not be fetched",
      "69 none could (cached copies or not)", "73 a fetched copy could not be saved",
    ] {
      #expect(help.contains(rule), "help refresh lacks “\(rule)”")
    }
    for rule in [
      "exits 0 when every feed was fetched (a local file counts), 75 when some could not be,",
      "69 when none could (cached copies or not), 73 when a fetched copy could not be saved",
    ] {
      #expect(Self.readme.contains(rule), "README lacks “\(rule)”")
    }
  }

  @Test("README lists every package .ci/run installs for the suite")
  func packages() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let script = try String(
      contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
    var packages = Set<String>()
    for match in script.matches(of: /need\+=\(([^)]*)\)/) {
      for word in match.1.split(separator: " ") where !word.contains("$") {
        packages.insert(String(word))
      }
    }
    // `for tool in Xvfb:xvfb ...`: the package after each colon.
    for match in script.matches(of: /for tool in ([^;]*);/) {
      for pair in match.1.split(separator: " ") {
        if let package = pair.split(separator: ":").last { packages.insert(String(package)) }
      }
    }
    // The README picture's font: Scripts/screenshot.py's, not the tests'.
    packages.remove("fonts-dejavu-core")
    #expect(packages.count > 20, "\(packages)")
    for package in packages.sorted() {
      #expect(Self.readme.contains(package), "README does not list \(package)")
    }
  }
}
