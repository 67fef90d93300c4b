import ArgumentParser
import Foundation
import Testing

@testable import artfeed

/// The quick reading of everyday command lines must give what argument-parser gives, and
/// leave every other line to argument-parser.
@Suite struct QuickParseTests {
  /// Both readings of `arguments`, property by property (the reflection of the values, which
  /// also names a property the quick reading forgot to set: it would still be a definition).
  private func compare(_ arguments: [String]) throws {
    let quick = try #require(QuickParse.command(arguments), "not read quickly: \(arguments)")
    let full = try Artfeed.parseAsRoot(arguments)
    #expect(type(of: quick) == type(of: full))
    #expect(String(reflecting: quick) == String(reflecting: full), "\(arguments)")
    #expect(!String(reflecting: quick).contains("*definition*"), "\(arguments)")
  }

  @Test(arguments: [
    [],
    ["feed.rss"],
    ["--bundled"],
    ["--offline", "--no-state"],
    ["--no-color", "--no-images", "--no-state", "--bundled", "--offline"],
    ["some/dir/popular.rss", "--no-images"],
    ["--no-images", "https://example.com/rss.xml"],
    ["--pictures", "symbols"],
    ["feed.rss", "--pictures", "kitty", "--no-state"],
    ["--pictures", "none", "--bundled"],
    ["--no-images", "--pictures", "kitty"],
  ])
  func browseLinesMatch(_ arguments: [String]) throws {
    try compare(arguments)
  }

  @Test(arguments: [
    ["render", "--width", "100", "--height", "30"],
    ["render", "--width", "100"],
    ["render", "--height", "30", "--width", "80"],
    ["render", "feed.rss", "--width", "1", "--height", "1000"],
    ["render", "--width", "2000", "--height", "5", "--no-images", "--no-state", "--color"],
    ["render", "--width", "60", "--height", "20", "--bundled", "--offline", "--first-screen"],
    ["render", "--width", "060", "--height", "020"],
    ["render", "--width", "100", "--height", "12", "--read-feeds"],
  ])
  func renderLinesMatch(_ arguments: [String]) throws {
    try compare(arguments)
  }

  /// Lines with anything else go to argument-parser: other spellings, other options, repeated
  /// words, a second SOURCE, subcommands, help and version, values that do not validate.
  @Test(arguments: [
    ["--width=100"],
    ["render", "--width=100", "--height", "30"],
    ["render", "--width", "100", "--width", "100"],
    ["render", "--width", "-3"],
    ["render", "--width", "0"],
    ["render", "--width", "2001"],
    ["render", "--width", "+100"],
    ["render", "--width", "1e2"],
    ["render", "--width"],
    ["render", "--height", "30"],
    ["render", "--width", "100", "--top", "3"],
    ["render", "--width", "100", "--bundled", "feed.rss"],
    ["render", "--width", "100", "a.rss", "b.rss"],
    ["render", "--width", "100", "--", "feed.rss"],
    ["--bundled", "feed.rss"],
    ["--bundled", "--bundled"],
    ["-"],
    ["a.rss", "b.rss"],
    ["feeds"],
    ["help"],
    ["config"],
    ["--help"],
    ["--version", "--version"],
    ["render", "--version"],
    ["-h"],
    ["--pictures", "pixels"],
    ["--pictures"],
    ["--pictures", "-x"],
    ["--pictures", "kitty", "--pictures", "sixel"],
    ["--pictures=kitty"],
    ["render", "--width", "100", "--pictures", "kitty"],
    ["--artist", "moth"],
    ["--endpoint", "http://127.0.0.1/rss.xml"],
  ])
  func otherLinesGoToArgumentParser(_ arguments: [String]) {
    #expect(QuickParse.command(arguments) == nil, "\(arguments)")
  }

  @Test(arguments: [
    ["parse", "feed.rss"],
    ["parse", "feed.rss", "--json"],
    ["parse", "--json", "https://example.com/rss.xml"],
    ["parse", "feed.rss", "--offline", "--json", "--base", "https://bsky.app/profile/a.b"],
    ["parse", "render"],
  ])
  func parseLinesMatch(_ arguments: [String]) throws {
    try compare(arguments)
  }

  @Test(arguments: [
    ["parse"],
    ["parse", "-"],
    ["parse", "a.rss", "b.rss"],
    ["parse", "a.rss", "--json", "--json"],
    ["parse", "a.rss", "--base"],
    ["parse", "a.rss", "--base", "--json"],
    ["parse", "a.rss", "--timeout", "5"],
    ["parse", "--help"],
    ["parse", "a.rss", "--", "b"],
  ])
  func otherParseLinesGoToArgumentParser(_ arguments: [String]) {
    #expect(QuickParse.command(arguments) == nil, "\(arguments)")
  }

  /// `--version` alone prints what argument-parser's `--version` prints.
  @Test func version() throws {
    let quick = try #require(QuickParse.command(["--version"]))
    #expect(quick is QuickParse.Version)
    var said: String?
    do {
      _ = try Artfeed.parseAsRoot(["--version"])
    } catch {
      said = Artfeed.fullMessage(for: error)
      #expect(Artfeed.exitCode(for: error) == .success)
    }
    #expect(said == Artfeed.version)
  }

  /// The names the quick reading will not take as a SOURCE are the commands' names.
  @Test func commandNamesAreTheSubcommands() {
    for name in QuickParse.commandNames where name != "help" {
      #expect(QuickParse.command([name]) == nil, "\(name)")
    }
    #expect(QuickParse.commandNames.contains("render"))
  }
}

@Suite("The environment read once")
struct ProcessEnvironmentTests {
  @Test("processEnvironment is Foundation's environment of this process")
  func sameAsFoundation() {
    #expect(processEnvironment == ProcessInfo.processInfo.environment)
    #expect(!processEnvironment.isEmpty)
  }
}
