import FeedCore
import FeedStore

extension AppState {
  /// Opens the prompt; remembers what Esc restores.
  mutating func beginPrompt() {
    beforePrompt = (list, searchQuery)
    if savedList == nil { savedList = list }
    prompt = ""
    promptCursor = 0
    status = nil
  }

  /// Keys while the prompt is open: text edits the query where the cursor is (Left, Right,
  /// Home, End, Ctrl-A, Ctrl-E move it), Up, Down and the page keys move through the results,
  /// Enter keeps, Esc restores.
  mutating func handlePrompt(_ key: Key) -> [Command] {
    guard let text = prompt else { return [] }
    var characters = Array(text)
    var cursor = min(max(0, promptCursor), characters.count)
    switch key {
    case .character(let character):
      guard !character.isNewline, character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) else {
        return []
      }
      characters.insert(character, at: cursor)
      cursor += 1
    case .backspace:
      if characters.isEmpty { return cancelPrompt() }
      guard cursor > 0 else { return [] }
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
      promptCursor = Self.movedCursor(cursor, by: key, count: characters.count)
      return []
    case .up:
      list.move(.up)
      return []
    case .down:
      list.move(.down)
      return []
    case .pageUp:
      list.move(.pageUp)
      return []
    case .pageDown:
      list.move(.pageDown)
      return []
    case .escape:
      return cancelPrompt()
    case .enter:
      prompt = nil
      let query = text.trimmingCharacters(in: .whitespaces)
      if query.isEmpty { return cancelPrompt() }
      beforePrompt = nil
      searchQuery = query
      pages.items?.openedForSearch = false
      return []
    default:
      return []
    }
    prompt = String(characters)
    promptCursor = cursor
    return promptChanged()
  }

  private static func movedCursor(_ cursor: Int, by key: Key, count: Int) -> Int {
    switch key {
    case .left: max(0, cursor - 1)
    case .right: min(count, cursor + 1)
    case .home, .control("a"): 0
    default: count
    }
  }

  /// The query changed: ask for the artist's items (results arrive as an event).
  mutating func promptChanged() -> [Command] {
    searchGeneration += 1
    let query = (prompt ?? "").trimmingCharacters(in: .whitespaces)
    guard !query.isEmpty else {
      if let before = beforePrompt {
        list = before.list
        list.resize(width: listWidth, height: listHeight)
      }
      let wasSearching = isSearching
      isSearching = false
      return wasSearching ? [.cancel(.search)] : []
    }
    isSearching = true
    return [.search(generation: searchGeneration, query: query, source: itemsSource)]
  }

  /// Esc in the prompt: the list and position from before it opened.
  @discardableResult
  mutating func cancelPrompt() -> [Command] {
    searchGeneration += 1
    let wasSearching = isSearching
    isSearching = false
    if let before = beforePrompt {
      list = before.list
      list.resize(width: listWidth, height: listHeight)
      searchQuery = before.query
    }
    if searchQuery == nil { savedList = nil }
    beforePrompt = nil
    prompt = nil
    status = nil
    let cancel: [Command] = wasSearching ? [.cancel(.search)] : []
    // `/` on the feed list opened "All items" for the search: Esc goes back to the list.
    if pages.items?.openedForSearch == true, searchQuery == nil, pages.feeds != nil {
      return cancel + closeItemsPage()
    }
    return cancel
  }

  /// Esc on a search result: the feed's list as it was.
  mutating func clearSearch() {
    guard searchQuery != nil, let saved = savedList else { return }
    list = saved
    list.resize(width: listWidth, height: listHeight)
    savedList = nil
    searchQuery = nil
    status = nil
  }

  mutating func showSearchResult(query: String, _ result: Result<LoadedList, LoadError>) {
    isSearching = false
    searchFailure = nil
    switch result {
    case .success(let loaded):
      var found = ItemList(loaded)
      found.resize(width: listWidth, height: listHeight)
      list = found
      status = loaded.chunks.isEmpty ? "No items by an artist matching “\(query)”" : nil
      if case .cached(_, let reason) = loaded.freshness {
        status = "Showing the cached copy: \(reason)"
      }
    case .failure(let error):
      guard error.kind != .cancelled else { return }
      searchFailure = error
      status = "Search failed: \(error.description)"
    }
  }
}
