import FeedCore
import FeedModel
import Foundation

/// Finished work arriving on the items page: batches and the end of a load, search answers,
/// next pages, a subscription's refreshed list.
extension ItemsPage {
  /// Starts (or restarts) loading the page's list.
  mutating func startLoading() -> [Command] {
    let generation = nextLoad()
    load = .loading(LoadProgress())
    loadCancelled = false
    return [.load(generation: generation, source: sourceKey)]
  }

  /// An event for this page; events of older loads or searches are dropped.
  mutating func apply(_ event: Event) -> PageOutcome {
    switch event {
    case .loadProgress(let generation, let batch):
      guard generation == loadGeneration, isLoading else { return PageOutcome() }
      applyBatch(batch)
      return PageOutcome()
    case .loaded(let generation, let result):
      guard generation == loadGeneration else { return PageOutcome() }
      return finishLoading(result)
    case .searchResults(let generation, let query, let result):
      guard generation == searchGeneration else { return PageOutcome() }
      if case .loading(var progress) = load {
        progress.searchWasPartial = true
        load = .loading(progress)
      }
      return showSearchResult(query: query, result)
    case .searchProgress(let generation, _, let found):
      guard generation == searchGeneration, isSearching else { return PageOutcome() }
      showSearchProgress(found)
      return PageOutcome()
    case .pageLoaded(let url, let result):
      return finishPage(url: url, result)
    case .filtered(let generation, let query, let result):
      guard generation == searchGeneration, let prompt, prompt.kind == .filter else {
        return PageOutcome()
      }
      return showFilterResult(query, over: prompt.restores, result)
    case .foundUnread(let generation, let row):
      guard generation == findGeneration else { return PageOutcome() }
      guard let row, row < list.count else { return PageOutcome(status: "No unread item that way") }
      list.select(row)
      return PageOutcome(status: .some(nil))
    default:
      return PageOutcome()
    }
  }

  /// A filter's answer: the items of the list on screen that meet it, kept as a result
  /// over what the prompt was opened on.
  private mutating func showFilterResult(
    _ query: FilterQuery, over restores: Restore, _ result: Result<LoadedList, LoadError>
  ) -> PageOutcome {
    isSearching = false
    switch result {
    case .success(let loaded):
      var shown = sized(ItemList(loaded))
      shown.freshness = list.freshness
      list = shown
      mode = .result(query: query.text, kind: .filter)
      resultRestores = restores
      openedForSearch = false
      return PageOutcome(
        status: .some(loaded.chunks.isEmpty ? "No items match “\(query.text)”" : nil))
    case .failure(let error):
      guard error.kind != .cancelled else { return PageOutcome() }
      return PageOutcome(status: "Filter failed: \(error.description)")
    }
  }

  // MARK: - Loading

  /// The next batch of the load under way.
  mutating func applyBatch(_ batch: LoadedList) {
    guard case .loading(var progress) = load else { return }
    if progress.inPlace {
      forEachFeedCopy { $0.appendBatch(batch.chunks, rowKinds: batch.rowKinds) }
      return
    }
    load = .idle  // the gathered list is uniquely referenced while it grows
    if var incoming = progress.incoming {
      incoming.appendBatch(batch.chunks, rowKinds: batch.rowKinds)
      progress.incoming = incoming
    } else {
      var fresh = sized(ItemList(batch, metrics: metrics))
      fresh.loadGeneration = loadGeneration
      if case .browsing = mode, list.count == 0 {
        progress.inPlace = true
        list = fresh
      } else {
        progress.incoming = fresh
      }
    }
    load = .loading(progress)
  }

  /// Applies `body` to every copy of the feed's list the load is filling: the list on
  /// screen and the one under a search.
  private mutating func forEachFeedCopy(_ body: (inout ItemList) -> Void) {
    let generation = loadGeneration
    if list.loadGeneration == generation { body(&list) }
    if var kept = feed, kept.loadGeneration == generation {
      feed = nil
      body(&kept)
      feed = kept
    }
  }

  /// The load ended (finished, failed or cancelled): nothing follows its end any more.
  mutating func endLoad() {
    if progress.inPlace { forEachFeedCopy { $0.stopFollowing() } }
    load = .idle
  }

  private mutating func finishLoading(_ result: Result<LoadedList, LoadError>) -> PageOutcome {
    let progress = self.progress
    defer { endLoad() }
    switch result {
    case .success(let loaded):
      let hadFailed = loadFailure != nil
      loadFailure = nil
      let commands = searchAgainIfPartial(progress)
      if progress.inPlace {
        forEachFeedCopy { list in
          list.appendBatch(loaded.chunks)
          list.finishLoading(loaded)
        }
      } else if sourceKey != .main, progress.incoming == nil {
        // A subscription's page reloaded (`r`): the reader's place is kept by identity.
        replaceItems(with: loaded)
      } else {
        replaceFeedList(with: finishedIncoming(progress.incoming, loaded))
      }
      var status: String? = loaded.warnings.first.map { "Warning: \($0)" }
      if case .cached(_, let reason) = loaded.freshness {
        status = "Showing the cached copy: \(reason)"
      }
      // With nothing to say, the status line keeps what it says (a notice given while the
      // feed loaded: a damaged state file, a picture note), unless it is the last load's
      // error, which this load answers.
      guard status != nil || hadFailed else { return PageOutcome(commands) }
      return PageOutcome(commands, status: .some(status))
    case .failure(let error):
      guard error.kind != .cancelled else { return PageOutcome() }
      loadFailure = error
      return PageOutcome(status: "Error: \(error.description)")
    }
  }

