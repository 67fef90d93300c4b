import FeedCore
import FeedModel
import Foundation

extension AppState {
  /// Applies one event; returns the work the run loop must start.
  public mutating func update(_ event: Event) -> [Command] {
    var commands = apply(event)
    if commands.contains(.quit) { return commands }
    if let paging = pages.items?.pageCommands() { commands += paging }
    return commands + pictureCommands() + markCommands()
  }

  private mutating func apply(_ event: Event) -> [Command] {
    switch event {
    case .resize(let width, let height):
      resize(width: width, height: height)
      return []
    case .notice(let message):
      status = message
      return []
    case .tick:
      if isBusy { spinnerFrame += 1 }
      return []
    case .refreshDue:
      return refreshBecauseDue()
    case .selectionRested(let key):
      selectionRested(key)
      return []
    case .loadProgress, .searchResults, .searchProgress, .pageLoaded, .filtered, .foundUnread:
      return withItemsPage { $0.apply(event) }
    case .marksRead, .state, .bulkMarked, .undone, .stateRefreshed:
      return applyStateEvent(event)
    case .stateSettled:
      return []
    case .loaded(let generation, let result):
      guard let page = pages.items, generation == page.loadGeneration else { return [] }
      if case .success(let loaded) = result { noteItemsReloaded(loaded) }
      var commands = withItemsPage { $0.apply(event) }
      if quitsIfNotAFeed, list.count == 0, let kind = loadFailure?.kind,
        kind == .notAFeed || kind == .unreadable
      {
        return [.quit]
      }
      if case .success = result, let page = pages.items {
        commands += observeCommands(page.source, list: page.feed ?? page.list) + countCommands()
      }
      showPendingNote()
      return commands + maintenanceCommands()
    case .feedRead(let generation, let feed, let refresh):
      let observe = observeCommands(generation: generation, feed: feed, refresh)
      feedArrived(generation: generation, feed: feed, refresh)
      return observe
    case .feedsRead(let generation):
      let finished = generation == feedsGeneration
      let following = feedsFinished(generation: generation)
      // A refresh may have synced an account, whose server changed marks of rows on
      // screen: they are read again (`.stateRefreshed`), and the counts with them.
      let marksAgain = marks == nil ? [] : [Command.refreshState]
      return following + (finished ? marksAgain + maintenanceCommands() : [])
    case .pictureReady(let key, let result):
      return pictureArrived(key, result)
    case .mouse(let mouse):
      return handle(mouse)
    case .key(let key):
      return handle(key)
    }
  }

  /// Starts (or restarts) loading the items page's list.
  public mutating func startLoading() -> [Command] {
    guard pages.items != nil else { return [] }
    return pages.items?.startLoading() ?? []
  }

  /// Opens the prompt with a query already typed (`artfeed --artist NAME`), as if typed and
  /// kept. Over the feed list, the search is one across every feed: "All items" shows it.
  public mutating func startSearch(_ query: String) -> [Command] {
    if topPage == .feeds { _ = openEntry(0) }
    status = nil
    return withItemsPage { $0.startSearch(query) }
  }

  /// Runs `body` on the items page and carries out what it asks.
  mutating func withItemsPage(_ body: (inout ItemsPage) -> ItemsPage.Outcome) -> [Command] {
    guard var page = pages.items else { return [] }
    pages.items = nil  // uniquely referenced while it changes
    let outcome = body(&page)
    pages.items = page
    return carryOut(outcome)
  }

  /// Does what the items page asked: the status line, another page, the overlay, a reload.
  private mutating func carryOut(_ outcome: ItemsPage.Outcome) -> [Command] {
    if let change = outcome.status { status = change }
    var commands = outcome.commands
    guard let request = outcome.request else { return commands }
    switch request {
    case .close: commands += closeItemsPage()
    case .quit: commands += visitCommands() + [.quit]
    case .help: overlay = .help(top: 0)
    case .togglePictures: commands += togglePictures()
    case .open(let item):
      pages.item = DetailState(item: item, width: width, height: listHeight, timeZone: timeZone)
      commands += markOpened(item)
    case .openLink(let item): commands += openLink(item)
    case .copyLink(let item): commands += copyLink(item)
    case .refreshAll: commands += startRefreshing([]) + stateRefresh()
    case .reload:
      // A subscription's page (or All items) refreshes through the feed list, so both show
      // the result; the page keeps the reader's place (`feedArrived`).
      switch itemsSource {
      case .feed(let feed) where pages.feeds != nil: commands += startRefreshing([feed])
      case .allItems where pages.feeds != nil: commands += startRefreshing([])
      default: commands += startLoading()
      }
      commands += stateRefresh()
    case .toggleRead(let item): commands += toggleRead(item)
    case .toggleStar(let item): commands += toggleStar(item)
    case .download(let item): commands += download(item)
    case .markViewRead: commands += markViewRead()
    case .undoMark: commands += undoMark()
    case .findUnread(let forward): commands += findUnread(forward: forward)
    }
    return commands
  }

