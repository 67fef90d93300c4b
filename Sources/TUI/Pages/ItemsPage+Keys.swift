import FeedCore
import FeedModel

extension ItemsPage {
  /// What keys mean on an items page (the prompt, when open, takes keys before them).
  enum KeyAction {
    case move(ItemList.Move)
    case open, back, quit, reload, refreshAll, openLink, copyLink, openPicture, help
    case search, filter, togglePictures, gallery
    case toggleRead, toggleStar, download, markViewRead, undoMark
    case findUnread(forward: Bool)
    case artistPage, follow
    case viewer, slideshow
  }

  /// The items page's key map; in the gallery its card moves are a layer over it.
  static let keyMap: [Action: KeyAction] = [
    .down: .move(.down), .up: .move(.up),
    .halfPageDown: .move(.halfPageDown), .halfPageUp: .move(.halfPageUp),
    .pageDown: .move(.pageDown), .pageUp: .move(.pageUp),
    .top: .move(.top), .bottom: .move(.bottom),
    .cardLeft: .move(.left), .cardRight: .move(.right),
    .open: .open, .back: .back, .quit: .quit, .reload: .reload, .refreshAll: .refreshAll,
    .openLink: .openLink, .copyLink: .copyLink, .openPicture: .openPicture, .help: .help,
    .search: .search,
    .filter: .filter, .togglePictures: .togglePictures, .gallery: .gallery,
    .toggleRead: .toggleRead, .toggleStar: .toggleStar, .download: .download,
    .markViewRead: .markViewRead, .undoMark: .undoMark,
    .nextUnread: .findUnread(forward: true), .previousUnread: .findUnread(forward: false),
    .artistPage: .artistPage, .follow: .follow,
    .viewer: .viewer, .slideshow: .slideshow,
  ]

  /// A key, with the prompt open or not.
  mutating func handle(_ key: Key, context: PageContext) -> PageOutcome {
    if prompt != nil { return handlePrompt(key, context: context) }
    let action = context.keys.action(for: key, inGallery: showsGallery)
    guard let action = action.flatMap({ Self.keyMap[$0] }) else { return PageOutcome() }
    return handle(action, context: context)
  }

  /// The list's keys.
  mutating func handle(_ action: KeyAction, context: PageContext) -> PageOutcome {
    var outcome = PageOutcome(status: .some(nil))
    func ask(_ request: PageRequest) { outcome.requests.append(request) }
    let selected = list.selectedItem
    switch action {
    case .move(let move): list.move(move)
    case .open:
      if let selected {
        outcome.requests += [.push(itemPage(selected, context: context)), .opened(selected)]
      }
    case .back: return back(context: context)
    case .quit:
      if searchQuery != nil || context.hasPageBelow { return back(context: context) }
      ask(.quit)
    case .reload: return reload(context: context)
    case .refreshAll:
      if context.hasFeedList { outcome.requests += [.refreshFeeds([]), .refreshState] }
    case .openLink: ask(.openLink(selected))
    case .copyLink: ask(.copyLink(selected))
    case .openPicture: if let selected { ask(.openPicture(selected, picture: 0)) }
    case .help: ask(.help)
    case .search: beginPrompt(.artist)
    case .filter: beginPrompt(.filter)
    case .togglePictures: ask(.togglePictures)
    case .gallery: toggleGallery()
    case .toggleRead: if let selected { ask(.toggleRead(selected, shownRead: list.isMarkedRead)) }
    case .toggleStar: if let selected { ask(.toggleStar(selected)) }
    case .download: if let selected { ask(.download(selected, feed: list.title)) }
    case .markViewRead:
      if list.count > 0 {
        guard context.hasMarks else { return PageOutcome(status: ItemsPage.stateIsOff) }
        list.isMarkedRead = true
        ask(.markViewRead(list.items, count: list.count))
      }
    case .undoMark: ask(.undoMark)
    case .findUnread(let forward): return findUnread(forward: forward, context: context)
    case .artistPage: ask(.openArtist(selected))
    case .follow: ask(.toggleFollow(selected))
    case .viewer: return openViewer(slideshow: false, context: context)
    case .slideshow: return openViewer(slideshow: true, context: context)
    }
    return outcome
  }

