import Testing
import TextLayout

@testable import TUI

/// Draws a row as plain text: the box as a `+--+` frame, the separator as dashes, trailing
/// spaces trimmed. Lines are placed by their display width, so wide characters line up.
private func render(_ layout: RowLayout) -> String {
  var rows = [[(x: Int, text: String, width: Int)]](repeating: [], count: layout.height)
  if let box = layout.thumbnailBox {
    for y in box.y..<box.maxY {
      let edge = y == box.y || y == box.maxY - 1
      let fill = String(repeating: edge ? "-" : " ", count: box.width - 2)
      let text = edge ? "+\(fill)+" : "|\(fill)|"
      rows[y].append((box.x, text, box.width))
    }
  }
  for line in layout.lines {
    rows[line.y].append((line.x, line.text, line.width))
  }
  rows[layout.separatorY] = [(0, String(repeating: "-", count: layout.width), layout.width)]
  return rows.map { items in
    var text = ""
    var column = 0
    for item in items.sorted(by: { $0.x < $1.x }) {
      text += String(repeating: " ", count: max(0, item.x - column)) + item.text
      column = item.x + item.width
    }
    while text.last == " " { text.removeLast() }
    return text
  }.joined(separator: "\n")
}

@Suite("RowLayout")
struct RowLayoutTests {
  static let title = "Sunset over the harbour, oil on canvas"
  static let subtitle = "Painted on location over three evenings."

  @Test("basic row: padding, title, subtitle, padding, separator, 2-column margins")
  func basicRow() {
    let layout = RowLayout.make(
      title: Self.title, subtitle: Self.subtitle, hasThumbnail: false, width: 40)
    #expect(layout.kind == .basic)
    #expect(
      render(layout) == """

          Sunset over the harbour, oil on
          canvas
          Painted on location over three
          evenings.

        ----------------------------------------
        """)
    #expect(layout.lines.map(\.style) == [.title, .title, .subtitle, .subtitle])
  }

  @Test("image row: box at the margin, 2-column gap, row as tall as the box")
  func imageRow() {
    let layout = RowLayout.make(
      title: Self.title, subtitle: Self.subtitle, hasThumbnail: true, width: 40)
    #expect(layout.kind == .image)
    // 40 columns: the box gives up two columns so the text keeps 24 (shape kept: 10 x 5).
    #expect(layout.thumbnailBox == BoxRect(x: 2, y: 1, width: 10, height: 5))
    #expect(
      render(layout) == """

          +--------+  Sunset over the harbour,
          |        |  oil on canvas
          |        |  Painted on location over
          |        |  three evenings.
          +--------+

        ----------------------------------------
        """)
  }

  @Test("image row: text taller than the box makes the row taller")
  func tallText() {
    let layout = RowLayout.make(
      title: "One two three four five six seven eight nine ten eleven twelve thirteen",
      subtitle: "fourteen", hasThumbnail: true, width: 30)
    // 30 columns: the smallest box (6 x 3), and 18 columns of text.
    #expect(
      render(layout) == """

          +----+  One two three four
          |    |  five six seven
          +----+  eight nine ten
                  eleven twelve
                  thirteen
                  fourteen

        ------------------------------
        """)
    #expect(layout.height == 9)
  }

  @Test("an image row narrower than 22 columns falls back to the basic layout")
  func fallback() {
    #expect(RowLayout.make(title: "t", subtitle: nil, hasThumbnail: true, width: 22).kind == .image)
    let narrow = RowLayout.make(title: "t", subtitle: nil, hasThumbnail: true, width: 21)
    #expect(narrow.kind == .basic)
    #expect(narrow.thumbnailBox == nil)
  }

  @Test(
    "on a narrow row the picture shrinks before the text (the text keeps 24 columns)",
    arguments: [
      (100, 12, 6, 82), (42, 12, 6, 24), (41, 11, 6, 24), (36, 6, 3, 24), (34, 6, 3, 22),
      (30, 6, 3, 18), (22, 6, 3, 10),
    ])
  func shrinksPictureFirst(width: Int, columns: Int, rows: Int, text: Int) throws {
    let layout = RowLayout.make(
      title: "saudade-pixels at thirty columns", subtitle: nil, hasThumbnail: true, width: width)
    let box = try #require(layout.thumbnailBox)
    #expect(box.width == columns && box.height == rows, "\(box)")
    let line = try #require(layout.lines.first)
    #expect(line.x == 2 + columns + 2)
    #expect(width - line.x - 2 == text)
  }

  @Test("no title shows (untitled); an empty subtitle takes no lines")
  func missingText() {
    for title in [nil, "", "  \n\t ", "\u{200B}\u{1B}[0m"] as [String?] {
      let layout = RowLayout.make(title: title, subtitle: "  ", hasThumbnail: false, width: 30)
      #expect(layout.lines.map(\.text) == ["(untitled)"])
      #expect(layout.height == 4)
    }
  }

  @Test("the subtitle is sanitized, then cut to 200 clusters and \"…\", then wrapped")
  func subtitleTruncated() {
    let subtitle = "\u{1B}[1m" + String(repeating: "ab ", count: 100) + "\u{202E}"
    let layout = RowLayout.make(title: "t", subtitle: subtitle, hasThumbnail: false, width: 84)
    let text = layout.lines.filter { $0.style == .subtitle }.map(\.text).joined(separator: " ")
    #expect(text == String(repeating: "ab ", count: 66) + "ab…")
  }

  @Test("a row's title is cut to 300 clusters and \"…\"; the height agrees")
  func titleTruncated() {
    let title = String(repeating: "word ", count: 100)
    let layout = RowLayout.make(title: title, subtitle: nil, hasThumbnail: false, width: 84)
    let text = layout.lines.filter { $0.style == .title }.map(\.text).joined(separator: " ")
    #expect(text == String(repeating: "word ", count: 60) + "…")
    #expect(
      RowLayout.height(title: title, subtitle: nil, hasThumbnail: false, width: 84)
        == layout.height)
  }

  @Test("huge fields cost what short ones do: a 20 MB title and subtitle make a short row")
  func hugeFields() {
    // Escape sequences all along, and one cut where the raw text is cut: none survives.
    let huge = String(repeating: "\u{1B}]52;c;QUJD\u{07}abc \u{202E}", count: 1_000_000)
    let layout = RowLayout.make(
      title: huge, byline: huge, subtitle: huge, hasThumbnail: true, width: 60)
    #expect(layout.height < 40)
    let shown = layout.lines.map(\.text).joined()
    #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
    #expect(!shown.contains("52;"))
    let title = layout.lines.filter { $0.style == .title }.map(\.text).joined()
    #expect(title.hasSuffix("…"))
  }

  @Test("tiny widths shrink the margins and still give a defined row")
  func tinyWidths() {
    let zero = RowLayout.make(title: "Title", subtitle: "Sub", hasThumbnail: true, width: 0)
    #expect(zero.lines.isEmpty)
    #expect(zero.height == 3)
    #expect(zero.separatorY == 2)
    let margins = (1...6).map { width in
      RowLayout.make(title: "T", subtitle: nil, hasThumbnail: false, width: width).lines[0].x
    }
    #expect(margins == [0, 0, 1, 1, 2, 2])
    let one = RowLayout.make(title: "中文", subtitle: nil, hasThumbnail: false, width: 1)
    #expect(one.lines.map(\.text) == ["\u{FFFD}", "\u{FFFD}"])
  }
}
