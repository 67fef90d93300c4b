import TestSupport
import Testing
import TextLayout

@testable import TUI

@Suite("RowLayout at every width")
struct RowLayoutSweepTests {
  static let samples: [(title: String?, subtitle: String?)] = [
    ("Sunset over the harbour", "Oil on canvas, 2024"),
    (nil, nil),
    ("", "   "),
    ("日本語のタイトル：夕焼けの港", "中文副标题，没有空格的长句子需要在字符之间换行。"),
    ("👨‍👩‍👧 Family portrait ❤️ 🇯🇵", "👍🏽 thanks for 1000 watchers 🎨✨ 👨‍👩‍👧‍👦"),
    ("Cafe\u{301} crème brûlée", "Tiếng Việt có dấu, e\u{301} \u{301}orphan"),
    ("Tabs\there\tand\tthere", "Line one\nLine two\n\nParagraph two\twith a tab"),
    (
      "https://www.deviantart.com/someartist/art/Some-Very-Long-Title-123456789",
      String(repeating: "A long subtitle that goes on and on. ", count: 20)
    ),
    ("\u{1B}[31mred\u{1B}[0m \u{202E}evil\u{202C}", "\u{200B}zero\u{FEFF} width\r\nCRLF"),
  ]

  @Test("every width 0...200: lines inside the row, clear of the box, heights agree, text kept")
  func sweep() {
    let metrics = RowMetrics.standard
    for (index, sample) in Self.samples.enumerated() {
      for hasThumbnail in [false, true] {
        for width in 0...200 {
          let context = "sample \(index) thumbnail \(hasThumbnail) width \(width)"
          let layout = RowLayout.make(
            title: sample.title, subtitle: sample.subtitle, hasThumbnail: hasThumbnail,
            width: width)
          if let problem = check(
            layout, sample: sample, hasThumbnail: hasThumbnail, metrics: metrics)
          {
            Issue.record("\(context): \(problem)")
            return
          }
        }
      }
    }
  }

  /// The first broken rule of the row, if any.
  private func check(
    _ layout: RowLayout, sample: (title: String?, subtitle: String?), hasThumbnail: Bool,
    metrics: RowMetrics
  ) -> String? {
    let width = layout.width
    let height = RowLayout.height(
      title: sample.title, subtitle: sample.subtitle, hasThumbnail: hasThumbnail, width: width)
    if layout.height != height { return "height \(layout.height), height(...) \(height)" }
    if layout.separatorY != layout.height - 1 { return "separator not on the last line" }
    let isImage = hasThumbnail && width >= metrics.minimumImageRowWidth
    if (layout.kind == .image) != isImage || (layout.thumbnailBox != nil) != isImage {
      return "kind \(layout.kind)"
    }
    if let box = layout.thumbnailBox, box.width < metrics.thumbnailColumns {
      // The picture gave way first: the text keeps its comfortable width, unless the box is
      // already as small as it gets.
      let text = width - 2 * metrics.horizontalMargin - metrics.thumbnailGap - box.width
      if text != metrics.comfortableTextColumns, box.width != metrics.minimumThumbnailColumns {
        return "box \(box) shrank while the text has \(text) columns"
      }
    }
    let contentEnd = layout.separatorY - metrics.bottomPadding
    let (textX, textWidth) = expectedTextColumn(layout, metrics: metrics)
    if let box = layout.thumbnailBox,
      box.x < 0 || box.maxX > width || box.y < metrics.topPadding || box.maxY > contentEnd
    {
      return "box \(box) outside the row"
    }
    for (offset, line) in layout.lines.enumerated() {
      if line.x < 0 || line.x + line.width > width || (line.width > 0 && line.x >= width) {
        return "line \(line) outside [0, \(width))"
      }
      if line.x != textX || line.width > textWidth {
        return "line \(line) outside the text column \(textX) + \(textWidth)"
      }
      if line.y != metrics.topPadding + offset || line.y >= contentEnd {
        return "line \(line) on the wrong line"
      }
      if line.width != DisplayWidth.of(line.text) { return "line \(line) width is wrong" }
      if let box = layout.thumbnailBox, (box.y..<box.maxY).contains(line.y),
        line.x < box.maxX && line.x + line.width > box.x
      {
        return "line \(line) overlaps the box"
      }
    }
    return contentProblem(layout, sample: sample, textWidth: textWidth, metrics: metrics)
  }

  /// Where the text column should be, from the metrics alone: beside the box with the right
  /// margin kept, or between margins shrunk just enough to leave a column on tiny rows.
  private func expectedTextColumn(_ layout: RowLayout, metrics: RowMetrics) -> (x: Int, width: Int)
  {
    let margin = metrics.horizontalMargin
    if layout.kind == .image, let box = metrics.thumbnailBox(forWidth: layout.width) {
      let x = margin + box.columns + metrics.thumbnailGap
      return (x, layout.width - x - margin)
    }
    let shrunk = layout.width >= 2 * margin + 1 ? margin : max(0, (layout.width - 1) / 2)
    return (shrunk, max(0, layout.width - 2 * shrunk))
  }

  /// Whether the title and subtitle lines show exactly the prepared text.
  private func contentProblem(
    _ layout: RowLayout, sample: (title: String?, subtitle: String?), textWidth: Int,
    metrics: RowMetrics
  ) -> String? {
    let text = RowText(
      title: sample.title, subtitle: sample.subtitle, titleLimit: metrics.titleLimit,
      subtitleLimit: metrics.subtitleLimit)
    if textWidth == 0 { return layout.lines.isEmpty ? nil : "lines at text width 0" }
    let parts: [(String?, PlacedLine.Style)] = [(text.title, .title), (text.subtitle, .subtitle)]
    for (expected, style) in parts {
      let shown = layout.lines.filter { $0.style == style }.map(\.text)
      guard let expected else {
        if shown.isEmpty { continue } else { return "unexpected \(style) lines" }
      }
      if let difference = contentDifference(
        input: expected, output: shown, width: textWidth)
      {
        return "\(style): \(difference)"
      }
    }
    return nil
  }
}