  /// `z`: the picture viewer on the selected item's picture; `S`: a slideshow from it. The
  /// status line says when no item from the selection on has a picture.
  func openViewer(slideshow: Bool, context: PageContext) -> PageOutcome {
    guard let selection = list.selection,
      ViewerPage.itemWithPicture(in: list.items, from: selection, step: 1) != nil
    else { return PageOutcome(status: "No picture to show") }
    let show =
      slideshow ? ViewerPage.Slideshow(marksRead: context.settings.slideshowMarksRead) : nil
    let viewer = ViewerPage(
      items: list.items, index: selection, width: context.width, height: context.height,
      source: source, listTitle: list.title, slideshow: show)
    return PageOutcome(status: .some(nil), requests: [.push(viewer)]) + viewer.shownOutcome()
  }

  /// What a key of the reading state says while the state is off.
  static let stateIsOff = "Reading state is off (--no-state)"

  /// The page of `item`, opened over this one.
  func itemPage(_ item: FeedItem, context: PageContext) -> ItemPage {
    var page = ItemPage(
      item: item, width: columns, height: lines + 2, timeZone: context.timeZone,
      source: source, listTitle: list.title)
    if let selection = list.selection {
      let items = list.items
      page.neighbours = [
        ViewerPage.itemWithPicture(in: items, from: selection + 1, step: 1),
        ViewerPage.itemWithPicture(in: items, from: selection - 1, step: -1),
      ].compactMap { $0.map { items[$0] } }
    }
    return page
  }

  /// `r`: a subscription's page (or All items) refreshes through the feed list, so both show
  /// the result, and the page keeps the reader's place; any other page loads again.
  mutating func reload(context: PageContext) -> PageOutcome {
    var outcome = PageOutcome(status: .some(nil))
    switch sourceKey {
    case .feed(let feed) where context.hasFeedList: outcome.requests.append(.refreshFeeds([feed]))
    case .allItems where context.hasFeedList:
      outcome.requests.append(.refreshFeeds(onlyFeeds ?? []))
    default: outcome.commands += startLoading()
    }
    outcome.requests.append(.refreshState)
    return outcome
  }

  /// `n` / `N`: ask the runtime for the next unread row of the list on screen.
  mutating func findUnread(forward: Bool, context: PageContext) -> PageOutcome {
    guard context.hasMarks else { return PageOutcome(status: ItemsPage.stateIsOff) }
    let from = list.selection ?? (forward ? -1 : list.count)
    let generation = nextFind()
    return PageOutcome(
      [.findUnread(generation: generation, items: list.items, from: from, forward: forward)],
      status: .some(nil))
  }

  /// Esc on the list, as the status line's hint says: leave the artist search (the feed's
  /// list comes back, still loading if it was), else stop the load (the list says it is
  /// partial), else the next page, else go back to the feed list.
  mutating func back(context: PageContext) -> PageOutcome {
    var outcome = PageOutcome(status: .some(nil))
    if isSearching {
      isSearching = false
      _ = nextSearch()
      outcome.commands.append(.cancel(prompt?.kind == .filter ? .filter : .search))
    }
    if searchQuery != nil {
      clearSearch()
      // A search that `/` on the feed list opened goes back there once it is cleared, as
      // Esc in its prompt does.
      if openedForSearch, searchQuery == nil, context.hasPageBelow {
        outcome.requests.append(.close)
      }
      return outcome
    }
    if isLoading {
      _ = nextLoad()
      let shown = list.count
      endLoad()
      loadCancelled = true
      if shown > 0 { list.markPartial() }
      outcome.commands.append(.cancel(.load))
      outcome.status =
        shown > 0
        ? "Cancelled: \(ItemsPage.count(shown)) loaded, the rest not"
          + (keys.label(.reload).map { " (\($0) loads it all)" } ?? "")
        : "Cancelled" + (keys.label(.reload).map { " (\($0) loads again)" } ?? "")
      return outcome
    }
    if let page = list.pageInFlight {
      list.pageFailed(page)
      outcome.commands.append(.cancel(.page))
      outcome.status = "Cancelled loading the next page"
      return outcome
    }
    if context.hasPageBelow { outcome.requests.append(.close) }
    return outcome
  }