  /// `r`, `R`: marks other artfeeds made show too.
  func stateRefresh() -> [Command] {
    marks == nil ? [] : [.refreshState]
  }

  // MARK: - Keys

  private mutating func handle(_ key: Key) -> [Command] {
    if case .help(let top) = overlay { return handleHelp(key, top: top) }
    if pages.items?.prompt != nil {
      let hasFeedList = pages.feeds != nil
      return withItemsPage { $0.handle(key, hasFeedList: hasFeedList) }
    }
    let inGallery = topPage == .items && pages.items?.showsGallery == true
    guard let action = keys.action(for: key, inGallery: inGallery) else { return [] }
    switch topPage {
    case .item: return handleDetail(action)
    case .items:
      let hasFeedList = pages.feeds != nil
      return withItemsPage { $0.handle(action, hasFeedList: hasFeedList) }
    case .feeds: return handleFeeds(action)
    }
  }

  /// Keys over the help overlay: when it does not fit, the moving keys scroll it; any other
  /// key closes it and does nothing else.
  private mutating func handleHelp(_ key: Key, top: Int) -> [Command] {
    let maxTop = HelpOverlay.maxTop(width: width, height: height, keys: keys)
    let page = max(1, height - 3)
    let step: Int? =
      switch keys.action(for: key) {
      case .down: 1
      case .up: -1
      case .pageDown, .halfPageDown: page
      case .pageUp, .halfPageUp: -page
      default: nil
      }
    if let step, maxTop > 0 {
      overlay = .help(top: min(max(0, top + step), maxTop))
    } else {
      overlay = nil
    }
    return []
  }

  private mutating func handleDetail(_ action: Action) -> [Command] {
    guard var detail = pages.item else { return [] }
    let outcome = detail.handle(action)
    pages.item = detail
    switch outcome {
    case .none: return []
    case .back:
      pages.item = nil
      return []
    case .openLink: return openLink(detail.view.item)
    case .copyLink: return copyLink(detail.view.item)
    case .help: overlay = .help(top: 0)
    case .togglePictures: return togglePictures()
    case .toggleRead: return toggleRead(detail.view.item)
    case .toggleStar: return toggleStar(detail.view.item)
    case .download: return download(detail.view.item)
    }
    return []
  }

  /// `y`: the item's web link to the terminal's clipboard (the screen says whether it could).
  private mutating func copyLink(_ item: FeedItem?) -> [Command] {
    guard let link = item?.link, let url = LinkOpener.safeURL(link) else {
      status = "This item has no web link"
      return []
    }
    return [.copyToClipboard(url)]
  }

  private mutating func openLink(_ item: FeedItem?) -> [Command] {
    guard let link = item?.link, let url = LinkOpener.safeURL(link) else {
      status = "This item has no web link"
      return []
    }
    status = nil
    return [.openLink(url)]
  }

  // MARK: - Mouse

  private mutating func handle(_ mouse: MouseEvent) -> [Command] {
    guard overlay == nil, pages.items?.prompt == nil else { return [] }
    switch topPage {
    case .feeds:
      guard var page = pages.feeds else { return [] }
      switch mouse.action {
      case .wheelDown: page.select(page.selection + 3)
      case .wheelUp: page.select(page.selection - 3)
      case .click, .doubleClick:
        guard let entry = page.entry(atScreenLine: mouse.y - 1) else { return [] }
        page.select(entry)
      }
      pages.feeds = page
      return mouse.action == .doubleClick ? handleFeeds(.open) : []
    case .item:
      if var detail = pages.item, mouse.action == .wheelDown || mouse.action == .wheelUp {
        detail.scroll(by: mouse.action == .wheelDown ? 3 : -3)
        pages.item = detail
      }
      return []
    case .items:
      return withItemsPage { $0.handle(mouse, y: mouse.y - 1) }
    }
  }
}
