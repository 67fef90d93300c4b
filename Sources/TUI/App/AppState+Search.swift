import FeedCore
import FeedStore

extension AppState {
  /// Opens the prompt; remembers what Esc restores.
  mutating func beginPrompt() {
    beforePrompt = (list, searchQuery)
    if savedList == nil { savedList = list }
    prompt = ""
    status = nil
  }

  /// Keys while the prompt is open: text edits the query, Enter keeps, Esc restores.
  mutating func handlePrompt(_ key: Key) -> [Command] {
    guard var text = prompt else { return [] }
    switch key {
    case .character(let character):
      guard !character.isNewline, character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) else {
        return []
      }
      text.append(character)
    case .backspace:
      if text.isEmpty { return cancelPrompt() }
      text.removeLast()
    case .control("u"):
      text = ""
    case .escape:
      return cancelPrompt()
    case .enter:
      prompt = nil
      let query = text.trimmingCharacters(in: .whitespaces)
      if query.isEmpty { cancelPrompt() } else { searchQuery = query }
      beforePrompt = nil
      return []
    default:
      return []
    }
    prompt = text
    return promptChanged()
  }

  /// The query changed: ask for the artist's items (results arrive as an event).
  mutating func promptChanged() -> [Command] {
    searchGeneration += 1
    let query = (prompt ?? "").trimmingCharacters(in: .whitespaces)
    guard !query.isEmpty else {
      if let before = beforePrompt { list = before.list }
      let wasSearching = isSearching
      isSearching = false
      return wasSearching ? [.cancel(.search)] : []
    }
    isSearching = true
    return [.search(generation: searchGeneration, query: query)]
  }

  /// Esc in the prompt: the list and position from before it opened.
  @discardableResult
  mutating func cancelPrompt() -> [Command] {
    searchGeneration += 1
    let wasSearching = isSearching
    isSearching = false
    if let before = beforePrompt {
      list = before.list
      searchQuery = before.query
    }
    if searchQuery == nil { savedList = nil }
    beforePrompt = nil
    prompt = nil
    return wasSearching ? [.cancel(.search)] : []
  }

  /// Esc on a search result: the feed's list as it was.
  mutating func clearSearch() {
    guard searchQuery != nil, let saved = savedList else { return }
    list = saved
    list.resize(width: listWidth, height: listHeight)
    savedList = nil
    searchQuery = nil
  }

  mutating func showSearchResult(query: String, _ result: Result<LoadedList, LoadError>) {
    isSearching = false
    searchFailure = nil
    switch result {
    case .success(let loaded):
      var found = ItemList(loaded)
      found.resize(width: listWidth, height: listHeight)
      list = found
      status = loaded.items.isEmpty ? "No items by an artist matching “\(query)”" : nil
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
