import FeedCore
import FeedModel
import Foundation

/// The feed list page and what moves between it and the items page: opening a feed, going
/// back, reading and refreshing subscriptions, and a refresh landing under the reader.
extension AppState {
  /// Reads every subscription (cached copies at once, the never-fetched fetched); with the
  /// settings' `refresh-on-start`, every feed is refreshed once they are read.
  public mutating func startOpeningFeeds() -> [Command] {
    guard pages.feeds != nil else { return [] }
    feedsGeneration += 1
    if settings.refreshOnStart { refreshAfterOpening = feedsGeneration }
    pages.feeds?.beginReading([])
    return [.openFeeds(generation: feedsGeneration)]
  }

  /// The settings' refresh interval passed: every subscription is refreshed (unless a read
  /// or refresh is under way), or a feed from the network is loaded again; files and the
  /// bundled feeds are left alone.
  mutating func refreshBecauseDue() -> [Command] {
    if let page = pages.feeds {
      return page.isReading ? [] : startRefreshing([])
    }
    guard let page = pages.items, !page.isLoading, page.source == .main,
      (page.feed ?? page.list).freshness != .local
    else { return [] }
    return startLoading()
  }

  /// `R` (every feed, `feeds` empty) or `r` on a feed: fetch them now. A refresh already
  /// under way is replaced (its requests are cancelled).
  mutating func startRefreshing(_ feeds: [Int]) -> [Command] {
    guard let page = pages.feeds else { return [] }
    let wasReading = page.isReading
    feedsGeneration += 1
    pages.feeds?.endReading()
    pages.feeds?.beginReading(feeds.isEmpty ? Array(0..<page.feedCount) : feeds)
    status = nil
    return (wasReading ? [.cancel(.feeds)] : []) + [
      .refreshFeeds(generation: feedsGeneration, feeds)
    ]
  }

  /// Opens the starred items of every feed: a page whose load the runtime answers.
  mutating func openStarred() -> [Command] {
    var items = ItemsPage(
      list: ItemList(title: "Starred", items: [], metrics: settings.rowMetrics), source: .starred,
      generationsFrom: generationFloor, keys: keys)
    items.resize(columns: width, lines: listHeight)
    pages.items = items
    pages.item = nil
    status = nil
    return startLoading()
  }

  /// Keys on the feed list.
  mutating func handleFeeds(_ action: Action) -> [Command] {
    guard var page = pages.feeds else { return [] }
    status = nil
    let outcome = page.handle(action)
    pages.feeds = page
    switch outcome {
    case .none: return []
    case .open(let entry): return openEntry(entry) + countCommands()
    case .openStarred: return openStarred()
    case .refresh(let feeds): return startRefreshing(feeds) + stateRefresh()
    case .search:
      let commands = openEntry(0)
      pages.items?.openedForSearch = true
      pages.items?.beginPrompt()
      return commands
    case .help:
      overlay = .help(top: 0)
      return []
    case .quit:
      return [.quit]
    case .togglePictures:
      return togglePictures()
    case .tagFilter:
      let page = pages.feeds
      if let tag = page?.tagFilter {
        status =
          "Feeds tagged “\(tag)”: \(page?.shownFeedCount ?? 0)"
          + (keys.label(.nextTag).map { " (\($0): the next tag)" } ?? "")
      } else {
        status = page?.allTags.isEmpty == true ? "No feed has a tag" : "Every feed"
      }
      return []
    case .notHere(let message):
      status = message
      return []
    }
  }

  /// Opens entry `entry` of the feed list: "All items" (0) or a feed, as an items page over
  /// the feed list, from the lists already read.
  mutating func openEntry(_ entry: Int) -> [Command] {
    guard let page = pages.feeds, page.entries.indices.contains(entry) else { return [] }
    let loaded: LoadedList
    let source: SourceKey
    if entry == 0 {
      loaded = AllItems.merge(page.lists)
      source = .allItems
    } else {
      let feed = page.entries[entry]
      guard var list = feed.list else {
        if case .failed(let reason) = feed.state {
          // The row says which feed: the reason need not repeat its address.
          status =
            "Error: cannot open it: \(FeedListPage.withoutSource(reason, feed.source))"
            + (keys.label(.reload).map { " (\($0) tries again)" } ?? "")
        } else {
          status =
            "Nothing read from this feed yet"
            + (keys.label(.reload).map { " (\($0) refreshes it)" } ?? "")
        }
        return []
      }
      list.title = feed.title
      loaded = list
      source = .feed(entry - 1)
    }
    var items = ItemsPage(
      list: ItemList(loaded, metrics: settings.rowMetrics), source: source,
      generationsFrom: generationFloor, keys: keys)
    items.resize(columns: width, lines: listHeight)
    pages.items = items
    pages.item = nil
    return []
  }

