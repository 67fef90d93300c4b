import FeedCore
import FeedModel

/// Where an items page's list comes from, so the run loop knows whom to ask for a reload,
/// a search or a next page.
public enum SourceKey: Sendable, Hashable {
  /// The browser's one source: a feed given on the command line, an endpoint, the bundled
  /// feeds.
  case main
  /// One subscription, by its place in the feeds file's list.
  case feed(Int)
  /// Every subscription merged.
  case allItems
  /// The starred items among every subscription's.
  case starred
}

/// The pages on screen, bottom first: the feed list (with subscriptions), a list of items,
/// an open item. Only the top one is drawn and gets keys; the ones below keep their state,
/// so going back finds the selection where it was.
///
/// The order is fixed, so the stack is three optional levels rather than an array: an item
/// is opened from an items page, an items page from the feed list (or it is the first page).
struct PageStack {
  var feeds: FeedListPage?
  var items: ItemsPage?
  var item: DetailState?

  enum Top { case feeds, items, item }

  var top: Top {
    if item != nil { return .item }
    if items != nil { return .items }
    return .feeds
  }

  /// The pages below the top one: Esc or q can go back.
  var canGoBack: Bool {
    item != nil || (items != nil && feeds != nil)
  }
}
