import Testing
import TextLayout

import FeedArt

@testable import TUI

@Suite("ThumbnailChooser")
struct ThumbnailChooserTests {
  @Test("the box is 96 x 96 px with 8 x 16 px cells")
  func target() {
    #expect(RowMetrics.standard.thumbnailPixelSize == (96, 96))
  }

  @Test("the candidate closest in scale wins")
  func closest() {
    let sizes: [(width: Int?, height: Int?)] = [(150, 150), (300, 300), (75, 75)]
    #expect(ThumbnailChooser.bestIndex(of: sizes) == 2)
    #expect(ThumbnailChooser.bestIndex(of: sizes, targetWidth: 160, targetHeight: 160) == 0)
    #expect(ThumbnailChooser.bestIndex(of: sizes, targetWidth: 1000, targetHeight: 1000) == 1)
  }

  @Test("unknown sizes rank last; one known dimension ranks between")
  func unknownLast() {
    #expect(ThumbnailChooser.bestIndex(of: [(nil, nil), (4000, 4000)]) == 1)
    #expect(ThumbnailChooser.bestIndex(of: [(nil, 96), (4000, 4000)]) == 1)
    #expect(ThumbnailChooser.bestIndex(of: [(nil, nil), (nil, 500)]) == 1)
    #expect(ThumbnailChooser.bestIndex(of: [(0, 0), (-5, 10), (nil, nil), (10, 10)]) == 3)
    #expect(ThumbnailChooser.bestIndex(of: [(nil, nil), (0, nil)]) == 0)
  }

  @Test("ties go to the earlier candidate; no candidates gives nil")
  func ties() {
    #expect(ThumbnailChooser.bestIndex(of: [(96, 96), (96, 96)]) == 0)
    #expect(ThumbnailChooser.bestIndex(of: [(192, 48), (48, 192)]) == 0)
    #expect(ThumbnailChooser.bestIndex(of: [(48, 48), (192, 192)]) == 0)
    #expect(ThumbnailChooser.bestIndex(of: []) == nil)
  }
}
