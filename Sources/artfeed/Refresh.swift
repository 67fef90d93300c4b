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
      requests; a failed feed keeps its cached copy). One line per feed as it finishes, then \
      a summary with the number of items in "All items". A feed fetched but not saved (a \
      full disk) says so. Exit status: 0 when every feed was fetched (or is a local file); \
      75 when some failed (a cached copy counts as failed when the network failed); 69 when \
      every feed failed; 73 when a fetched copy could not be saved in the cache.
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
        // The line names the feed: its error need not say the address again.
        var state = progress.latest.state.summary()
        if state.hasPrefix("error: " + source + ": ") {
          state = "error: " + state.dropFirst("error: \(source): ".count)
        }
        say("[\(progress.done)/\(progress.total)] \(source): \(state)")
      }
    }
    StateAccess.record(results)
    let all = AllItems.merge(results.compactMap(\.list))
    let states = results.map(\.state)
    let unsaved = states.filter { if case .unsaved = $0 { true } else { false } }.count
    let fresh = states.filter { $0 == .fresh || $0 == .local }.count + unsaved
    let failed = states.filter { if case .failed = $0 { true } else { false } }.count
    say(
      "\(results.count) feeds: \(fresh) fresh, \(results.count - fresh - failed) cached, "
        + "\(failed) failed; \(all.items.count) items in \(AllItems.title)")
    if failed == results.count { throw .unavailable("every feed failed") }
    if unsaved > 0 {
      throw .cannotWrite(
        "\(unsaved) of \(results.count) feeds were fetched but could not be saved in the cache")
    }
    let notFetched = results.count - fresh
    if notFetched > 0 {
      throw .temporaryFailure(
        "\(notFetched) of \(results.count) feeds could not be fetched (\(failed) failed, "
          + "\(notFetched - failed) shown from the cache); try again later")
    }
  }
}
