import ArgumentParser
import FeedStore
import Foundation

/// `artfeed refresh`: fetches every subscription now, a few at a time, into the cache.
struct Refresh: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Fetch every subscription now and report each feed's state.",
    discussion: """
      Feeds are fetched --jobs at a time into the cache the browser reads (conditional
      requests; a failed feed keeps its cached copy). One line per feed as it finishes, then
      a summary with the number of items in "All items". A feed fetched but not saved (a
      full disk) says so. Exit status: 0; 69 when every feed failed; 73 when a fetched copy
      could not be saved in the cache.
      """,
    version: Artfeed.version)

  @Option(help: "Feeds fetched at once (1 to 64).")
  var jobs = 4

  /// The most requests at once (each holds up to a 50 MB body).
  static let maxJobs = 64

  @OptionGroup var network: NetworkOptions

  func validate() throws {
    guard (1...Self.maxJobs).contains(jobs) else {
      throw ValidationError("--jobs must be from 1 to \(Self.maxJobs)")
    }
  }

  func run() throws {
    do {
      try refresh()
    } catch let failure {
      fail(failure)
    }
  }

  private func refresh() throws(CommandFailure) {
    let access = try FeedsFileAccess()
    let subscriptions = try access.load()?.subscriptions ?? []
    guard !subscriptions.isEmpty else {
      say("no subscriptions in \(access.location.path)")
      return
    }
    let refresher = SubscriptionRefresher(loader: FeedSources.loader(network), limit: jobs)
    let results = runBlocking {
      await refresher.refresh(subscriptions) { progress in
        let state = progress.latest.state.summary()
        say("[\(progress.done)/\(progress.total)] \(progress.latest.subscription.source): \(state)")
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
  }
}
