import ArgumentParser
import Foundation
import Subscriptions

/// `artfeed import FILE.opml`: subscribes to every feed of an OPML file.
struct Import: FeedsFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Subscribe to every feed of an OPML file.",
    discussion: """
      Every outline with an xmlUrl is a feed; the folders it sits in become its tag (nested \
      folders as one tag, Art/Ink). Feeds already subscribed are left as they are. Prints \
      "imported N feeds, M already subscribed". Exit status: 0 imported, 65 not OPML (the \
      feeds file is not touched), 66 the file cannot be read, 73 the feeds file cannot be \
      written.
      """,
    version: Artfeed.version)

  @Argument(help: "An OPML file (- for standard input).", completion: .file())
  var file: String

  @Option(
    help: "Subscribe this sync account (its server) instead; folders as they are.",
    completion: .accountNames)
  var account: String?

  func run(_ access: FeedsFileAccess) throws(CommandFailure) {
    let data = try read()
    let feeds: [OPMLFeed]
    do {
      feeds = try OPMLReader.feeds(in: data)
    } catch {
      throw .notAFeed("\(file): \(error.description)")
    }
    if let account {
      return try AccountSubscriptions.importFeeds(feeds, account: account)
    }
    let report = try access.edit { subscriptions, _ throws(CommandFailure) in
      subscriptions.importing(feeds)
    }
    for skipped in report.skipped { warn("\(file): \(skipped); skipped") }
    say(report.description)
  }

  /// The largest OPML file read (100,000 outlines or so).
  static let maxBytes = 16 << 20

  private func read() throws(CommandFailure) -> Data {
    let name = file == "-" ? "standard input" : file
    let tooLarge = SubscriptionError.unreadableFile(
      path: name, reason: "is larger than 16 MiB; artfeed reads OPML files up to 16 MiB")
    do throws(SubscriptionError) {
      if file == "-" {
        return try BoundedFile.readAll(
          STDIN_FILENO, path: name, maxBytes: Self.maxBytes, tooLarge: tooLarge)
      }
      guard let data = try BoundedFile.read(file, maxBytes: Self.maxBytes, tooLarge: tooLarge)
      else { throw SubscriptionError.unreadableFile(path: file, reason: "no such file") }
      return data
    } catch {
      throw CommandFailure(error)
    }
  }
}
