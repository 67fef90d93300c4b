import FeedCore
import FeedModel
import Foundation
import Pictures
import Testing

@testable import TUI

/// Starring or saving an item pins its pictures in the memory cache and asks the disk cache
/// to keep them; unstarring lets them go.
@Suite("Pictures of starred and saved items are kept")
struct KeptPicturesTests {
  static let url = "https://img.example/0.jpg"

  static func starredState() -> (AppState, [Command]) {
    var state = Fixtures.state()
    _ = state.attachState(mainFeed: nil)
    let commands = state.update(.key(.character("s")))
    return (state, commands)
  }

  @Test("s pins the item's pictures and asks the disk cache to keep them; s again lets go")
  func star() {
    var (state, commands) = Self.starredState()
    #expect(commands.contains(.keepPictures([Self.url], true)))
    let key = state.pictures.key(url: Self.url, columns: 12, rows: 6)
    state.pictures.cache.insert(PictureCells.blank(columns: 12, rows: 6), for: key)
    #expect(state.pictures.cache.isPinned(key))
    let again = state.update(.key(.character("s")))
    #expect(again.contains(.keepPictures([Self.url], false)))
    #expect(!state.pictures.cache.isPinned(key))
  }

  @Test("a starred item's thumbnail outlives a cache full of other pictures")
  func outlives() {
    let (state, _) = Self.starredState()
    let cache = state.pictures.cache
    let key = state.pictures.key(url: Self.url, columns: 12, rows: 6)
    cache.insert(PictureCells.blank(columns: 12, rows: 6), for: key)
    let others = cache.byteBudget / PictureCells.blank(columns: 12, rows: 6).estimatedByteCount
    for n in 0..<others * 2 {
      let other = state.pictures.key(url: "https://img.example/other\(n).jpg", columns: 12, rows: 6)
      cache.insert(PictureCells.blank(columns: 12, rows: 6), for: other)
    }
    #expect(cache.cells(for: key) != nil)
  }

  @Test("d pins the saved item's pictures too")
  func save() {
    var state = Fixtures.state()
    let commands = state.update(.key(.character("d")))
    #expect(commands.contains(.keepPictures([Self.url], true)))
  }

  @Test("an item without pictures asks nothing")
  func none() {
    var state = Fixtures.state()
    _ = state.attachState(mainFeed: nil)
    _ = state.update(.key(.character("j")))
    let commands = state.update(.key(.character("s")))
    #expect(!commands.contains { if case .keepPictures = $0 { true } else { false } })
  }
}