  /// The list a load that did not show its batches ends with (all its items), selecting the
  /// item the reader had selected.
  private func finishedIncoming(_ incoming: ItemList?, _ loaded: LoadedList) -> ItemList {
    var fresh: ItemList
    if var incoming {
      incoming.appendBatch(loaded.chunks)
      incoming.finishLoading(loaded)
      fresh = sized(incoming)
    } else {
      fresh = sized(ItemList(loaded, metrics: metrics))
    }
    if let selected = (feed ?? list).selectedItem { fresh.select(matching: selected) }
    return fresh
  }

  /// Shows a finished feed list, or keeps it under the search on screen.
  private mutating func replaceFeedList(with fresh: ItemList) {
    if case .browsing = mode {
      list = fresh
    } else {
      // A search is on screen: the feed waits underneath, where Esc will bring it back.
      feed = fresh
    }
  }

  /// The artist search on screen (or in the prompt) again, if it was answered from part of
  /// the feed.
  private mutating func searchAgainIfPartial(_ progress: LoadProgress) -> [Command] {
    guard prompt?.kind ?? queryKind ?? .artist == .artist else { return [] }
    let query = (prompt?.text ?? searchQuery ?? "").trimmingCharacters(in: .whitespaces)
    guard progress.searchWasPartial, !query.isEmpty else { return [] }
    isSearching = true
    return [.search(generation: nextSearch(), query: query, source: sourceKey)]
  }

  /// True while batches go into the list on screen (the title bar says "loading").
  var listIsLoading: Bool {
    isLoading && progress.inPlace && list.loadGeneration == loadGeneration
  }

  /// A refreshed list for the page (a subscription refreshed through the feed list, or
  /// reloaded here): replaces the feed's list, on screen or under a search, with the
  /// reader's place kept by identity.
  mutating func replaceItems(with loaded: LoadedList) {
    if case .browsing = mode {
      list.replace(with: loaded)
    } else if feed != nil {
      feed?.replace(with: loaded)
    }
  }

  // MARK: - Searching and paging

  /// The answer from what an online source already had, while the server is asked.
  private mutating func showSearchProgress(_ found: LoadedList) {
    if found.chunks.sharesStorage(with: list.items) {
      list.title = found.title
    } else {
      list = sized(ItemList(found, metrics: metrics))
    }
    showsCloseMatches = found.closeMatches
    progressShown = searchGeneration
  }

  private mutating func showSearchResult(query: String, _ result: Result<LoadedList, LoadError>)
    -> PageOutcome
  {
    isSearching = false
    searchFailure = nil
    let hadProgress = progressShown == searchGeneration
    progressShown = nil
    switch result {
    case .success(let loaded):
      if loaded.chunks.sharesStorage(with: list.items) {
        // The same answer again (one more letter, the same artists): the list on screen
        // stays, with the reader's place in it, and nothing is rebuilt.
        list.title = loaded.title
      } else if hadProgress {
        // The server's answer over the matches shown while typing: the reader's place is
        // kept by identity.
        list.replace(with: loaded)
      } else {
        list = sized(ItemList(loaded, metrics: metrics))
      }
      searchWarning = loaded.warnings.first
      showsCloseMatches = loaded.closeMatches && !loaded.chunks.isEmpty
      // Not "the cached copy": the answer is as current as the lists it came from (the title
      // bar says how old); only what the server could not give is news.
      let status: String?
      if let warning = searchWarning {
        status =
          "Search failed: \(Self.withoutAddress(warning))"
          + (loaded.chunks.isEmpty
            ? "" : " (showing the \(Self.count(loaded.chunks.count)) found here)")
      } else if loaded.chunks.isEmpty {
        status = "No items by an artist matching “\(query)”"
      } else {
        status = showsCloseMatches ? "No artist matches “\(query)”: showing close matches" : nil
      }
      return PageOutcome(status: .some(status))
    case .failure(let error):
      guard error.kind != .cancelled else { return PageOutcome() }
      searchFailure = error
      searchWarning = error.description
      return PageOutcome(status: "Search failed: \(error.description)")
    }
  }

  /// A next page arrived (or failed) for whichever list asked for it.
  private mutating func finishPage(url: URL, _ result: Result<LoadedList, LoadError>) -> PageOutcome
  {
    switch result {
    case .success(let page):
      if list.pageInFlight == url {
        list.appendPage(page, from: url)
      } else if feed?.pageInFlight == url {
        feed?.appendPage(page, from: url)
      }
      return PageOutcome()
    case .failure(let error):
      guard list.pageInFlight == url || feed?.pageInFlight == url else { return PageOutcome() }
      list.pageFailed(url)
      feed?.pageFailed(url)
      guard error.kind != .cancelled else { return PageOutcome() }
      return PageOutcome(status: "Error: next page: \(error.description)")
    }
  }

  /// The next page to fetch for the list on screen, if the reader neared its end.
  mutating func pageCommands() -> [Command] {
    guard let url = list.takePageToLoad() else { return [] }
    return [.loadPage(url: url, source: sourceKey)]
  }
}
