import TUI
import TextLayout

/// Generated rows for the benchmark: a deterministic pseudo-random title and subtitle per row,
/// word-wrapped greedily to the width with the row layout's padding.
///
/// It does the kind of work a real row layout does (build a string, walk it, wrap it) so that
/// measuring a row costs something, as it will with TextLayout. Rows with `row % 3 == 2` are
/// image rows (a 12x6 thumbnail box and a 2-column gap beside the text), matching the kinds
/// pattern `[0, 0, 1]`.
enum SyntheticRows {
  /// The kinds of one period: two basic rows, then an image row.
  static let kindPattern = [0, 0, 1]

  /// Margins, box and padding, as in issue 3's row layouts.
  static let margin = RowMetrics.standard.horizontalMargin
  static let boxWidth = RowMetrics.standard.thumbnailColumns
  static let boxHeight = RowMetrics.standard.thumbnailRows
  static let gap = RowMetrics.standard.thumbnailGap
  static let minimumTextWidth = RowMetrics.standard.minimumTextColumns
  /// Top padding, bottom padding and the separator line.
  static let paddingLines =
    RowMetrics.standard.topPadding + RowMetrics.standard.bottomPadding
    + RowMetrics.standard.separatorHeight

  /// The row's height in lines at `width` columns.
  static func height(row: Int, width: Int) -> Int {
    let text = text(ofRow: row)
    let basicWidth = max(1, width - 2 * margin)
    let besideBox = width - 2 * margin - boxWidth - gap
    if row % 3 == 2 && besideBox >= minimumTextWidth {
      return max(boxHeight, wrappedLineCount(text, width: besideBox)) + paddingLines
    }
    return wrappedLineCount(text, width: basicWidth) + paddingLines
  }

  /// The starting estimate per kind: the mean text length (about 140 characters) wrapped.
  static func estimate(kind: Int, width: Int) -> Int {
    let basicWidth = max(1, width - 2 * margin)
    let besideBox = width - 2 * margin - boxWidth - gap
    if kind == 1 && besideBox >= minimumTextWidth {
      return max(boxHeight, (140 + besideBox - 1) / besideBox) + paddingLines
    }
    return (140 + basicWidth - 1) / basicWidth + paddingLines
  }

  /// 4 to 43 words of 1 to 10 lowercase letters, from a hash of the row.
  static func text(ofRow row: Int) -> String {
    var state = UInt64(bitPattern: Int64(row)) &* 0x9E37_79B9_7F4A_7C15 | 1
    func next() -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % 1_000_003)
    }
    var text = ""
    let wordCount = 4 + next() % 40
    for index in 0..<wordCount {
      if index > 0 { text.append(" ") }
      let letter = Character(Unicode.Scalar(UInt8(97 + next() % 26)))
      text.append(String(repeating: letter, count: 1 + next() % 10))
    }
    return text
  }

  /// Lines of greedy word wrapping at `width` columns (ASCII text); long words break.
  static func wrappedLineCount(_ text: String, width: Int) -> Int {
    var lines = 1
    var column = 0
    for word in text.utf8.split(separator: UInt8(ascii: " ")) {
      var length = word.count
      if column > 0 && column + 1 + length <= width {
        column += 1 + length
        continue
      }
      if column > 0 { lines += 1 }
      while length > width {
        lines += 1
        length -= width
      }
      column = length
    }
    return lines
  }
}
