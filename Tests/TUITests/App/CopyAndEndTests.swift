import FeedCore
import FeedModel
import Foundation
import Testing

@testable import TUI

/// `y` copies the item's link (OSC 52 through the screen); the end of a list is said.
@Suite("Copying the link; the end of the feed")
struct CopyAndEndTests {
  @Test("y on the list and in the item asks the screen to copy the link; no link is said")
  func copy() {
    var state = Fixtures.state()
    let link = try? #require(state.list.selectedItem?.link)
    #expect(state.update(.key(.character("y"))) == [.copyToClipboard(link ?? "")])
    state.press(.enter)
    #expect(state.topPage == .item)
    #expect(state.update(.key(.character("y"))) == [.copyToClipboard(link ?? "")])
    #expect(state.render(.fixed).trimmedLines.last?.contains("y copy it") == true)

    var unsafe = Fixtures.state(items: [
      FeedItem(title: "No link", guid: "a"), FeedItem(title: "A file", link: "file:///etc/passwd"),
    ])
    #expect(unsafe.update(.key(.character("y"))) == [])
    #expect(unsafe.status == "This item has no web link")
    unsafe.press(.down)
    #expect(unsafe.update(.key(.character("y"))) == [], "only http(s) links are copied")
  }

  @Test("a complete list says where it ends: a line after the last row, and the position")
  func endOfFeed() {
    var short = Fixtures.state(width: 80, height: 30, items: Array(Fixtures.items.prefix(2)))
    var screen = short.render(.fixed).trimmedLines
    #expect(screen.contains { $0.contains("— end of the feed —") }, "\(screen)")
    short.press(.end)
    #expect(short.render(.fixed).trimmedLines.last?.hasPrefix(" 2/2 end") == true)

    var long = Fixtures.state(width: 80, height: 30)
    screen = long.render(.fixed).trimmedLines
    #expect(!screen.contains { $0.contains("end of the feed") }, "not on screen yet")
    #expect(screen.last?.hasPrefix(" 1/30  ") == true)
    long.press(.end)
    #expect(long.render(.fixed).trimmedLines.last?.hasPrefix(" 30/30 end") == true)
  }

  @Test("no end while more may come: a next page, a load, a partial list")
  func notTheEnd() throws {
    var paged = LoadedList(title: "Paged", items: Array(Fixtures.items.prefix(2)), isOffline: false)
    paged.nextPage = URL(string: "https://example.org/page2")
    var state = AppState(list: ItemList(paged), isOffline: false, width: 80, height: 30)
    state.press(.end)
    let screen = state.render(.fixed).trimmedLines
    #expect(!screen.contains { $0.contains("end of the") })
    #expect(screen.last?.contains("2/2 end") == false)

    var loading = AppState(isOffline: true, width: 80, height: 30)
    _ = loading.startLoading()
    loading.send([
      .loadProgress(
        generation: 1,
        LoadedList(title: "F", items: Array(Fixtures.items.prefix(2)), isOffline: true))
    ])
    #expect(!loading.render(.fixed).trimmedLines.contains { $0.contains("end of the") })
    loading.send([
      .loaded(generation: 1, .success(LoadedList(title: "F", items: [], isOffline: true)))
    ])
    #expect(loading.render(.fixed).trimmedLines.contains { $0.contains("— end of the feed —") })
  }
}
