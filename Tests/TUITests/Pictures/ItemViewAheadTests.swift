import FeedCore
import FeedModel
import Foundation
import Pictures
import Testing

@testable import TUI

/// The item view reads its neighbours ahead and shows a preview until its picture is made.
@Suite("The item view's neighbours and preview")
struct ItemViewAheadTests {
  @Test("once its picture is made, the item view reads ahead the next and previous pictures")
  func neighbours() throws {
    var state = ViewerPageTests.state()
    _ = state.update(.key(.character("j")))
    let opened = state.update(.key(.enter))
    let first = try #require(ViewerPageTests.wishes(opened))
    #expect(first.map(\.url) == ["https://img.example/1-0.png"])
    let made = state.update(
      .pictureReady(first[0], .success(.cells(.blank(columns: first[0].columns, rows: 1)))))
    let then = try #require(ViewerPageTests.wishes(made))
    #expect(
      then.map(\.url) == ["https://img.example/3-0.png", "https://img.example/0-0.png"],
      "the item without a picture is passed over")
    // The very keys the item view of those items asks for.
    _ = state.update(.key(.escape))
    _ = state.update(.key(.character("k")))
    _ = state.update(.key(.enter))
    let detail = try #require(state.detail)
    #expect(state.detailPictureKey(detail) == then[1])
  }

  @Test("until its picture is made, the item view's box shows the row's thumbnail enlarged")
  func preview() throws {
    var state = ViewerPageTests.state(depth: .none)
    let rowKey = try #require(state.pictures.asked.first)
    let thumbnail = CellConverter(depth: .none).cells(
      for: quadrantPicture(), columns: rowKey.columns, rows: rowKey.rows)
    _ = state.update(.pictureReady(rowKey, .success(.cells(thumbnail))))
    _ = state.update(.key(.enter))
    let screen = state.render(now: Date(timeIntervalSince1970: 0)).lines.joined()
    #expect(!screen.contains("loading"))
    #expect(screen.filter { "░▒▓█".contains($0) }.count > 200)
  }
}