  /// "1 item", "20,537 items".
  static func count(_ count: Int) -> String {
    count == 1 ? "1 item" : "\(count) items"
  }

  /// Esc on a kept result: what was under it (the feed's list as it was, or the result a
  /// filter narrowed).
  mutating func clearSearch() {
    guard case .result = mode else { return }
    restore(resultRestores)
  }

  /// Shows what `restores` keeps.
  private mutating func restore(_ restores: Restore) {
    switch restores {
    case .feed:
      guard let feed else { return }
      list = sized(feed)
      self.feed = nil
      mode = .browsing
      resultRestores = .feed
    case .result(let query, let kind, let kept, let under):
      list = sized(kept)
      mode = .result(query: query, kind: kind)
      resultRestores = under
    }
  }

  // MARK: - The prompt

  /// Opens a prompt; remembers what Esc restores.
  mutating func beginPrompt(_ kind: QueryKind = .artist) {
    let restores: Restore
    if case .result(let query, let shown) = mode {
      restores = .result(query: query, kind: shown, list: list, restores: resultRestores)
    } else {
      restores = .feed
      feed = list
    }
    mode = .prompt(SearchPrompt(kind: kind, text: "", cursor: 0, restores: restores))
  }

  /// Keys while the prompt is open: text edits the query where the cursor is (Left, Right,
  /// Home, End, Ctrl-A, Ctrl-E move it), Up, Down and the page keys move through the results,
  /// Enter keeps, Esc restores.
  mutating func handlePrompt(_ key: Key, context: PageContext) -> PageOutcome {
    guard var prompt else { return PageOutcome() }
    var characters = Array(prompt.text)
    var cursor = min(max(0, prompt.cursor), characters.count)
    switch key {
    case .character(let character):
      guard !character.isNewline, character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) else {
        return PageOutcome()
      }
      characters.insert(character, at: cursor)
      cursor += 1
    case .backspace:
      if characters.isEmpty { return cancelPrompt(context: context) }
      guard cursor > 0 else { return PageOutcome() }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .control("u"):
      characters.removeFirst(cursor)
      cursor = 0
    case .control("w"):
      var start = cursor
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .left, .right, .home, .end, .control("a"), .control("e"):
      prompt.cursor = Self.movedCursor(cursor, by: key, count: characters.count)
      mode = .prompt(prompt)
      return PageOutcome()
    case .up, .down, .pageUp, .pageDown:
      if let move = Self.resultMove(for: key) { list.move(move) }
      return PageOutcome()
    case .escape:
      return cancelPrompt(context: context)
    case .enter:
      let query = prompt.text.trimmingCharacters(in: .whitespaces)
      if query.isEmpty { return cancelPrompt(context: context) }
      if prompt.kind == .filter { return applyFilter(prompt) }
      mode = .result(query: query, kind: .artist)
      resultRestores = prompt.restores.withoutArtistResults
      return PageOutcome()
    default:
      return PageOutcome()
    }
    prompt.text = String(characters)
    prompt.cursor = cursor
    mode = .prompt(prompt)
    // A filter is applied with Enter; an artist search answers as the reader types.
    return prompt.kind == .filter ? PageOutcome(status: .some(nil)) : promptChanged()
  }

  /// Enter in the filter prompt: the query read, and the list on screen asked to be
  /// narrowed (the answer arrives as `.filtered`; the prompt stays open until then). A query
  /// that cannot be read is one line in the status line, and the prompt stays as typed.
  private mutating func applyFilter(_ prompt: SearchPrompt) -> PageOutcome {
    let query: FilterQuery
    do {
      query = try FilterQuery(parsing: prompt.text)
    } catch {
      return PageOutcome(status: .some(error.description))
    }
    let generation = nextSearch()
    isSearching = true
    let title = "Filter: " + query.text
    return PageOutcome(
      [.filter(generation: generation, query: query, items: list.items, title: title)],
      status: .some(nil))
  }

  /// The keys that move through the results while the prompt is open.
  private static func resultMove(for key: Key) -> ItemList.Move? {
    switch key {
    case .up: .up
    case .down: .down
    case .pageUp: .pageUp
    case .pageDown: .pageDown
    default: nil
    }
  }

  private static func movedCursor(_ cursor: Int, by key: Key, count: Int) -> Int {
    switch key {
    case .left: max(0, cursor - 1)
    case .right: min(count, cursor + 1)
    case .home, .control("a"): 0
    default: count
    }
  }

  /// The query changed: ask for the artist's items (results arrive as an event). An empty
  /// query shows what Esc would restore.
  mutating func promptChanged() -> PageOutcome {
    let generation = nextSearch()
    let query = (prompt?.text ?? "").trimmingCharacters(in: .whitespaces)
    guard !query.isEmpty else {
      if let prompt { list = sized(restoredList(prompt.restores)) }
      let wasSearching = isSearching
      isSearching = false
      searchWarning = nil
      showsCloseMatches = false
      return PageOutcome(wasSearching ? [.cancel(.search)] : [])
    }
    isSearching = true
    return PageOutcome([.search(generation: generation, query: query, source: sourceKey)])
  }

  /// The list Esc in the prompt brings back.
  private func restoredList(_ restores: Restore) -> ItemList {
    switch restores {
    case .feed: feed ?? list
    case .result(_, _, let list, _): list
    }
  }

  /// Esc in the prompt: the list and position from before it opened. Over a page that `/`
  /// on the feed list opened, back to the feed list.
  mutating func cancelPrompt(context: PageContext) -> PageOutcome {
    guard let prompt else { return PageOutcome() }
    _ = nextSearch()
    let work: Command.Work = prompt.kind == .filter ? .filter : .search
    var outcome = PageOutcome(isSearching ? [.cancel(work)] : [], status: .some(nil))
    isSearching = false
    searchWarning = nil
    showsCloseMatches = false
    switch prompt.restores {
    case .feed:
      list = sized(feed ?? list)
      feed = nil
      mode = .browsing
      resultRestores = .feed
    case .result(let query, let kind, let restored, let under):
      list = sized(restored)
      mode = .result(query: query, kind: kind)
      resultRestores = under
    }
    if openedForSearch, searchQuery == nil, context.hasPageBelow {
      outcome.requests.append(.close)
    }
    return outcome
  }

  /// Opens the prompt with a query already typed, as if typed and kept (`--artist NAME`).
  mutating func startSearch(_ query: String) -> PageOutcome {
    beginPrompt(.artist)
    guard case .prompt(var prompt) = mode else { return PageOutcome() }
    prompt.text = query
    mode = .prompt(prompt)
    let outcome = promptChanged()
    mode = .result(query: query, kind: .artist)
    resultRestores = prompt.restores.withoutArtistResults
    return outcome
  }

  // MARK: - Mouse

  /// A click or the wheel on the list area (`y` from the area's top).
  mutating func handle(_ mouse: MouseEvent, y: Int, context: PageContext) -> PageOutcome {
    switch mouse.action {
    case .wheelDown: list.scroll(byLines: 3)
    case .wheelUp: list.scroll(byLines: -3)
    case .click, .doubleClick:
      guard let row = list.item(atScreenLine: y, x: mouse.x), mouse.x < listWidth else {
        return PageOutcome()
      }
      list.select(row)
      if mouse.action == .doubleClick, let item = list.selectedItem {
        return PageOutcome(requests: [.push(itemPage(item, context: context)), .opened(item)])
      }
    }
    return PageOutcome()
  }
}
