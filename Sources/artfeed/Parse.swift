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
    if json {
      // Streamed in 64 KiB pieces: the model is never held together with its whole JSON.
      feed.writeJSON(terminator: "\n") { Parse.writeToStandardOutput($0) }
      return
    }
    let output = feed.listingLines().map { $0 + "\n" }.joined()
    FileHandle.standardOutput.write(Data(output.utf8))
  }

  /// Writes all of `bytes` to file descriptor 1, retrying short and interrupted writes.
  private static func writeToStandardOutput(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard var cursor = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      let written = write(1, cursor, left)
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      cursor += written
      left -= written
    }
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
