import Foundation
import FuzzSupport
import Pictures
import TextLayout

/// Fuzzes the picture path: decode (JPEG, PNG, GIF, WebP), fit, and conversion to cells.
///
/// The first bytes pick a colour depth, a box of 0-48 x 0-24 cells and whether the picture
/// is decoded for the box's pixels; the rest is the image. Decoding is bounded to 1 megapixel so that a header asking for more is refused
/// (that bound is itself checked). Checks, beyond "no crash, no leak, no hang": a decoded
/// picture has a positive size within the bound and exactly 4 bytes a pixel; `fit` stays in
/// the box and keeps at least one cell; the cells fill the box, each one cell wide with a
/// colour of the depth asked for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImages(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let depth = ColorDepth.allCases[Int(input.byte()) % ColorDepth.allCases.count]
  let columns = input.int(in: 0...48)
  let rows = input.int(in: 0...24)
  let maxPixels = 1_000_000
  // Half the inputs are decoded for the box's pixels (a JPEG then scaled while decoding,
  // behind the declared-size and progressive bounds), half at full size.
  let covering = input.byte() & 1 == 1 ? (width: columns * 10, height: rows * 20) : nil
  guard
    let picture = try? PictureDecoder.decode(
      Data(input.rest()), maxPixels: maxPixels, covering: covering)
  else { return 0 }
  require(picture.width > 0 && picture.height > 0, "picture \(picture.width)x\(picture.height)")
  require(picture.width * picture.height <= maxPixels, "the pixel bound was not kept")
  require(picture.pixels.count == picture.width * picture.height * 4, "wrong pixel count")
  if columns > 0 && rows > 0 {
    let fitted = CellConverter.fit(
      width: picture.width, height: picture.height, columns: columns, rows: rows)
    require(
      (1...columns).contains(fitted.columns) && (1...rows).contains(fitted.rows),
      "fit \(fitted) outside \(columns)x\(rows)")
  }
  let cells = CellConverter(depth: depth).cells(for: picture, columns: columns, rows: rows)
  require(cells.columns == columns && cells.rows == rows, "cells are not the box's size")
  require(cells.cells.count == max(0, columns) * max(0, rows), "wrong cell count")
  for cell in cells.cells {
    require(DisplayWidth.of(cell.character) == 1, "cell \(cell.character) is not 1 wide")
    check(cell.foreground, depth)
    check(cell.background, depth)
  }
  return 0
}

private func check(_ color: CellColor, _ depth: ColorDepth) {
  switch (color, depth) {
  case (.none, _): break
  case (.rgb(let value), .truecolor): require(value <= 0xFF_FFFF, "colour \(value)")
  case (.indexed(let index), .indexed256): require(index >= 16, "index \(index) in 256 colours")
  case (.indexed(let index), .indexed8): require(index <= 7, "index \(index) in 8 colours")
  default: require(false, "colour \(color) for depth \(depth)")
  }
}

@main
enum Main {
  static func main() { runFuzzer(fuzzImages) }
}
