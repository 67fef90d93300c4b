import FeedCore
import FeedStore

/// The batches of the load under way, and where they go.
struct LoadProgress {
  /// Batches go straight into the feed's list on screen: it was empty when the first came
  /// (the first load), so the reader sees the first screen at once and the list grows.
  var inPlace = false
  /// Batches of a load over a list the reader already has (a reload, or a search on screen),
  /// gathered out of sight; the list replaces the feed's when the load ends, as a whole load
  /// would.
  var incoming: ItemList?
  /// A search was answered from the items read so far; it is asked again when the load ends.
  var searchWasPartial = false
}

extension AppState {
  /// The next batch of the load under way.
  mutating func applyBatch(_ batch: LoadedList) {
    if progress.inPlace {
      forEachFeedCopy { $0.appendBatch(batch.items) }
    } else if var incoming = progress.incoming {
      progress.incoming = nil  // uniquely referenced while it grows
      incoming.appendBatch(batch.items)
      progress.incoming = incoming
    } else {
      var fresh = ItemList(batch)
      fresh.loadGeneration = loadGeneration
      fresh.resize(width: listWidth, height: listHeight)
      if searchQuery == nil, prompt == nil, list.count == 0 {
        progress.inPlace = true
        list = fresh
      } else {
        progress.incoming = fresh
      }
    }
  }

  /// Applies `body` to every copy of the feed's list the load is filling: the list on
  /// screen, the one under a search, the one the prompt's Esc restores.
  private mutating func forEachFeedCopy(_ body: (inout ItemList) -> Void) {
    let generation = loadGeneration
    if list.loadGeneration == generation { body(&list) }
    if var saved = savedList, saved.loadGeneration == generation {
      savedList = nil
      body(&saved)
      savedList = saved
    }
    if let before = beforePrompt, before.list.loadGeneration == generation {
      var restored = before.list
      beforePrompt = nil
      body(&restored)
      beforePrompt = (restored, before.query)
    }
  }

  /// The load ended with the items left, after batches that went into the list on screen.
  mutating func finishInPlace(_ loaded: LoadedList) {
    forEachFeedCopy { list in
      list.appendBatch(loaded.items)
      list.finishLoading(loaded)
    }
  }

  /// The list a load that did not show its batches ends with (all its items), selecting the
  /// item the reader had selected.
  mutating func finishedIncoming(_ loaded: LoadedList) -> ItemList {
    var fresh: ItemList
    if var incoming = progress.incoming {
      progress.incoming = nil
      incoming.appendBatch(loaded.items)
      incoming.finishLoading(loaded)
      fresh = incoming
    } else {
      fresh = ItemList(loaded)
    }
    fresh.resize(width: listWidth, height: listHeight)
    if let selected = (savedList ?? list).selectedItem {
      fresh.select(matching: selected)
    }
    return fresh
  }

  /// Shows a finished feed list, or keeps it under the search on screen.
  mutating func replaceFeedList(with fresh: ItemList) {
    if searchQuery != nil || prompt != nil {
      // A search is on screen: the feed waits underneath, where Esc will bring it back.
      savedList = fresh
      if let before = beforePrompt, before.query == nil { beforePrompt = (fresh, nil) }
    } else {
      list = fresh
    }
  }

  /// The load ended (finished, failed or cancelled): nothing follows its end any more.
  mutating func endProgress() {
    if progress.inPlace { forEachFeedCopy { $0.stopFollowing() } }
    progress = LoadProgress()
  }

  /// The artist search on screen (or in the prompt) again, if it was answered from part of
  /// the feed.
  mutating func searchAgainIfPartial() -> [Command] {
    defer { progress.searchWasPartial = false }
    let query = (prompt ?? searchQuery ?? "").trimmingCharacters(in: .whitespaces)
    guard progress.searchWasPartial, !query.isEmpty else { return [] }
    searchGeneration += 1
    isSearching = true
    return [.search(generation: searchGeneration, query: query, source: itemsSource)]
  }

  /// True while batches go into the list on screen (the title bar says "loading").
  var listIsLoading: Bool {
    isLoading && progress.inPlace && list.loadGeneration == loadGeneration
  }
}
