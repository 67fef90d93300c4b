import TextLayout

/// One terminal cell: a grapheme cluster and its style.
///
/// A cluster wider than one cell is stored in its first cell; the cells it covers after that
/// are continuation cells (`text` empty, `isContinuation` true) so columns stay aligned.
public struct Cell: Sendable, Equatable {
  public var text: String
  public var style: Style
  public var isContinuation: Bool

  public init(_ text: String = " ", style: Style = .normal, isContinuation: Bool = false) {
    self.text = text
    self.style = style
    self.isContinuation = isContinuation
  }

  static let blank = Cell()

  /// A plain blank: the text is one space (its style does not matter to the text).
  var isBlankText: Bool { !isContinuation && text.utf8.count == 1 && text.utf8.first == 0x20 }
}

/// An in-memory screen: what a frame looks like, before any terminal sees it.
///
/// Views draw into a buffer; the curses backend copies it to the terminal, tests compare its
/// `lines` with expected text. Every write is clipped to the buffer and to the caller's limit,
/// and text is sanitized, so no view can spill past the edge or send a control character.
public struct ScreenBuffer: Sendable, Equatable {
  public private(set) var width: Int
  public private(set) var height: Int
  public private(set) var cells: [Cell]
  /// Pictures to show in pixels over the cells, in the order they were placed
  /// (ScreenBuffer+Pictures.swift). Empty unless the terminal shows pixels.
  public internal(set) var placements: [PicturePlacement] = []

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  public subscript(x: Int, y: Int) -> Cell {
    cells[y * width + x]
  }

  /// Fills a rectangle with blanks of a style (used for the selected row's background).
  /// The part outside the buffer is left out.
  public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, style: Style) {
    let (top, bottom) = (max(0, y), min(height, y + max(0, h)))
    let (left, right) = (max(0, x), min(width, x + max(0, w)))
    guard top < bottom, left < right else { return }
    if !placements.isEmpty { overdraw(columns: left..<right, rows: top..<bottom) }
    for row in top..<bottom {
      for column in left..<right {
        cells[row * width + column] = Cell(" ", style: style)
      }
    }
  }

  /// Writes text at (x, y), one grapheme cluster at a time, stopping before `limit` (a column,
  /// exclusive; the buffer's width when nil). Returns the column after the last cell written.
  ///
  /// A cluster that does not fit entirely is not drawn, so a wide character is never cut in half.
  @discardableResult
  public mutating func put(_ text: String, x: Int, y: Int, style: Style, limit: Int? = nil) -> Int {
    guard y >= 0, y < height else { return x }
    let end = min(width, limit ?? width)
    var column = x
    for character in text {
      let cellWidth = Self.cellWidth(of: character)
      if cellWidth == 0 { continue }
      if column + cellWidth > end { break }
      if column >= 0 {
        clearWide(at: column, y: y)
        cells[y * width + column] = Cell(String(character), style: style)
        for extra in 1..<cellWidth {
          clearWide(at: column + extra, y: y)
          cells[y * width + column + extra] = Cell("", style: style, isContinuation: true)
        }
      }
      column += cellWidth
    }
    if !placements.isEmpty, column > max(0, x) {
      overdraw(columns: max(0, x)..<column, rows: y..<y + 1)
    }
    return column
  }

  /// The display text of each line; continuation cells add nothing, so a line's text has the
  /// same width in a terminal as the buffer is wide.
  public var lines: [String] {
    (0..<height).map { line(at: $0, upTo: width) }
  }

  /// Lines without trailing blank cells: handy in tests and for `artfeed render`.
  public var trimmedLines: [String] {
    (0..<height).map { row in
      var end = width
      while end > 0, cells[row * width + end - 1].isBlankText { end -= 1 }
      return line(at: row, upTo: end)
    }
  }

  /// The text of the first `end` cells of a row, joined as bytes: one string per line, not a
  /// string append per cell.
  private func line(at row: Int, upTo end: Int) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(end)
    for cell in cells[row * width..<row * width + end] where !cell.isContinuation {
      // Most cells hold one ASCII byte: appended as one, far cheaper than a generic append
      // (docs/adr/0151).
      let utf8 = cell.text.utf8
      if utf8.count == 1, let byte = utf8.first {
        bytes.append(byte)
      } else {
        bytes.append(contentsOf: utf8)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Sets one cell, blanking the rest of a wide character it cuts (for `place`).
  mutating func setCell(_ cell: Cell, x: Int, y: Int) {
    guard x >= 0, x < width, y >= 0, y < height else { return }
    clearWide(at: x, y: y)
    cells[y * width + x] = cell
  }

  /// A grapheme's cells; controls that slipped past the sanitizer take none (they are dropped).
  static func cellWidth(of character: Character) -> Int {
    for scalar in character.unicodeScalars
    where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
      return 0
    }
    return DisplayWidth.of(character)
  }

  /// Overwriting half of a wide cluster blanks the other half, as a terminal would.
  private mutating func clearWide(at column: Int, y: Int) {
    guard column >= 0, column < width else { return }
    let index = y * width + column
    if cells[index].isContinuation {
      var start = column
      while start > 0, cells[y * width + start].isContinuation { start -= 1 }
      var c = start
      while c < width, c == start || cells[y * width + c].isContinuation {
        cells[y * width + c] = .blank
        c += 1
      }
    } else if (cells[index].text.first.map(DisplayWidth.of) ?? 1) > 1 {
      var c = column + 1
      while c < width, cells[y * width + c].isContinuation {
        cells[y * width + c] = .blank
        c += 1
      }
    }
  }
}
