import FeedCore
import FeedModel
import Foundation
import Pictures

/// The items page under the page contract: what reaches it besides keys, what it shows the
/// router (pictures, marks, work to stop), and its size.
extension ItemsPage: Page {
  var kind: PageKind { .items }

  /// The page's source, for counts and visits.
  var source: SourceKey? { sourceKey }

  mutating func resize(width: Int, height: Int) {
    resize(columns: width, lines: max(0, height - 2))
  }

  mutating func handle(_ mouse: MouseEvent, context: PageContext) -> PageOutcome {
    guard prompt == nil else { return PageOutcome() }
    return handle(mouse, y: mouse.y - 1, context: context)
  }

  mutating func apply(_ event: PageEvent, context: PageContext) -> PageOutcome {
    switch event {
    case .work(let work):
      if case .loaded(let generation, let result) = work {
        guard generation == loadGeneration else { return PageOutcome() }
        // Applied first: `loaded` reads the list the load ended with.
        let outcome = apply(work)
        return loaded(result, outcome: outcome)
      }
      return apply(work)
    case .feedRead(let feed, let refresh):
      // The reader is on this feed's page: the status line says how its refresh went.
      guard sourceKey == .feed(feed) else { return PageOutcome() }
      switch refresh.result {
      case .failure(let error) where error.kind != .cancelled:
        return PageOutcome(status: "Error: \(error.description)")
      case .success(let loaded):
        if case .cached(_, let reason) = loaded.freshness {
          return PageOutcome(status: "Showing the cached copy: \(reason)")
        }
      default: break
      }
    case .subscriptionsChanged(let feed, let title, let lists):
      guard !isLoading else { return PageOutcome() }
      switch sourceKey {
      case .feed(let shown) where feed == shown && lists.indices.contains(shown):
        guard var list = lists[shown] else { return PageOutcome() }
        if let title { list.title = title }
        replaceItems(with: list)
      case .allItems where feed == nil:
        // Merged once per read or refresh, at its end (not once per feed that comes back).
        let shown = onlyFeeds.map { $0.map { lists.indices.contains($0) ? lists[$0] : nil } }
        var merged = AllItems.merge((shown ?? lists).compactMap { $0 })
        // Narrowed to a tag's feeds, the page keeps the title that says so.
        if onlyFeeds != nil { merged.title = (self.feed ?? list).title }
        replaceItems(with: merged)
      default: break
      }
    case .viewShownRead(let isShown):
      list.isMarkedRead = isShown
      feed?.isMarkedRead = isShown
    case .reloadDue:
      guard !isLoading, sourceKey == .main, (feed ?? list).freshness != .local else {
        return PageOutcome()
      }
      return PageOutcome(startLoading())
    case .viewerClosed(let item, let note):
      guard context.isOnTop else { return PageOutcome() }
      list.select(matching: item)
      if let note { return PageOutcome(status: note) }
    case .feedsReading, .feedsReadingEnded, .feedReloaded, .stateAttached, .followingCounted:
      break
    }
    return PageOutcome()
  }

  /// The page's load ended: the router records its items (`.loadEnded`), the feed list
  /// learns a subscription's new list, and a source that is not a feed says so.
  private func loaded(_ result: Result<LoadedList, LoadError>, outcome: PageOutcome)
    -> PageOutcome
  {
    var outcome = outcome
    if list.count == 0, let kind = loadFailure?.kind, kind == .notAFeed || kind == .unreadable {
      outcome.requests.append(.sourceUnreadable)
    }
    guard case .success(let loaded) = result else {
      outcome.requests.append(.loadEnded(nil))
      return outcome
    }
    if case .feed(let index) = sourceKey { outcome.news.append(.feedReloaded(feed: index, loaded)) }
    let shown = feed ?? list
    outcome.requests.append(.loadEnded((shown.items, complete: !shown.isPartial)))
    return outcome
  }

  /// Work under way stops with the page; answers still on their way match no later page.
  func closingCommands() -> [Command] {
    var commands: [Command] = []
    if isLoading { commands.append(.cancel(.load)) }
    if isSearching { commands.append(.cancel(.search)) }
    if list.pageInFlight != nil || feed?.pageInFlight != nil { commands.append(.cancel(.page)) }
    return commands
  }

  var visibleItems: [ItemKey] { visibleFeedItems.map(ItemKey.init) }

  var visibleFeedItems: [FeedItem] { list.visibleItems.map { list.items[$0] } }

  func wantedPictures(_ pictures: PictureBoard) -> [PictureCache.Key] {
    list.wantedPictures().map { pictures.key(url: $0.url, columns: $0.columns, rows: $0.rows) }
  }

  /// The key of the picture the item view would ask for first if the selected item were
  /// opened now (no prompt open).
  func readAheadPicture(_ pictures: PictureBoard) -> PictureCache.Key? {
    guard pictures.isEnabled, prompt == nil, let item = list.selectedItem,
      let url = ItemPresentation.pictures(of: item).first?.url,
      let box = DetailView.pictureBox(of: item, width: columns, height: lines)
    else { return nil }
    return pictures.key(url: url, columns: box.width, rows: box.height)
  }

  mutating func followUpCommands() -> [Command] { pageCommands() }
}
