import FeedModel

/// The reads and refreshes of subscriptions: which one is under way (its generation matches
/// the answers to it), and the refresh that `refresh-on-start` follows the first read with.
/// Its update returns the runtime's work and the news for the pages (the feed list shows
/// the reading; a subscription's page takes its new list).
struct FeedRefreshing {
  /// Matches a read or refresh to its answers.
  private(set) var generation = 0
  /// A read or refresh is under way.
  private(set) var isReading = false
  /// The read of subscriptions that `refresh-on-start` follows with a refresh.
  private var refreshAfter: Int?

  /// What a step asks: work for the runtime and news for the pages.
  struct Step {
    var commands: [Command] = []
    var news: [PageEvent] = []
  }

  /// Reads every subscription (cached copies at once, the never-fetched fetched).
  mutating func open(thenRefresh: Bool) -> Step {
    generation += 1
    isReading = true
    if thenRefresh { refreshAfter = generation }
    return Step(
      commands: [.openFeeds(generation: generation)], news: [.feedsReading([], refresh: false)])
  }

  /// `R` (every feed, `feeds` empty) or `r` on a feed: fetch them now. A refresh already
  /// under way is replaced (its requests are cancelled).
  mutating func refresh(_ feeds: [Int], feedCount: Int) -> Step {
    let wasReading = isReading
    generation += 1
    isReading = true
    return Step(
      commands: (wasReading ? [.cancel(.feeds)] : []) + [
        .refreshFeeds(generation: generation, feeds)
      ],
      news: [.feedsReading(feeds.isEmpty ? Array(0..<feedCount) : feeds, refresh: true)])
  }

  /// One subscription came back: news for the pages when it belongs to the refresh under
  /// way.
  func read(generation: Int, feed: Int, _ refresh: FeedRefresh) -> [PageEvent] {
    generation == self.generation ? [.feedRead(feed: feed, refresh)] : []
  }

  /// The read or refresh of `generation` ended: the news for the pages, and whether the
  /// first read is followed by a refresh of every feed.
  mutating func ended(generation: Int) -> (news: [PageEvent], refreshesNext: Bool)? {
    guard generation == self.generation else { return nil }
    isReading = false
    let next = refreshAfter == generation
    if next { refreshAfter = nil }
    return ([.feedsReadingEnded], next)
  }
}
