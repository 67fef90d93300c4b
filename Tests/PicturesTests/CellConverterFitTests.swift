import Testing

@testable import Pictures

@Suite("Converting to cells: fitting the box")
struct CellConverterFitTests {
  /// An opaque light grey (0xC8C8C8) picture.
  private static func picture(width: Int, height: Int) -> Picture {
    let pixels = (0..<width * height).flatMap { _ in [UInt8]([200, 200, 200, 255]) }
    return Picture(width: width, height: height, pixels: pixels)
  }

  @Test(
    "the fitted size keeps the aspect ratio with cells twice as tall as wide",
    arguments: [
      (200, 100, 20, 8, 20, 5), (100, 400, 20, 8, 4, 8), (100, 100, 20, 8, 16, 8),
      (100, 100, 8, 8, 8, 4), (5000, 10, 20, 8, 20, 1), (10, 5000, 20, 8, 1, 8),
    ])
  func fit(width: Int, height: Int, columns: Int, rows: Int, fitColumns: Int, fitRows: Int) {
    let fitted = CellConverter.fit(width: width, height: height, columns: columns, rows: rows)
    #expect(fitted.columns == fitColumns && fitted.rows == fitRows)
  }

  @Test("a wide picture is centred vertically: 200x100 in 20x8 uses rows 1 to 5")
  func wideIsCentred() {
    let cells = CellConverter(depth: .none).cells(
      for: Self.picture(width: 200, height: 100), columns: 20, rows: 8)
    let drawn = (0..<8).filter { cells.text(ofRow: $0) != String(repeating: " ", count: 20) }
    #expect(drawn == [1, 2, 3, 4, 5])
    #expect(cells.text(ofRow: 3) == String(repeating: "▓", count: 20))
  }

  @Test("a tall picture is centred horizontally: 100x400 in 20x8 uses columns 8 to 11")
  func tallIsCentred() {
    let cells = CellConverter(depth: .none).cells(
      for: Self.picture(width: 100, height: 400), columns: 20, rows: 8)
    for row in 0..<8 {
      #expect(
        cells.text(ofRow: row) == String(repeating: " ", count: 8) + "▓▓▓▓"
          + String(repeating: " ", count: 8))
    }
  }

  @Test("tiny boxes are inputs, not errors: 0 columns or rows is empty, 1x1 is one cell")
  func tinyBoxes() {
    let converter = CellConverter(depth: .truecolor)
    let picture = Self.picture(width: 3, height: 7)
    #expect(converter.cells(for: picture, columns: 0, rows: 5).cells.isEmpty)
    #expect(converter.cells(for: picture, columns: 5, rows: 0).cells.isEmpty)
    #expect(converter.cells(for: picture, columns: -1, rows: -1) == .blank(columns: 0, rows: 0))
    let one = converter.cells(for: picture, columns: 1, rows: 1)
    #expect(
      one.cells == [
        PictureCell(character: " ", foreground: .rgb(0xC8C8C8), background: .rgb(0xC8C8C8))
      ])
  }
}
