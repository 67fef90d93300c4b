import FeedCore
import FeedStore
import Foundation

extension AppState {
  /// Applies one event; returns the work the run loop must start.
  public mutating func update(_ event: Event) -> [Command] {
    var commands = apply(event)
    if commands.contains(.quit) { return commands }
    if let url = list.takePageToLoad() { commands.append(.loadPage(url: url, source: itemsSource)) }
    return commands + pictureCommands()
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
    case .loadProgress(let generation, let batch):
      guard generation == loadGeneration, isLoading else { return [] }
      applyBatch(batch)
      return []
    case .loaded(let generation, let result):
      guard generation == loadGeneration else { return [] }
      let commands = finishLoading(result)
      if quitsIfNotAFeed, list.count == 0, let kind = loadFailure?.kind,
        kind == .notAFeed || kind == .unreadable
      {
        return [.quit]
      }
      return commands
    case .searchResults(let generation, let query, let result):
      guard generation == searchGeneration else { return [] }
      if isLoading { progress.searchWasPartial = true }
      showSearchResult(query: query, result)
      return []
    case .pageLoaded(let url, let result):
      finishPage(url: url, result)
      return []
    case .feedRead(let generation, let feed, let refresh):
      feedArrived(generation: generation, feed: feed, refresh)
      return []
    case .feedsRead(let generation):
      feedsFinished(generation: generation)
      return []
    case .pictureReady(let key, let result):
      return pictureArrived(key, result)
    case .mouse(let mouse):
      return handle(mouse)
    case .key(let key):
      return handle(key)
    }
  }

  /// Starts (or restarts) loading the main list.
  public mutating func startLoading() -> [Command] {
    loadGeneration += 1
    isLoading = true
    progress = LoadProgress()
    return [.load(generation: loadGeneration, source: itemsSource)]
  }

  /// Opens the prompt with a query already typed (`artfeed --artist NAME`), as if typed and kept.
  public mutating func startSearch(_ query: String) -> [Command] {
    // Over the feed list, the search is one across every feed: "All items" shows it.
    if topPage == .feeds { _ = openEntry(0) }
    beginPrompt()
    prompt = query
    let commands = promptChanged()
    prompt = nil
    beforePrompt = nil
    searchQuery = query
    return commands
  }

  // MARK: - Keys

  private mutating func handle(_ key: Key) -> [Command] {
    if prompt != nil { return handlePrompt(key) }
    if showsHelp { return handleHelp(key) }
    guard let action = KeyMap.action(for: key) else { return [] }
    switch topPage {
    case .item: return handleDetail(action)
    case .items: return handleList(action)
    case .feeds: return handleFeeds(action)
    }
  }

  /// Keys over the help overlay: when it does not fit, the moving keys scroll it; any other
  /// key closes it and does nothing else.
  private mutating func handleHelp(_ key: Key) -> [Command] {
    let maxTop = HelpOverlay.maxTop(width: width, height: height)
    let page = max(1, height - 3)
    let step: Int? =
      switch KeyMap.action(for: key) {
      case .down: 1
      case .up: -1
      case .pageDown, .halfPageDown: page
      case .pageUp, .halfPageUp: -page
      default: nil
      }
    if let step, maxTop > 0 {
      helpTop = min(max(0, helpTop + step), maxTop)
    } else {
      showsHelp = false
      helpTop = 0
    }
    return []
  }

  private mutating func handleList(_ action: Action) -> [Command] {
    status = nil
    switch action {
    case .down: list.move(.down)
    case .up: list.move(.up)
    case .halfPageDown: list.move(.halfPageDown)
    case .halfPageUp: list.move(.halfPageUp)
    case .pageDown: list.move(.pageDown)
    case .pageUp: list.move(.pageUp)
    case .top: list.move(.top)
    case .bottom: list.move(.bottom)
    case .open: openSelected()
    case .back: return back()
    case .quit:
      if searchQuery != nil || pages.canGoBack { return back() } else { return [.quit] }
    case .reload:
      // A subscription's page (or All items) refreshes through the feed list, so both show
      // the result; the page keeps the reader's place (`feedArrived`).
      switch itemsSource {
      case .feed(let feed) where pages.feeds != nil: return startRefreshing([feed])
      case .allItems where pages.feeds != nil: return startRefreshing([])
      default: return startLoading()
      }
    case .refreshAll: return pages.feeds == nil ? [] : startRefreshing([])
    case .openLink: return openLink(list.selectedItem)
    case .help: showsHelp = true
    case .search: beginPrompt()
    case .togglePictures: return togglePictures()
    case .previousPicture, .nextPicture: break
    }
    return []
  }

  private mutating func handleDetail(_ action: Action) -> [Command] {
    guard var detail else { return [] }
    let outcome = detail.handle(action)
    self.detail = detail
    switch outcome {
    case .none: return []
    case .back:
      self.detail = nil
      return []
    case .openLink: return openLink(detail.view.item)
    case .help: showsHelp = true
    case .togglePictures: return togglePictures()
    }
    return []
  }

  /// Esc on the list: stop what is loading, else leave the artist search.
  private mutating func back() -> [Command] {
    if isLoading {
      isLoading = false
      loadGeneration += 1
      endProgress()
      status = "Cancelled (r loads again)"
      return [.cancel(.load)]
    }
    var commands: [Command] = []
    if isSearching {
      isSearching = false
      searchGeneration += 1
      commands.append(.cancel(.search))
    }
    if searchQuery == nil, let page = list.pageInFlight {
      list.pageFailed(page)
      status = "Cancelled loading the next page"
      return commands + [.cancel(.page)]
    }
    if searchQuery == nil, pages.feeds != nil {
      return commands + closeItemsPage()
    }
    clearSearch()
    return commands
  }

  private mutating func openSelected() {
    guard let item = list.selectedItem else { return }
    detail = DetailState(item: item, width: width, height: listHeight)
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
    if topPage == .feeds, prompt == nil, !showsHelp, var page = pages.feeds {
      switch mouse.action {
      case .wheelDown: page.select(page.selection + 3)
      case .wheelUp: page.select(page.selection - 3)
      case .click, .doubleClick:
        guard let entry = page.entry(atScreenLine: mouse.y - 1) else { return [] }
        page.select(entry)
      }
      pages.feeds = page
      return mouse.action == .doubleClick ? openEntry(page.selection) : []
    }
    guard detail == nil, prompt == nil, !showsHelp else {
      if var detail, mouse.action == .wheelDown || mouse.action == .wheelUp {
        detail.scroll(by: mouse.action == .wheelDown ? 3 : -3)
        self.detail = detail
      }
      return []
    }
    switch mouse.action {
    case .wheelDown: list.scroll(byLines: 3)
    case .wheelUp: list.scroll(byLines: -3)
    case .click, .doubleClick:
      guard let row = list.row(atScreenLine: mouse.y - 1), mouse.x < listWidth else { return [] }
      list.select(row)
      if mouse.action == .doubleClick { openSelected() }
    }
    return []
  }

  // MARK: - Loading

  private mutating func finishLoading(_ result: Result<LoadedList, LoadError>) -> [Command] {
    isLoading = false
    defer { endProgress() }
    switch result {
    case .success(let loaded):
      loadFailure = nil
      noteItemsReloaded(loaded)
      let commands = searchAgainIfPartial()
      if progress.inPlace {
        finishInPlace(loaded)
      } else if itemsSource != .main, progress.incoming == nil {
        // A subscription's page reloaded (`r`): the reader's place is kept by identity.
        replaceItems(with: loaded)
      } else {
        replaceFeedList(with: finishedIncoming(loaded))
      }
      status = loaded.warnings.isEmpty ? nil : "Warning: \(loaded.warnings[0])"
      if case .cached(_, let reason) = loaded.freshness {
        status = "Showing the cached copy: \(reason)"
      }
      return commands
    case .failure(let error):
      guard error.kind != .cancelled else { return [] }
      loadFailure = error
      status = "Error: \(error.description)"
      return []
    }
  }

  /// A next page arrived (or failed) for whichever list asked for it.
  private mutating func finishPage(url: URL, _ result: Result<LoadedList, LoadError>) {
    switch result {
    case .success(let page):
      if list.pageInFlight == url {
        list.appendPage(page, from: url)
      } else if savedList?.pageInFlight == url {
        savedList?.appendPage(page, from: url)
      }
    case .failure(let error):
      guard list.pageInFlight == url || savedList?.pageInFlight == url else { return }
      list.pageFailed(url)
      savedList?.pageFailed(url)
      if error.kind != .cancelled { status = "Error: next page: \(error.description)" }
    }
  }
}
