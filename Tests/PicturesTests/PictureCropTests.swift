import Testing

@testable import Pictures

/// A picture whose four quadrants have four colours (0xRRGGBB): top left, top right, bottom
/// left, bottom right.
func quadrants(width: Int, height: Int, colours: [UInt32]) -> Picture {
  var pixels: [UInt8] = []
  pixels.reserveCapacity(width * height * 4)
  for y in 0..<height {
    for x in 0..<width {
      let colour = colours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
      pixels += [UInt8(colour >> 16 & 0xFF), UInt8(colour >> 8 & 0xFF), UInt8(colour & 0xFF), 255]
    }
  }
  return Picture(width: width, height: height, pixels: pixels)
}

@Suite("The viewer's crops")
struct PictureCropTests {
  let colours: [UInt32] = [0xE628A0, 0x28C85A, 0x1E64F0, 0xFABE14]
  let cell = CellSize(width: 10, height: 20)

  @Test("fit never enlarges a small picture past 1:1, and shrinks a large one to the box")
  func fitScale() {
    let small = PictureCrop.fit.resolved(width: 100, height: 50, boxWidth: 800, boxHeight: 460)
    #expect(small.scale == 1)
    let large = PictureCrop.fit.resolved(width: 1600, height: 1200, boxWidth: 800, boxHeight: 460)
    #expect(abs(large.scale - 460.0 / 1200) < 1e-9)
    #expect((large.x, large.y, large.width, large.height) == (0, 0, 1600, 1200))
  }

  @Test("a small picture at fit keeps its pixels: 100x50 px in a 80x23 box is 10x3 cells")
  func smallStaysSmall() throws {
    let picture = quadrants(width: 100, height: 50, colours: colours)
    let view = try #require(
      PixelPicture.viewing(picture, crop: .fit, columns: 80, rows: 23, cell: cell))
    #expect(view.columns == 10)
    #expect(view.rows == 3)
    #expect(view.column == 35)
  }

  @Test("a region of the top right quadrant at 1:1 is that quadrant's colour, in pixels")
  func regionPixels() throws {
    let picture = quadrants(width: 1600, height: 1200, colours: colours)
    let crop = PictureCrop.region(x: 900, y: 50, width: 400, height: 200, permille: 1000)
    let view = try #require(
      PixelPicture.viewing(picture, crop: crop, columns: 40, rows: 10, cell: cell))
    #expect(view.columns == 40 && view.rows == 10)
    #expect(view.picture.rgba(x: 0, y: 0) == colours[1] << 8 | 0xFF)
    #expect(view.picture.rgba(x: 399, y: 199) == colours[1] << 8 | 0xFF)
  }

  @Test("the scale a view needs: fit's own (never above 1), a region's permille capped at 1:1")
  func neededScale() {
    #expect(
      abs(
        PictureCrop.fit.neededScale(width: 4000, height: 3000, boxWidth: 1000, boxHeight: 600)
          - 0.2) < 1e-9)
    #expect(
      PictureCrop.fit.neededScale(width: 300, height: 200, boxWidth: 1000, boxHeight: 600) == 1)
    let zoomed = PictureCrop.region(x: 0, y: 0, width: 2000, height: 1200, permille: 500)
    #expect(zoomed.neededScale(width: 4000, height: 3000, boxWidth: 1000, boxHeight: 600) == 0.5)
    let enlarged = PictureCrop.region(x: 0, y: 0, width: 500, height: 300, permille: 2000)
    #expect(enlarged.neededScale(width: 4000, height: 3000, boxWidth: 1000, boxHeight: 600) == 1)
  }

  @Test("a view cut from a half-size decode is the full-size view: same size, same colours")
  func onDecoded() throws {
    let full = quadrants(width: 1600, height: 1200, colours: colours)
    let half = PictureScaler.fitted(full, width: 800, height: 600)
    // Across the middle: left half magenta, right half green, at 40 %.
    let crop = PictureCrop.region(x: 600, y: 100, width: 400, height: 200, permille: 400)
    #expect(
      crop.onDecoded(full: (1600, 1200), decoded: (800, 600))
        == .region(x: 300, y: 50, width: 200, height: 100, permille: 800))
    #expect(crop.onDecoded(full: (1600, 1200), decoded: (1600, 1200)) == crop)
    #expect(PictureCrop.fit.onDecoded(full: (1600, 1200), decoded: (800, 600)) == .fit)
    for (picture, cut) in [
      (full, crop), (half, crop.onDecoded(full: (1600, 1200), decoded: (800, 600))),
    ] {
      let view = try #require(
        PixelPicture.viewing(picture, crop: cut, columns: 16, rows: 4, cell: cell))
      #expect(view.picture.width == 160 && view.picture.height == 80)
      #expect(view.picture.rgba(x: 70, y: 40) == colours[0] << 8 | 0xFF)
      #expect(view.picture.rgba(x: 90, y: 40) == colours[1] << 8 | 0xFF)
    }
  }

  @Test("a region at 200% is enlarged to fill the box, pixel for two pixels")
  func regionEnlarged() throws {
    let picture = quadrants(width: 400, height: 400, colours: colours)
    // Left 100 px magenta and right 100 px green across the middle line.
    let crop = PictureCrop.region(x: 100, y: 0, width: 200, height: 100, permille: 2000)
    let view = try #require(
      PixelPicture.viewing(picture, crop: crop, columns: 40, rows: 10, cell: cell))
    #expect(view.picture.width == 400 && view.picture.height == 200)
    #expect(view.picture.rgba(x: 199, y: 10) == colours[0] << 8 | 0xFF)
    #expect(view.picture.rgba(x: 200, y: 10) == colours[1] << 8 | 0xFF)
  }

  @Test(
    "the same region in symbol cells is that quadrant's colour in every cell",
    arguments: [ColorDepth.truecolor, .indexed256])
  func regionCells(depth: ColorDepth) {
    let picture = quadrants(width: 1600, height: 1200, colours: colours)
    let crop = PictureCrop.region(x: 800, y: 50, width: 800, height: 460, permille: 1000)
    let cells = CellConverter(depth: depth).cells(
      for: picture, crop: crop, columns: 80, rows: 23, cell: cell)
    #expect(cells.columns == 80 && cells.rows == 23)
    let backgrounds = Set(cells.cells.map(\.background))
    #expect(backgrounds.count == 1)
    #expect(!backgrounds.contains(.none))
    if depth == .truecolor { #expect(backgrounds == [.rgb(colours[1])]) }
  }

  @Test("cells centred in a larger box keep their place and leave blanks around")
  func centredCells() {
    let inner = PictureCells(
      columns: 2, rows: 1,
      cells: [
        PictureCell(character: "a", foreground: .none, background: .none),
        PictureCell(character: "b", foreground: .none, background: .none),
      ])
    let box = inner.centred(columns: 6, rows: 3)
    #expect(box.text(ofRow: 1) == "  ab  ")
    #expect(box.text(ofRow: 0) == "      ")
  }
}
