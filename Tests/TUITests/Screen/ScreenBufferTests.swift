import Testing

@testable import TUI

@Suite("ScreenBuffer")
struct ScreenBufferTests {
  @Test("text is clipped at the right edge and at the limit")
  func clipping() {
    var buffer = ScreenBuffer(width: 5, height: 2)
    buffer.put("abcdefgh", x: 0, y: 0, style: .normal)
    buffer.put("xyz", x: 1, y: 1, style: .normal, limit: 3)
    #expect(buffer.lines == ["abcde", " xy  "])
  }

  @Test("a wide character takes a cell plus a continuation cell and is never cut")
  func wideCharacters() {
    var buffer = ScreenBuffer(width: 5, height: 1)
    let end = buffer.put("中文字", x: 0, y: 0, style: .normal)
    #expect(end == 4)
    #expect(buffer.lines == ["中文 "])
    #expect(buffer[1, 0].isContinuation)
    #expect(buffer[4, 0].text == " ")
  }

  @Test("trimmed lines drop blank cells at the end only: styled blanks too, wide cells never")
  func trimmedLines() {
    var buffer = ScreenBuffer(width: 8, height: 4)
    buffer.put(" a b", x: 0, y: 0, style: .normal)
    buffer.put("中", x: 6, y: 1, style: .normal)
    buffer.fill(x: 0, y: 2, width: 8, height: 1, style: .bar)
    buffer.put("x\u{301}", x: 2, y: 3, style: .normal)
    #expect(buffer.trimmedLines == [" a b", "      中", "", "  x\u{301}"])
    #expect(buffer.lines == [" a b    ", "      中", "        ", "  x\u{301}     "])
    // The old rule, on the joined text, as the reference.
    let reference = buffer.lines.map { line in
      var text = Substring(line)
      while text.last == " " { text = text.dropLast() }
      return String(text)
    }
    #expect(buffer.trimmedLines == reference)
  }

  @Test("overwriting half of a wide character blanks the other half")
  func overwriteHalf() {
    var buffer = ScreenBuffer(width: 4, height: 1)
    buffer.put("中中", x: 0, y: 0, style: .normal)
    buffer.put("x", x: 1, y: 0, style: .normal)
    #expect(buffer.lines == [" x中"])
  }

  @Test("control characters never reach a cell")
  func controlsDropped() {
    var buffer = ScreenBuffer(width: 10, height: 1)
    buffer.put("a\u{1B}[2Jb\u{7}c\u{9B}d", x: 0, y: 0, style: .normal)
    #expect(buffer.lines == ["a[2Jbcd   "])
  }

  @Test("writes outside the buffer are ignored", arguments: [(-1, 0), (0, -1), (0, 3), (9, 0)])
  func outside(x: Int, y: Int) {
    var buffer = ScreenBuffer(width: 3, height: 3)
    buffer.put("zz", x: x, y: y, style: .normal)
    #expect(buffer.lines.joined().filter { $0 == "z" }.count <= 1)
  }

  @Test("a 0x0 buffer has no lines")
  func empty() {
    var buffer = ScreenBuffer(width: 0, height: 0)
    buffer.put("x", x: 0, y: 0, style: .normal)
    #expect(buffer.lines.isEmpty)
  }
}
