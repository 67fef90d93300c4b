import FeedCore
import Foundation
import Testing

@testable import TUI

/// On a narrow screen the item view keeps names whole: its heading runs across the text
/// column under the picture, not squeezed beside it (issue 21, "saudade-pixe" / "ls").
@Suite("The item view on a narrow screen")
struct NarrowItemViewTests {
  @Test("at 30 columns and up, the artist's name is on one line", arguments: [30, 34, 40])
  func nameWhole(width: Int) {
    var item = Fixtures.item(0, author: "saudade-pixels", thumbnail: true, title: "Azulejo study")
    item.credits = []
    let view = DetailView(
      item: item, width: width, height: 24, timeZone: RenderContext.fixed.timeZone)
    let text = view.lines.map(\.text)
    #expect(text.contains { $0.contains("by saudade-pixels") }, "\(text)")
    #expect(!text.contains { $0.hasSuffix("saudade-pixe") })
  }
}
