import ArgumentParser
import FeedStore
import Foundation

/// `artfeed feeds`: the subscriptions and when each was last fetched.
struct Feeds: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the subscriptions with their last fetch.",
    discussion: """
      One line per feed: its state ("fetched 3 h ago" from the cache, "never fetched", or
      "local file"), the source, then the title and tags the feeds file gives it, and
      "N/M unread" once artfeed has recorded the feed's items. Nothing is fetched. Lines of the feeds file artfeed cannot read are reported on standard error.
      """,
    version: Artfeed.version)

  func run() throws {
    do {
      try list()
    } catch let failure {
      fail(failure)
    }
  }

  private func list() throws(CommandFailure) {
    let access = try FeedsFileAccess()
    let file = try access.load()
    let now = Date()
    let counts = Self.unreadCounts()
    let accountRows = Self.accountRows(counts, now: now)
    guard file != nil || !accountRows.isEmpty else {
      say(
        "no subscriptions: \(access.location.path) does not exist; artfeed opens its bundled feeds")
      say("(artfeed init copies an example there; artfeed add URL subscribes to a feed)")
      return
    }
    let cache = access.cache
    let rows =
      (file?.subscriptions ?? []).map { subscription in
        (
          SubscriptionStatus.describe(subscription, cache: cache, now: now),
          Self.describe(subscription) + Self.unread(subscription, counts)
        )
      } + accountRows
    let width = rows.map(\.0.count).max() ?? 0
    var output = ""
    for (status, text) in rows {
      output += status.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + text + "\n"
    }
    if rows.isEmpty { output = "no subscriptions in \(access.location.path)\n" }
    TerminalText.write(output)
  }

  /// The source, then `"Title"`, `[tags]` and `(hidden)` when there are any.
  static func describe(_ subscription: Subscription) -> String {
    var text = subscription.source
    if let title = subscription.title { text += " \"\(title)\"" }
    if !subscription.tags.isEmpty { text += " [" + subscription.tags.joined(separator: ", ") + "]" }
    if subscription.hidden { text += " (hidden)" }
    return text
  }
}
