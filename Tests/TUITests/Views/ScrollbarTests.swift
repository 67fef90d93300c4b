import FeedCore
import Testing

@testable import TUI

@Suite("Scrollbar")
struct ScrollbarTests {
  @Test("the thumb touches the bottom exactly when the end is visible")
  func bottom() {
    for total in [11, 50, 1000] {
      for offset in 0...(total - 10) {
        let thumb = Scrollbar.thumb(offset: offset, visible: 10, total: total, track: 10)
        #expect(thumb.length >= 1)
        #expect(
          (thumb.start + thumb.length == 10) == (offset + 10 >= total),
          "total \(total) offset \(offset)")
        #expect((thumb.start == 0) == (offset == 0), "total \(total) offset \(offset)")
      }
    }
  }

  @Test("content that fits fills the track")
  func fits() {
    #expect(Scrollbar.thumb(offset: 0, visible: 10, total: 5, track: 10) == (0, 10))
  }
}