  /// Esc or q on an items page over the feed list: back to the list, its selection where it
  /// was; whatever the items page had under way stops.
  mutating func closeItemsPage() -> [Command] {
    guard let page = pages.items else { return [] }
    var commands: [Command] = []
    if page.isLoading { commands.append(.cancel(.load)) }
    if page.isSearching { commands.append(.cancel(.search)) }
    if page.list.pageInFlight != nil || page.feed?.pageInFlight != nil {
      commands.append(.cancel(.page))
    }
    // Answers still on their way for this page match no later page.
    generationFloor = max(generationFloor, page.lastGeneration + 1)
    commands += visitCommands()
    pages.items = nil
    pages.item = nil
    status = nil
    return commands + countCommands()
  }

  // MARK: - Results

  /// One subscription was read or refreshed: its line changes, and if its items (or "All
  /// items") are the page under the feed list, they change there too, keeping the reader's
  /// place.
  mutating func feedArrived(generation: Int, feed: Int, _ refresh: FeedRefresh) {
    guard generation == feedsGeneration, pages.feeds != nil else { return }
    pages.feeds?.feedRead(feed, refresh)
    if itemsSource == .feed(feed), topPage != .feeds {
      // The reader is on this feed's page: the status line says how its refresh went.
      switch refresh.result {
      case .failure(let error) where error.kind != .cancelled:
        status = "Error: \(error.description)"
      case .success(let loaded):
        if case .cached(_, let reason) = loaded.freshness {
          status = "Showing the cached copy: \(reason)"
        }
      default: break
      }
    }
    guard refresh.list != nil, let page = pages.feeds else { return }
    // While a read or refresh runs, "All items" is counted once at its end (counting is
    // O(items), and a hundred feeds come back one by one).
    if !page.isReading { recountAllItems() }
    switch itemsSource {
    case .feed(feed):
      guard var list = page.entries[feed + 1].list else { return }
      list.title = page.entries[feed + 1].title
      replaceItems(with: list)
    case .allItems:
      replaceItems(with: AllItems.merge(page.lists))
    default:
      break
    }
  }

  /// A feed read or refreshed has its items recorded (counted once the read ends).
  func observeCommands(generation: Int, feed: Int, _ refresh: FeedRefresh) -> [Command] {
    guard generation == feedsGeneration, marks != nil, let list = refresh.list,
      let key = subscriptionKey(feed)
    else { return [] }
    return [.observe(key, list.chunks, complete: true)]
  }

  /// The read or refresh ended; the status line says how it went. The first read, with
  /// `refresh-on-start`, goes on to refresh every feed.
  mutating func feedsFinished(generation: Int) -> [Command] {
    guard generation == feedsGeneration, let page = pages.feeds else { return [] }
    pages.feeds?.endReading()
    recountAllItems()
    if refreshAfterOpening == generation {
      refreshAfterOpening = nil
      return startRefreshing([])
    }
    // Only the feeds this read or refresh covered: `r` on a feed that worked says nothing of
    // the others that failed before (their rows still say so).
    let failed = page.failedCount
    if failed > 0, topPage == .feeds {
      status = failed == 1 ? "Error: 1 feed failed" : "Error: \(failed) feeds failed"
    }
    return []
  }

  /// A refreshed list for the items page: replaces the feed's list (on screen, or under a
  /// search) with the reader's place kept by identity. A load of the page's own brings its
  /// list itself.
  mutating func replaceItems(with loaded: LoadedList) {
    guard pages.items?.isLoading == false else { return }
    pages.items?.replaceItems(with: loaded)
  }

  /// A feed's own page reloaded it (`r` there): the feed list shows the new state.
  mutating func noteItemsReloaded(_ loaded: LoadedList) {
    guard case .feed(let feed) = itemsSource, pages.feeds != nil else { return }
    pages.feeds?.feedReloaded(feed, loaded)
    recountAllItems()
  }

  /// The number of items in "All items": every feed's, each `ItemID` once.
  private mutating func recountAllItems() {
    guard let page = pages.feeds else { return }
    var seen = Set<ItemID>()
    for list in page.lists {
      for item in list.chunks { seen.insert(ItemID(item)) }
    }
    pages.feeds?.setAllItemsCount(seen.count)
  }
}
