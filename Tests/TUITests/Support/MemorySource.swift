import FeedCore
import FeedLoading
import FeedModel
import Foundation
import Testing

@testable import TUI

/// A source answering from memory, so run-loop tests need no files.
struct MemorySource: FeedSource {
  var items: [FeedItem]
  var searchesOnline: Bool { false }
  func loadMain() async throws(LoadError) -> LoadedList {
    LoadedList(title: "Memory", items: items, isOffline: true)
  }
  func search(artist query: String) async throws(LoadError) -> LoadedList {
    LoadedList(
      title: "Artist: \(query)", items: ArtistMatch.search(items, query: query), isOffline: true)
  }
  func page(at url: URL) async throws(LoadError) -> LoadedList {
    throw LoadError(.unavailable, "no pages")
  }
}
