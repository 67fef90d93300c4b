import ArgumentParser
import FeedModel
import Foundation
import Subscriptions

/// `artfeed refresh`: fetches every subscription now, host by host, into the cache.
struct Refresh: FeedsFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "refresh",
    abstract: "Fetch every subscription now and report each feed's state.",
    discussion: """
      Feeds are fetched into the cache the browser reads, up to --jobs at a time in all and \
      two at a time from one host, every host at once (conditional requests; a feed that \
      cannot be fetched keeps its cached copy). One line per feed as it \
      finishes, then one line saying what the refresh came to ("Refreshed 3 feeds", \
      "Refresh failed: 3 feeds could not be fetched (...); showing cached copies") and the \
      number of items in "All items". Exit status: 0 every feed was fetched (a local file \
      counts); 75 some could not be fetched; 69 none could (cached copies or not); 73 a \
      fetched copy could not be saved in the cache.
      """,
    version: Artfeed.version)

  @Option(
    parsing: .unconditional,
    help: "Feeds fetched at once in all (1 to 64; two at a time from one host).")
  var jobs = SubscriptionRefresher.defaultLimit

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
    let recorder = RefreshRecorder()
    let now = Date()
    let results = runBlocking {
      await refresher.refresh(subscriptions) { progress in
        let source = progress.latest.subscription.source
        // The line names the feed: its state need not say the address again.
        say(
          "[\(progress.done)/\(progress.total)] \(source): "
            + progress.latest.state.summary(source: source))
        recorder.record(progress.latest, at: now)
      }
    }
    // Each list's items are hashed once, on the recorder's thread: what the state records,
    // and what All items counts (each item once), without merging and sorting the lists.
    let allItems = recorder.finish()
    let summary = RefreshSummary(
      results.map(\.state), sources: results.map(\.subscription.source))
    // One line says what happened; the exit status follows the same counts (no second
    // message on standard error saying it again).
    say(summary.line + "; \(allItems) items in \(AllItems.title)")
    let code = summary.exitCode
    if code != 0 { throw .quiet(code) }
  }
}
