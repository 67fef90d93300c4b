import FeedCore
import Foundation
import Testing

@testable import TUI

/// Cost follows what is on screen: counted in rows measured, not timed.
@Suite("Rows measured by the app's list")
struct CostTests {
  /// 200k small items, every third with a thumbnail.
  static let manyItems: [FeedItem] = (0..<200_000).map { index in
    FeedItem(
      title: "Item \(index)", guid: "g\(index)",
      summary: String(repeating: "word ", count: index % 40),
      thumbnails: index % 3 == 0
        ? [MediaThumbnail(url: "https://t.example/\(index)", width: 96, height: 96)] : [])
  }

  @Test("open, page down, jump to the end and resizes measure only rows that reach the screen")
  func measuredRows() {
    var state = AppState(
      list: ItemList(title: "Many", items: Self.manyItems), isOffline: true, width: 80, height: 24)
    let screenLines = 22
    func check(_ step: String, _ action: (inout AppState) -> Void) {
      state.resetListStats()
      action(&state)
      let measured = state.list.stats.rowsMeasured
      let visible = state.list.visibleRows.count
      #expect(
        measured <= visible + screenLines, "\(step): \(measured) rows measured, \(visible) visible")
      #expect(measured <= 2 * screenLines, "\(step): \(measured) rows measured")
    }
    #expect(state.list.stats.rowsMeasured <= screenLines, "open")
    check("page down") { $0.press(.pageDown) }
    check("jump to end") { $0.press(.end) }
    check("resize to 50") { _ = $0.update(.resize(width: 50, height: 24)) }
    check("resize to 120x40") { _ = $0.update(.resize(width: 120, height: 40)) }
    check("jump to start") { $0.press(.home) }
    #expect(state.list.stats.measuredRows < 200, "a few screens' rows are measured, not 200k")
  }

  @Test("moving about a 200k-item list decodes the blocks of the rows it shows, not the feed")
  func decodedBlocks() {
    var state = AppState(
      list: ItemList(title: "Many", items: Self.manyItems), isOffline: true, width: 80, height: 24)
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    _ = state.render(now: now)
    func check(_ step: String, _ action: (inout AppState) -> Void) {
      let before = state.list.items.blockDecodes
      action(&state)
      _ = state.render(now: now)
      let decoded = state.list.items.blockDecodes - before
      // Measured rows (at most two screens, see above) span a few blocks of 32.
      #expect(decoded <= 4, "\(step): \(decoded) blocks decoded")
    }
    check("page down") { $0.press(.pageDown) }
    check("down") { $0.press(.down) }
    check("jump to end") { $0.press(.end) }
    check("resize to 50") { _ = $0.update(.resize(width: 50, height: 24)) }
    check("jump to start") { $0.press(.home) }
  }
}
