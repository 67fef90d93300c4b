import ArgumentParser
import FeedModel
import Foundation
import Subscriptions
import TextLayout

/// `artfeed feeds`: the subscriptions and when each was last fetched.
struct Feeds: FeedsFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "feeds",
    abstract: "List the subscriptions with their last fetch.",
    discussion: """
      One line per feed, in aligned columns: its state ("fetched 3 h ago", "failed 2 min \
      ago", "never fetched", "local file", or "retry in 5 min" while its server asked artfeed \
      to wait; an account's feeds: "synced 3 min ago"), its title (the feeds file's ~title, \
      else the feed's own once a fetch has read it; - before) with its tags, "N/M unread" \
      once artfeed has recorded the feed's items (else -), its source (an account's feed: \
      ACCOUNT: URL), and the last error when the last fetch failed. Nothing is fetched. --tag lists the feeds with that \
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
        return Row(
          state: status.state, title: Self.title(subscription, known: status.title),
          unread: Self.unread(subscription, counts), source: subscription.source,
          error: status.error)
      } + accountRows
    var output = Self.table(rows)
    if rows.isEmpty, let tag {
      output = "no subscriptions tagged “\(tag)” in \(access.location.path)\n"
    } else if rows.isEmpty {
      output = "no subscriptions in \(access.location.path)\n"
    }
    TerminalText.write(output)
  }

  /// One line of the listing, for a feed of the feeds file or of an account alike.
  struct Row {
    /// "fetched 3 h ago", "synced 2 min ago", ...
    var state: String
    /// The title with `[tags]` and `(hidden)`; "-" when no title is known yet.
    var title: String
    /// "12/60 unread"; "-" before the state has recorded the feed's items.
    var unread: String
    /// The source (an account's feed: `ACCOUNT: URL`).
    var source: String
    var error: String?
  }

  /// The widest a title column is padded to: a longer title pushes its own line only.
  static let titleColumn = 40

  /// The rows in aligned columns (display cells, so wide characters line up), two blanks
  /// apart: state, title, unread, source, then the error if there is one.
  static func table(_ rows: [Row]) -> String {
    func width(_ column: [String]) -> Int { column.map(DisplayWidth.of).max() ?? 0 }
    func padded(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
    }
    let states = width(rows.map(\.state))
    let titles = min(titleColumn, width(rows.map(\.title)))
    let unread = width(rows.map(\.unread))
    return rows.map { row in
      padded(row.state, states) + "  " + padded(row.title, titles) + "  "
        + padded(row.unread, unread) + "  " + row.source
        + (row.error.map { "  error: \($0)" } ?? "") + "\n"
    }.joined()
  }

  /// The title column: the `~` title, else the feed's own `known` one ("-" for none yet),
  /// `[tags]`, `(hidden)`.
  static func title(_ subscription: Subscription, known: String?) -> String {
    var text = subscription.title ?? known.flatMap { $0.isEmpty ? nil : $0 } ?? "-"
    if !subscription.tags.isEmpty { text += " [" + subscription.tags.joined(separator: ", ") + "]" }
    if subscription.hidden { text += " (hidden)" }
    return text
  }
}
