import Glibc
import Testing

@testable import TextLayout

/// glibc's `wcwidth`, looked up at run time: Swift's Glibc module does not export it.
private let glibcWcwidth: (@convention(c) (Int32) -> Int32)? = {
  guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "wcwidth") else {
    return nil
  }
  return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
}()

@Suite("DisplayWidth")
struct DisplayWidthTests {
  @Test("every scalar's width equals glibc wcwidth under C.UTF-8, -1 counted as 0")
  func everyScalarMatchesGlibc() {
    #expect(setlocale(LC_ALL, "C.UTF-8") != nil)
    guard let wcwidth = glibcWcwidth else {
      Issue.record("wcwidth not found in this process")
      return
    }
    var widthMismatches: [String] = []
    var printableMismatches: [String] = []
    var checked = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let glibc = Int(wcwidth(Int32(value)))
      if DisplayWidth.of(scalar) != max(0, glibc) {
        widthMismatches.append(
          "U+\(String(value, radix: 16)): \(DisplayWidth.of(scalar)) vs \(glibc)")
      }
      if DisplayWidth.isPrintable(scalar) != (glibc >= 0) {
        printableMismatches.append("U+\(String(value, radix: 16))")
      }
      checked += 1
    }
    #expect(checked == 0x110000 - 0x800)
    #expect(
      widthMismatches.isEmpty, "\(widthMismatches.count) mismatches: \(widthMismatches.prefix(10))")
    #expect(printableMismatches.isEmpty, "\(printableMismatches.prefix(10))")
  }

  @Test(
    "a cluster is as wide as the sum of its scalars, as ncurses and tmux advance",
    arguments: [
      ("👨‍👩‍👧", 6), ("❤️", 1), ("🇯🇵", 2), ("👍🏽", 4), ("e\u{301}", 1), ("ｶ", 1), ("中", 2),
      ("a", 1), ("\u{301}", 0), ("\u{200D}", 0), ("👨‍👩‍👧‍👦", 8), ("\t", 0), ("\n", 0),
    ] as [(Character, Int)])
  func clusterWidths(character: Character, width: Int) {
    #expect(DisplayWidth.of(character) == width)
    #expect(DisplayWidth.of(String(character)) == width)
  }

  @Test(
    "a string is as wide as the sum of its clusters",
    arguments: [
      ("中文", 4), ("", 0), ("hello", 5), ("café", 4), ("한국어", 6), ("مرحبا", 5),
      ("Ｆｕｌｌ", 8), ("👨‍👩‍👧 family", 13), ("e\u{301}te\u{301}", 3),
    ])
  func stringWidths(text: String, width: Int) {
    #expect(DisplayWidth.of(text) == width)
    #expect(DisplayWidth.of(text[...]) == width)
    #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
  }

  @Test("a non-contiguous string is measured the same as a native one")
  func bridgedFallback() {
    let text = "中文 e\u{301} 👍🏽"
    let lazy = Substring(text.unicodeScalars.map(Character.init).map(String.init).joined())
    #expect(DisplayWidth.of(lazy) == DisplayWidth.of(text))
  }
}
