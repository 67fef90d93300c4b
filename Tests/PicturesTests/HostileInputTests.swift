import Foundation
import TestSupport
import Testing

@testable import Pictures

/// Picture bombs and pictures that lie about their size, decoded and converted as the
/// browser does; time bounds are generous (a debug build on a loaded 2-core machine).
@Suite("Hostile input: picture bombs and liars")
struct HostileInputTests {
  /// 3000x3000 here (9 megapixels from 55 KB); the 6000x6000 one (36 megapixels from
  /// 220 KB) is decoded in a process of its own, measured, by the end-to-end
  /// `HostileBoundsTests`, so that these parallel tests stay light.
  @Test("a 55 KB PNG of 3000x3000 pixels, under the 40-megapixel bound, decodes and converts")
  func decompressionBomb() throws {
    let bomb = HostileCorpus.pngBomb(width: 3000, height: 3000)
    #expect(bomb.count < 60_000)
    let start = Date()
    let picture = try PictureDecoder.decode(bomb)
    #expect(picture.width == 3000 && picture.height == 3000)
    let cells = CellConverter(depth: .indexed256).cells(for: picture, columns: 12, rows: 6)
    #expect(cells.columns == 12 && cells.rows == 6)
    let seconds = Date().timeIntervalSince(start)
    #expect(seconds < 30, "the bomb took \(seconds) s")
  }

  @Test("the same bomb at 7000x7000 (49 megapixels) is refused before any pixel is made")
  func biggerBomb() {
    let bomb = HostileCorpus.pngBomb(width: 7000, height: 7000)
    let start = Date()
    #expect(throws: PictureError.tooLarge(width: 7000, height: 7000)) {
      try PictureDecoder.decode(bomb)
    }
    #expect(Date().timeIntervalSince(start) < 5)
  }

  @Test("a JPEG that claims 6000x6000 and ends after its scan header is damaged, not a crash")
  func lyingJPEG() {
    let start = Date()
    #expect {
      try PictureDecoder.decode(HostileCorpus.jpegClaiming(width: 6000, height: 6000))
    } throws: { error in
      guard case .corrupt = error as? PictureError else { return false }
      return true
    }
    #expect(Date().timeIntervalSince(start) < 10)
  }

  @Test("headers claiming the largest sizes their formats can say are refused at once")
  func largestClaims() {
    let inputs: [(Data, Int, Int)] = [
      (Fixtures.png(claiming: 0x7FFF_FFFF, 0x7FFF_FFFF), 0x7FFF_FFFF, 0x7FFF_FFFF),
      (Fixtures.gifScreen(claiming: 65535, 65535), 65535, 65535),
      (Fixtures.jpeg(claiming: 65535, 65535), 65535, 65535),
      (HostileCorpus.jpegClaiming(width: 65535, height: 65535), 65535, 65535),
    ]
    for (data, width, height) in inputs {
      #expect {
        try PictureDecoder.decode(data)
      } throws: { error in
        // libpng refuses sizes over its own limit as a header error; either is a refusal.
        switch error as? PictureError {
        case .tooLarge(let w, let h): return w == width && h == height
        case .corrupt: return true
        default: return false
        }
      }
    }
  }
}
