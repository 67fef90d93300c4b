import FeedCore
import FeedModel

extension ItemsPage {
  /// What the page asks of the app after a key or an event: work to start, the status
  /// line's text, and a request only the app can carry out (another page, the overlay).
  struct Outcome {
    var commands: [Command] = []
    /// The status line's new text: nil leaves it as it is, `.some(nil)` clears it.
    var status: String?? = nil
    var request: Request?

    enum Request {
      /// Close this page (back to the feed list).
      case close
      case quit
      case help
      case togglePictures
      /// Open this item's page.
      case open(FeedItem)
      case openLink(FeedItem?)
      /// `y`: put this item's link on the clipboard.
      case copyLink(FeedItem?)
      /// `r`: reload this page's list (through the feed list when it is a subscription's).
      case reload
      /// `R`: refresh every subscription.
      case refreshAll
      /// `m`, `s`, `d` on the selected item.
      case toggleRead(FeedItem)
      case toggleStar(FeedItem)
      case download(FeedItem)
      /// `A`: mark the list on screen read (the view: a search result or a filter).
      case markViewRead
      /// `u`: undo the last `A`.
      case undoMark
      /// `n` / `N`: the next / previous unread item.
      case findUnread(forward: Bool)
    }

    init(_ commands: [Command] = [], status: String?? = nil, request: Request? = nil) {
      self.commands = commands
      self.status = status
      self.request = request
    }
  }

  /// A key, with the prompt open or not. `hasFeedList`: a feed list is under this page
  /// (Esc and q go back to it).
  mutating func handle(_ key: Key, hasFeedList: Bool) -> Outcome {
    if prompt != nil { return handlePrompt(key, hasFeedList: hasFeedList) }
    guard let action = keys.action(for: key) else { return Outcome() }
    return handle(action, hasFeedList: hasFeedList)
  }

  /// The list's keys.
  mutating func handle(_ action: Action, hasFeedList: Bool) -> Outcome {
    var outcome = Outcome(status: .some(nil))
    switch action {
    case .down: list.move(.down)
    case .up: list.move(.up)
    case .halfPageDown: list.move(.halfPageDown)
    case .halfPageUp: list.move(.halfPageUp)
    case .pageDown: list.move(.pageDown)
    case .pageUp: list.move(.pageUp)
    case .top: list.move(.top)
    case .bottom: list.move(.bottom)
    case .open: if let item = list.selectedItem { outcome.request = .open(item) }
    case .back: return back(hasFeedList: hasFeedList)
    case .quit:
      if searchQuery != nil || hasFeedList { return back(hasFeedList: hasFeedList) }
      outcome.request = .quit
    case .reload: outcome.request = .reload
    case .refreshAll: if hasFeedList { outcome.request = .refreshAll }
    case .openLink: outcome.request = .openLink(list.selectedItem)
    case .help: outcome.request = .help
    case .search: beginPrompt(.artist)
    case .filter: beginPrompt(.filter)
    case .togglePictures: outcome.request = .togglePictures
    case .copyLink: outcome.request = .copyLink(list.selectedItem)
    case .nextTag, .previousPicture, .nextPicture: break
    case .gallery: toggleGallery()
    case .cardLeft: list.move(.left)
    case .cardRight: list.move(.right)
    case .toggleRead: outcome.request = list.selectedItem.map(Outcome.Request.toggleRead)
    case .toggleStar: outcome.request = list.selectedItem.map(Outcome.Request.toggleStar)
    case .download: outcome.request = list.selectedItem.map(Outcome.Request.download)
    case .markViewRead: if list.count > 0 { outcome.request = .markViewRead }
    case .undoMark: outcome.request = .undoMark
    case .nextUnread: outcome.request = .findUnread(forward: true)
    case .previousUnread: outcome.request = .findUnread(forward: false)
    }
    return outcome
  }

