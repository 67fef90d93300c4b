import ArgumentParser
import FeedModel
import Foundation
import Subscriptions

/// `artfeed feeds`: the subscriptions and when each was last fetched.
struct Feeds: FeedsFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "feeds",
    abstract: "List the subscriptions with their last fetch.",
    discussion: """
      One line per feed: its state ("fetched 3 h ago", "failed 2 min ago", "never fetched", \
      "local file", or "retry in 5 min" while its server asked artfeed to wait), its title \
      (the feeds file's ~title, else the feed's own once a fetch has read it), its tags, \
      "N/M unread" once artfeed has recorded the feed's items, its source, and the last \
      error when the last fetch failed. Nothing is fetched. --tag lists the feeds with that \
      tag only. Lines of the feeds file artfeed cannot read are reported on standard error.
      """,
    version: Artfeed.version)

  @Option(help: "List only the feeds with this tag.")
  var tag: String?

  func run(_ access: FeedsFileAccess) throws(CommandFailure) {
    let file = try access.load()
    let now = Date()
    let counts = Self.unreadCounts()
    let accountRows = Self.accountRows(counts, tag: tag, now: now)
    guard file != nil || !accountRows.isEmpty else {
      say(
        "no subscriptions: \(access.location.path) does not exist; artfeed opens its bundled feeds")
      say("(artfeed init copies an example there; artfeed add URL subscribes to a feed)")
      return
    }
    let cache = access.cache
    let chosen = (file?.subscriptions ?? []).filter { tag == nil || $0.tags.contains(tag ?? "") }
    let rows =
      chosen.map { subscription in
        let status = SubscriptionStatus(subscription, cache: cache, now: now)
        return (
          status.state,
          Self.describe(
            subscription, title: status.title, unread: Self.unread(subscription, counts))
            + (status.error.map { "  error: \($0)" } ?? "")
        )
      } + accountRows
    let width = rows.map(\.0.count).max() ?? 0
    var output = ""
    for (status, text) in rows {
      output += status.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + text + "\n"
    }
    if rows.isEmpty, let tag {
      output = "no subscriptions tagged “\(tag)” in \(access.location.path)\n"
    } else if rows.isEmpty {
      output = "no subscriptions in \(access.location.path)\n"
    }
    TerminalText.write(output)
  }

  /// The title (the `~` title, else the feed's own `known` one), `[tags]`, `(hidden)`, then
  /// the source; a feed with no title yet is its source alone.
  static func describe(
    _ subscription: Subscription, title known: String? = nil, unread: String = ""
  ) -> String {
    let title = subscription.title ?? known.flatMap { $0.isEmpty ? nil : $0 }
    var text = title ?? subscription.source
    if !subscription.tags.isEmpty { text += " [" + subscription.tags.joined(separator: ", ") + "]" }
    if subscription.hidden { text += " (hidden)" }
    text += unread
    if title != nil { text += "  " + subscription.source }
    return text
  }
}
