import ArgumentParser
import Foundation
import Subscriptions

/// `artfeed add SOURCE [--tag T]... [--title T]`: subscribes to a feed.
struct Add: FeedsFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Subscribe to a feed: add a line to the feeds file.",
    discussion: """
      The feeds file is $XDG_CONFIG_HOME/artfeed/feeds (else ~/.config/artfeed/feeds); it is \
      created if missing, and every other line of it is kept as it was. A path is written \
      absolute. Exit status: 0 added, 1 already subscribed, 66 a file that cannot be read, \
      73 the feeds file cannot be written.
      """,
    version: Artfeed.version)

  @Argument(help: "An http(s) URL or a feed file.", completion: .file())
  var source: String

  @Option(name: .customLong("tag"), help: "A tag (repeat for more).")
  var tags: [String] = []

  @Option(help: "A title that replaces the feed's own.")
  var title: String?

  @Option(
    help: "Subscribe on this sync account (its server) instead; --tag is its folder.",
    completion: .accountNames)
  var account: String?

  func run() throws {
    do throws(CommandFailure) {
      if let account {
        return try AccountSubscriptions.add(source, folder: tags.first, account: account)
      }
      try run(FeedsFileAccess())
    } catch {
      fail(error)
    }
  }

  func run(_ access: FeedsFileAccess) throws(CommandFailure) {
    let written = FeedsFileAccess.source(source)
    // A typo in a path fails now, not at the next refresh (a `~/` path is checked then).
    if !written.hasPrefix("~") { _ = try FeedSources.address(written) }
    let added = try access.edit { file, _ throws(CommandFailure) in
      do throws(SubscriptionError) {
        return try file.add(written, tags: tags, title: title)
      } catch {
        throw CommandFailure(error)
      }
    }
    say("subscribed to \(added.source) (\(access.location.path) line \(added.line))")
  }
}