  /// Esc on the list, as the status line's hint says: leave the artist search (the feed's
  /// list comes back, still loading if it was), else stop the load (the list says it is
  /// partial), else the next page, else go back to the feed list.
  mutating func back(hasFeedList: Bool) -> Outcome {
    var outcome = Outcome(status: .some(nil))
    if isSearching {
      isSearching = false
      _ = nextSearch()
      outcome.commands.append(.cancel(prompt?.kind == .filter ? .filter : .search))
    }
    if searchQuery != nil {
      clearSearch()
      return outcome
    }
    if isLoading {
      _ = nextLoad()
      let shown = list.count
      endLoad()
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
    if hasFeedList { outcome.request = .close }
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
  mutating func handlePrompt(_ key: Key, hasFeedList: Bool) -> Outcome {
    guard var prompt else { return Outcome() }
    var characters = Array(prompt.text)
    var cursor = min(max(0, prompt.cursor), characters.count)
    switch key {
    case .character(let character):
      guard !character.isNewline, character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) else {
        return Outcome()
      }
      characters.insert(character, at: cursor)
      cursor += 1
    case .backspace:
      if characters.isEmpty { return cancelPrompt(hasFeedList: hasFeedList) }
      guard cursor > 0 else { return Outcome() }
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
      return Outcome()
    case .up, .down, .pageUp, .pageDown:
      if let move = Self.resultMove(for: key) { list.move(move) }
      return Outcome()
    case .escape:
      return cancelPrompt(hasFeedList: hasFeedList)
    case .enter:
      let query = prompt.text.trimmingCharacters(in: .whitespaces)
      if query.isEmpty { return cancelPrompt(hasFeedList: hasFeedList) }
      if prompt.kind == .filter { return applyFilter(prompt) }
      mode = .result(query: query, kind: .artist)
      resultRestores = prompt.restores.withoutArtistResults
      openedForSearch = false
      return Outcome()
    default:
      return Outcome()
    }
    prompt.text = String(characters)
    prompt.cursor = cursor
    mode = .prompt(prompt)
    // A filter is applied with Enter; an artist search answers as the reader types.
    return prompt.kind == .filter ? Outcome(status: .some(nil)) : promptChanged()
  }

  /// Enter in the filter prompt: the query read, and the list on screen asked to be
  /// narrowed (the answer arrives as `.filtered`; the prompt stays open until then). A query
  /// that cannot be read is one line in the status line, and the prompt stays as typed.
  private mutating func applyFilter(_ prompt: SearchPrompt) -> Outcome {
    let query: FilterQuery
    do {
      query = try FilterQuery(parsing: prompt.text)
    } catch {
      return Outcome(status: .some(error.description))
    }
    let generation = nextSearch()
    isSearching = true
    let title = "Filter: " + query.text
    return Outcome(
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
  mutating func promptChanged() -> Outcome {
    let generation = nextSearch()
    let query = (prompt?.text ?? "").trimmingCharacters(in: .whitespaces)
    guard !query.isEmpty else {
      if let prompt { list = sized(restoredList(prompt.restores)) }
      let wasSearching = isSearching
      isSearching = false
      searchWarning = nil
      return Outcome(wasSearching ? [.cancel(.search)] : [])
    }
    isSearching = true
    return Outcome([.search(generation: generation, query: query, source: source)])
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
  mutating func cancelPrompt(hasFeedList: Bool) -> Outcome {
    guard let prompt else { return Outcome() }
    _ = nextSearch()
    let work: Command.Work = prompt.kind == .filter ? .filter : .search
    var outcome = Outcome(isSearching ? [.cancel(work)] : [], status: .some(nil))
    isSearching = false
    searchWarning = nil
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
    if openedForSearch, searchQuery == nil, hasFeedList { outcome.request = .close }
    return outcome
  }

  /// Opens the prompt with a query already typed, as if typed and kept (`--artist NAME`).
  mutating func startSearch(_ query: String) -> Outcome {
    beginPrompt(.artist)
    guard case .prompt(var prompt) = mode else { return Outcome() }
    prompt.text = query
    mode = .prompt(prompt)
    let outcome = promptChanged()
    mode = .result(query: query, kind: .artist)
    resultRestores = prompt.restores.withoutArtistResults
    return outcome
  }

  // MARK: - Mouse

  /// A click or the wheel on the list area (`y` from the area's top).
  mutating func handle(_ mouse: MouseEvent, y: Int) -> Outcome {
    switch mouse.action {
    case .wheelDown: list.scroll(byLines: 3)
    case .wheelUp: list.scroll(byLines: -3)
    case .click, .doubleClick:
      guard let row = list.item(atScreenLine: y, x: mouse.x), mouse.x < listWidth else {
        return Outcome()
      }
      list.select(row)
      if mouse.action == .doubleClick, let item = list.selectedItem {
        return Outcome(request: .open(item))
      }
    }
    return Outcome()
  }
}
