import ArgumentParser
import FeedCore
import Foundation

/// `artfeed parse SOURCE [--json]`: the parsed model, for people and scripts.
struct Parse: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Parse a feed and print its items.",
    discussion: """
      Prints one line per item (date, author, title), or the whole model with --json.
      Exit status: 0 parsed (warnings go to standard error), 65 not a feed, 66 cannot read.
      """)

  @Argument(help: "A feed file, or - for standard input.")
  var source: String

  @Flag(help: "Print the model as JSON.")
  var json = false

  func run() throws {
    let feed: Feed
    do {
      feed = try parseSource()
    } catch let failure {
      fail(failure)
    }
    for warning in feed.warnings {
      FileHandle.standardError.write(Data("artfeed: warning: \(warning)\n".utf8))
    }
    let output = json ? feed.jsonString() + "\n" : feed.listingLines().map { $0 + "\n" }.joined()
    FileHandle.standardOutput.write(Data(output.utf8))
  }

  private func parseSource() throws(CommandFailure) -> Feed {
    do {
      if source == "-" {
        return try FeedParser.parse(fileHandle: FileHandle.standardInput)
      }
      return try FeedParser.parse(contentsOf: URL(fileURLWithPath: source))
    } catch {
      let name = source == "-" ? "standard input" : source
      if error.isUnreadable { throw .unreadable("\(name): \(error.description)") }
      throw .notAFeed("\(name): \(error.description)")
    }
  }
}
