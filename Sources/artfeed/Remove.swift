import ArgumentParser
import Foundation
import Subscriptions

/// `artfeed remove SOURCE`: unsubscribes from a feed.
struct Remove: FeedsFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Unsubscribe from a feed: remove its line from the feeds file.",
    discussion: """
      SOURCE is matched as written in the feeds file, or as the same URL or file. Comments and \
      the other lines are kept. Exit status: 0 removed, 1 not subscribed, 73 the feeds file \
      cannot be written.
      """,
    version: Artfeed.version)

  @Argument(help: "The URL or file to unsubscribe from.", completion: .file())
  var source: String

  @Option(
    help: "Unsubscribe on this sync account (SOURCE: its URL, feed/N or title).",
    completion: .accountNames)
  var account: String?

  func run() throws {
    do throws(CommandFailure) {
      if let account { return try AccountSubscriptions.remove(source, account: account) }
      try run(FeedsFileAccess())
    } catch {
      fail(error)
    }
  }

  func run(_ access: FeedsFileAccess) throws(CommandFailure) {
    let removed = try access.edit { file, existed throws(CommandFailure) in
      guard existed else {
        throw .refused(
          "\(source) is not subscribed (there is no feeds file at \(access.location.path))")
      }
      guard
        let match = file.subscription(matching: source)
          ?? file.subscription(matching: FeedsFileAccess.source(source))
      else {
        throw CommandFailure(SubscriptionError.notSubscribed(source: source))
      }
      do throws(SubscriptionError) {
        return try file.remove(match.source)
      } catch {
        throw CommandFailure(error)
      }
    }
    say("unsubscribed from \(removed.source)")
  }
}
