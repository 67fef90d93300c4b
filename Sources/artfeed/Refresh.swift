import ArgumentParser
import FeedModel
import Foundation
import Subscriptions

/// `artfeed refresh`: fetches every subscription now, a few at a time, into the cache.
struct Refresh: FeedsFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "refresh",
    abstract: "Fetch every subscription now and report each feed's state.",
    discussion: """
      Feeds are fetched --jobs at a time into the cache the browser reads (conditional \
      requests; a feed that cannot be fetched keeps its cached copy). One line per feed as it \
      finishes, then one line saying what the refresh came to ("Refreshed 3 feeds", \
      "Refresh failed: 3 feeds could not be fetched (...); showing cached copies") and the \
      number of items in "All items". Exit status: 0 every feed was fetched (a local file \
      counts); 75 some could not be fetched; 69 none could (cached copies or not); 73 a \
      fetched copy could not be saved in the cache.
      """,
    version: Artfeed.version)

  @Option(parsing: .unconditional, help: "Feeds fetched at once (1 to 64).")
  var jobs = 4

  /// The most requests at once (each holds up to a 50 MB body).
  static let maxJobs = 64

  @OptionGroup var network: NetworkOptions

  func validate() throws {
    guard (1...Self.maxJobs).contains(jobs) else {
      throw ValidationError("--jobs must be from 1 to \(Self.maxJobs)")
    }
  }

  func run(_ access: FeedsFileAccess) throws(CommandFailure) {
    let subscriptions = try access.load()?.subscriptions ?? []
    guard !subscriptions.isEmpty else {
      say("no subscriptions in \(access.location.path)")
      return
    }
    let refresher = SubscriptionRefresher(loader: FeedSources.loader(network), limit: jobs)
    let results = runBlocking {
      await refresher.refresh(subscriptions) { progress in
        let source = progress.latest.subscription.source
        // The line names the feed: its state need not say the address again.
        say(
          "[\(progress.done)/\(progress.total)] \(source): "
            + progress.latest.state.summary(source: source))
      }
    }
    // Each list's items hashed once: what the state records, and what All items counts
    // (each item once), without merging and sorting the lists to count them.
    let keys = results.map { $0.list?.chunks.map(ItemKey.init) }
    StateAccess.record(results, keys: keys)
    let allItems = Set(keys.lazy.compactMap { $0 }.joined()).count
    let summary = RefreshSummary(
      results.map(\.state), sources: results.map(\.subscription.source))
    // One line says what happened; the exit status follows the same counts (no second
    // message on standard error saying it again).
    say(summary.line + "; \(allItems) items in \(AllItems.title)")
    let code = summary.exitCode
    if code != 0 { throw .quiet(code) }
  }
}
