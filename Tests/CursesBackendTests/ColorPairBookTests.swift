import Testing

@testable import CursesBackend

@Suite("Colour pairs on demand")
struct ColorPairBookTests {
  typealias Colors = ColorPairBook.Colors

  @Test("a combination keeps its pair; new ones get the next pair, defined once")
  func stable() {
    var book = ColorPairBook(capacity: 10)
    let red = Colors(foreground: 1, background: -1)
    let blue = Colors(foreground: 4, background: -1)
    #expect(book.pair(for: red) == .init(pair: 1, isNew: true))
    #expect(book.pair(for: blue) == .init(pair: 2, isNew: true))
    #expect(book.pair(for: red) == .init(pair: 1, isNew: false))
  }

  @Test("a full frame never redefines a pair it uses: the extra combination gets none")
  func fullFrame() {
    var book = ColorPairBook(capacity: 4)
    for colour in 0..<4 { _ = book.pair(for: Colors(foreground: Int32(colour), background: -1)) }
    #expect(book.pair(for: Colors(foreground: 9, background: 9)) == nil)
    book.beginFrame()
    #expect(book.pair(for: Colors(foreground: 9, background: 9))?.isNew == true)
  }

  @Test(
    "6,000 pictures in 1,000 frames: every cell's pair still means its colours at frame end",
    arguments: [64, 255, 4096])
  func thousandsOfPictures(capacity: Int) {
    var seed = UInt64(capacity) &* 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    var book = ColorPairBook(capacity: capacity)
    var unserved = 0
    for _ in 0..<1000 {
      book.beginFrame()
      var drawn: [(Int32, Colors)] = []
      // A screen of about six thumbnails: 72 cells each, colours from a 240-entry palette.
      for _ in 0..<(6 * 72) {
        let colors = Colors(foreground: Int32(16 + next(240)), background: Int32(16 + next(240)))
        if let grant = book.pair(for: colors) {
          drawn.append((grant.pair, colors))
        } else {
          unserved += 1
        }
      }
      for (pair, colors) in drawn where book.colors(ofPair: pair) != colors {
        Issue.record("pair \(pair) changed during its frame")
        return
      }
    }
    #expect(book.redefinitions > 0, "the table filled and pairs were reused")
    if capacity >= 6 * 72 { #expect(unserved == 0) } else { #expect(unserved > 0) }
  }
}
