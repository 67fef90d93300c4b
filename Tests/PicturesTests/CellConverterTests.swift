import Testing

@testable import Pictures

/// A 64x64 picture of four 32x32 quadrants: red, green / blue, white. At 8x4 cells each cell
/// covers 8x16 pixels of one colour, so no cell straddles a boundary.
private let quadrants: Picture = {
  let colors: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255] * 4]
  var pixels: [UInt8] = []
  for y in 0..<64 {
    for x in 0..<64 { pixels += colors[(y / 32) * 2 + x / 32] }
  }
  return Picture(width: 64, height: 64, pixels: pixels)
}()

extension Array where Element == UInt8 {
  fileprivate static func * (value: [UInt8], count: Int) -> [UInt8] {
    Array(repeating: value[0], count: count)
  }
}

@Suite("Converting to cells")
struct CellConverterTests {
  /// The four quadrant colours at each depth, as the terminal would get them.
  static let expected: [(ColorDepth, [CellColor])] = [
    (.truecolor, [.rgb(0xFF0000), .rgb(0x00FF00), .rgb(0x0000FF), .rgb(0xFFFFFF)]),
    (.indexed256, [.indexed(196), .indexed(46), .indexed(21), .indexed(231)]),
    (.indexed8, [.indexed(1), .indexed(2), .indexed(4), .indexed(7)]),
  ]

  @Test("quadrants in a 10x4 box: 8x4 cells of solid colour, a blank column each side")
  func quadrantsInColour() {
    for (depth, colors) in Self.expected {
      let cells = CellConverter(depth: depth).cells(for: quadrants, columns: 10, rows: 4)
      #expect(cells.columns == 10 && cells.rows == 4)
      for row in 0..<4 {
        #expect(cells[0, row] == .blank && cells[9, row] == .blank, "\(depth) row \(row)")
        #expect(cells.text(ofRow: row) == "          ", "\(depth) row \(row)")
        for column in 1...8 {
          let color = colors[(row / 2) * 2 + (column - 1) / 4]
          let want = PictureCell(character: " ", foreground: color, background: color)
          #expect(cells[column, row] == want, "\(depth) at \(column),\(row)")
        }
      }
    }
  }

  @Test(
    "without colour the quadrants are shades by brightness: red ░, green ▓, blue blank, white █")
  func quadrantsInShades() {
    let cells = CellConverter(depth: .none).cells(for: quadrants, columns: 10, rows: 4)
    #expect(
      (0..<4).map(cells.text(ofRow:)) == [" ░░░░▓▓▓▓ ", " ░░░░▓▓▓▓ ", "     ████ ", "     ████ "])
    #expect(cells.cells.allSatisfy { $0.foreground == .none && $0.background == .none })
  }

  @Test(
    "on a light background the shades turn over: dark parts are dense ink, white is paper")
  func quadrantsOnLight() {
    let cells = CellConverter(depth: .noneOnLight).cells(for: quadrants, columns: 10, rows: 4)
    #expect(
      (0..<4).map(cells.text(ofRow:)) == [" ▓▓▓▓░░░░ ", " ▓▓▓▓░░░░ ", " ████     ", " ████     "])
    #expect(ColorDepth.none.onLightBackground(true) == .noneOnLight)
    #expect(ColorDepth.indexed256.onLightBackground(true) == .indexed256, "colours stay colours")
    #expect(ColorDepth.none.onLightBackground(false) == .none)
  }

  @Test("a grey ramp on a light background runs the other way; transparent stays blank")
  func rampOnLight() {
    var pixels: [UInt8] = []
    for _ in 0..<32 {
      for x in 0..<128 { pixels += [UInt8(x * 2)] * 3 + [255] }
    }
    let ramp = Picture(width: 128, height: 32, pixels: pixels)
    let row = CellConverter(depth: .noneOnLight).cells(for: ramp, columns: 32, rows: 4)
      .text(ofRow: 0)
    #expect(row == "███████▓▓▓▓▓▓▒▒▒▒▒▒░░░░░░░      ")
    #expect(CellConverter.shade(-1, darkInk: true) == " ")
  }

  @Test("a grey ramp without colour runs through every shade, left to right")
  func rampInShades() {
    var pixels: [UInt8] = []
    for _ in 0..<32 {
      for x in 0..<128 { pixels += [UInt8(x * 2)] * 3 + [255] }
    }
    let ramp = Picture(width: 128, height: 32, pixels: pixels)
    let row = CellConverter(depth: .none).cells(for: ramp, columns: 32, rows: 4).text(ofRow: 0)
    #expect(row == "       ░░░░░░▒▒▒▒▒▒▓▓▓▓▓▓▓██████")
  }

  @Test("transparent pixels become blank cells at every depth")
  func transparent() {
    let clear = Picture(width: 16, height: 16, pixels: [UInt8](repeating: 0, count: 16 * 16 * 4))
    for depth in ColorDepth.allCases {
      let cells = CellConverter(depth: depth).cells(for: clear, columns: 6, rows: 3)
      #expect(cells == .blank(columns: 6, rows: 3), "\(depth)")
    }
  }

  @Test("conversion is deterministic: the same input gives equal cells")
  func deterministic() {
    for depth in ColorDepth.allCases {
      let converter = CellConverter(depth: depth)
      #expect(
        converter.cells(for: quadrants, columns: 20, rows: 8)
          == converter.cells(for: quadrants, columns: 20, rows: 8))
    }
  }
}
