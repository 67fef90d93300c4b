import CJPEG
import Foundation
import Testing

@testable import Pictures

/// A picture of one colour (0xRRGGBBAA).
func solid(_ width: Int, _ height: Int, _ rgba: UInt32) -> Picture {
  let pixel = (0..<4).map { UInt8(truncatingIfNeeded: rgba >> (24 - 8 * $0)) }
  return Picture(
    width: width, height: height, pixels: Array((0..<width * height).map { _ in pixel }.joined()))
}

/// A picture whose left half is `left` and right half `right`.
func halves(_ width: Int, _ height: Int, _ left: UInt32, _ right: UInt32) -> Picture {
  var pixels: [UInt8] = []
  for _ in 0..<height {
    for x in 0..<width {
      let rgba = x < width / 2 ? left : right
      pixels += (0..<4).map { UInt8(truncatingIfNeeded: rgba >> (24 - 8 * $0)) }
    }
  }
  return Picture(width: width, height: height, pixels: pixels)
}

@Suite("Pictures fitted to boxes in pixels")
struct PixelPictureTests {
  @Test("shrinking averages the pixels each target pixel covers")
  func shrinkAverages() {
    let picture = halves(4, 2, 0xFF00_00FF, 0x0000_FFFF)
    let half = PictureScaler.shrunk(picture, width: 2, height: 1)
    #expect(half.rgba(x: 0, y: 0) == 0xFF00_00FF)
    #expect(half.rgba(x: 1, y: 0) == 0x0000_FFFF)
    let one = PictureScaler.shrunk(picture, width: 1, height: 1)
    #expect(one.rgba(x: 0, y: 0) == 0x8000_80FF, "red and blue average to purple")
  }

  @Test("transparent pixels lend no colour when shrinking")
  func shrinkKeepsColourOfOpaque() {
    let picture = halves(2, 1, 0xFF00_00FF, 0x0000_FF00)
    let one = PictureScaler.shrunk(picture, width: 1, height: 1)
    #expect(one.rgba(x: 0, y: 0) == 0xFF00_0080, "red at half alpha, no blue in it")
  }

  @Test("enlarging repeats each pixel by a whole factor when it fits: pixel art stays crisp")
  func enlargeWhole() {
    let picture = halves(2, 2, 0xFF00_00FF, 0x0000_FFFF)
    let fitted = PictureScaler.fitted(picture, width: 6, height: 9)
    #expect(fitted.width == 6 && fitted.height == 6, "factor 3")
    for x in 0..<6 {
      for y in 0..<6 {
        #expect(fitted.rgba(x: x, y: y) == (x < 3 ? 0xFF00_00FF : 0x0000_FFFF))
      }
    }
  }

  @Test("enlarging by a fraction fills the box with nearest pixels: no new colours")
  func enlargeFraction() {
    var pixels: [UInt8] = []
    for index in 0..<16 { pixels += [UInt8(index * 16), UInt8(255 - index * 16), 7, 255] }
    let picture = Picture(width: 4, height: 4, pixels: pixels)
    let fitted = PictureScaler.fitted(picture, width: 7, height: 9)
    #expect(fitted.width == 7 && fitted.height == 7)
    let colours = Set((0..<7).flatMap { x in (0..<7).map { fitted.rgba(x: x, y: $0) } })
    let original = Set((0..<4).flatMap { x in (0..<4).map { picture.rgba(x: x, y: $0) } })
    #expect(colours == original, "every source pixel shows, and nothing else")
    #expect(fitted.rgba(x: 0, y: 0) == picture.rgba(x: 0, y: 0))
    #expect(fitted.rgba(x: 6, y: 6) == picture.rgba(x: 3, y: 3))
  }

  @Test(
    "a picture is centred in its box to the pixel and padded to whole cells",
    arguments: [
      // width, height, columns, rows, cell -> column, row, columns, rows, top-left picture pixel
      (160, 160, 12, 6, CellSize(width: 10, height: 20), 0, 0, 12, 6, 0, 0),
      (150, 84, 12, 6, CellSize(width: 10, height: 20), 0, 1, 12, 4, 0, 6),
      (160, 160, 12, 6, CellSize(width: 9, height: 19), 0, 0, 12, 6, 0, 3),
      (32, 32, 12, 6, CellSize(width: 10, height: 20), 0, 0, 12, 6, 0, 0),
      (64, 64, 12, 6, CellSize(width: 9, height: 19), 0, 0, 12, 6, 0, 3),
    ])
  func centred(
    width: Int, height: Int, columns: Int, rows: Int, cell: CellSize, column: Int, row: Int,
    coveredColumns: Int, coveredRows: Int, left: Int, top: Int
  ) throws {
    let fitted = try #require(
      PixelPicture.fitting(
        solid(width, height, 0xFF00_00FF), columns: columns, rows: rows, cell: cell))
    #expect(fitted.column == column && fitted.row == row)
    #expect(fitted.columns == coveredColumns && fitted.rows == coveredRows)
    #expect(fitted.picture.width == coveredColumns * cell.width)
    #expect(fitted.picture.height == coveredRows * cell.height)
    // The first opaque pixel is where the centring puts the picture.
    let picture = fitted.picture
    let opaque = (0..<picture.height).flatMap { y in (0..<picture.width).map { (x: $0, y: y) } }
      .first { picture.rgba(x: $0.x, y: $0.y) & 0xFF != 0 }
    #expect(opaque?.x == left && opaque?.y == top)
  }

  @Test("a crop at cell edges is those cells' pixels")
  func crop() throws {
    let cell = CellSize(width: 4, height: 2)
    let fitted = try #require(
      PixelPicture.fitting(
        halves(8, 4, 0xFF00_00FF, 0x0000_FFFF), columns: 2, rows: 2, cell: cell))
    let right = fitted.cropped(columns: 1..<2, rows: 1..<2)
    #expect(right.width == 4 && right.height == 2)
    #expect(right.rgba(x: 0, y: 0) == 0x0000_FFFF)
  }

  @Test("a box with no cells fits nothing")
  func emptyBox() {
    #expect(PixelPicture.fitting(solid(4, 4, 0xFF), columns: 0, rows: 3, cell: .fallback) == nil)
  }
}

@Suite("Pixel encoders")
struct PixelEncoderTests {
  @Test("PNG round-trips through the decoder, alpha included")
  func pngRoundTrip() throws {
    let picture = halves(6, 3, 0x1020_30FF, 0xA0B0_C040)
    let png = try #require(PNGEncoder.encode(picture))
    #expect(try PictureDecoder.decode(Data(png)) == picture)
  }

  @Test("sixel: one DCS with the size in its raster attributes, transparent background")
  func sixel() throws {
    let cell = CellSize(width: 10, height: 20)
    let bytes = try #require(
      SixelEncoder.encode(solid(30, 60, 0xFF00_00FF), columns: 3, rows: 3, cell: cell))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;30;60"), "\(text.prefix(30))")
    #expect(text.hasSuffix("\u{1B}\\"))
    #expect(text.contains("#") && text.contains(";2;100;0;0"), "red as RGB percentages")
  }

  @Test("kitty: the PNG in quiet chunks of at most 4096 base64 characters under one id")
  func kittyChunks() throws {
    let png = [UInt8](repeating: 7, count: 10_000)
    let commands = KittyGraphics.transmit(png: png, id: 42)
    #expect(commands.count == 4)
    var payload = ""
    for (index, command) in commands.enumerated() {
      let text = String(decoding: command, as: UTF8.self)
      let keys = String(text.dropFirst(3).prefix { $0 != ";" })
      let body = String(text.drop { $0 != ";" }.dropFirst().dropLast(2))
      #expect(body.count <= 4096)
      payload += body
      let last = index == commands.count - 1
      #expect(keys.hasSuffix(last ? "m=0" : "m=1"))
      if index == 0 { #expect(keys.hasPrefix("a=t,f=100,t=d,i=42,q=2")) }
    }
    #expect(Data(base64Encoded: payload).map(Array.init) == png)
  }

  @Test("kitty placements and deletions name image and placement, quietly, cursor still")
  func kittyCommands() {
    let place = String(
      decoding: KittyGraphics.place(id: 5, placement: 9, x: 0, y: 20, width: 120, height: 40),
      as: UTF8.self)
    #expect(place == "\u{1B}_Ga=p,i=5,p=9,x=0,y=20,w=120,h=40,C=1,q=2\u{1B}\\")
    #expect(
      String(decoding: KittyGraphics.deletePlacement(id: 5, placement: 9), as: UTF8.self)
        == "\u{1B}_Ga=d,d=i,i=5,p=9,q=2\u{1B}\\")
    #expect(
      String(decoding: KittyGraphics.deleteImage(id: 5), as: UTF8.self)
        == "\u{1B}_Ga=d,d=I,i=5,q=2\u{1B}\\")
  }

  @Test("kitty frames: a=f with X=1 and the gap in every chunk's first, a=f in later chunks")
  func kittyFrames() throws {
    let png = [UInt8](repeating: 9, count: 7_000)
    let commands = KittyGraphics.frame(png: png, id: 42, gap: 250)
    #expect(commands.count == 3)
    var payload = ""
    for (index, command) in commands.enumerated() {
      let text = String(decoding: command, as: UTF8.self)
      let keys = String(text.dropFirst(3).prefix { $0 != ";" })
      payload += String(text.drop { $0 != ";" }.dropFirst().dropLast(2))
      let more = index == commands.count - 1 ? "m=0" : "m=1"
      if index == 0 {
        #expect(keys == "a=f,X=1,z=250,f=100,t=d,i=42,q=2,\(more)")
      } else {
        #expect(keys == "a=f,q=2,\(more)", "the protocol wants a=f in every chunk of a frame")
      }
    }
    #expect(Data(base64Encoded: payload).map(Array.init) == png)
    let raw = KittyGraphics.frame(
      rgba: Picture(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8]), id: 7, gap: 0)
    #expect(
      String(decoding: raw[0], as: UTF8.self)
        == "\u{1B}_Ga=f,X=1,z=1,f=32,s=2,v=1,t=d,i=7,q=2,m=0;AQIDBAUGBwg=\u{1B}\\",
      "a gap of 0 (which kitty ignores) becomes 1 ms")
  }

  @Test("kitty animation control: the root frame's gap, run with loops + 1 (1 is forever), stop")
  func kittyAnimate() {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    #expect(text(KittyGraphics.gap(id: 5, frame: 1, milliseconds: 80)) == "\u{1B}_Ga=a,i=5,r=1,z=80,q=2\u{1B}\\")
    #expect(text(KittyGraphics.animate(id: 5, running: true, loops: 0)) == "\u{1B}_Ga=a,i=5,s=3,v=1,q=2\u{1B}\\")
    #expect(text(KittyGraphics.animate(id: 5, running: true, loops: 3)) == "\u{1B}_Ga=a,i=5,s=3,v=4,q=2\u{1B}\\")
    #expect(text(KittyGraphics.animate(id: 5, running: false, loops: 3)) == "\u{1B}_Ga=a,i=5,s=1,q=2\u{1B}\\")
  }

  @Test("iTerm2: the PNG inline, its size in cells, ended by BEL")
  func iterm() {
    let text = String(
      decoding: ITermGraphics.image(png: [1, 2, 3], columns: 12, rows: 6), as: UTF8.self)
    #expect(
      text == "\u{1B}]1337;File=inline=1;size=3;width=12;height=6;preserveAspectRatio=0:AQID\u{07}")
  }

  @Test("tmux passthrough doubles every ESC inside its wrapper")
  func passthrough() {
    let wrapped = TmuxPassthrough.wrap(Array("\u{1B}_Gq\u{1B}\\".utf8))
    #expect(
      String(decoding: wrapped, as: UTF8.self)
        == "\u{1B}Ptmux;\u{1B}\u{1B}_Gq\u{1B}\u{1B}\\\u{1B}\\")
  }
}

@Suite("Decoding what used to count as damaged, and large JPEGs at a reduced scale")
struct PixelDecodingTests {
  @Test("a CMYK JPEG (Adobe, inverted) decodes to its colours")
  func cmyk() throws {
    let picture = try PictureDecoder.decode(Data(Fixtures.cmykJPEG16x8))
    #expect(picture.width == 16 && picture.height == 8)
    #expect(close(picture.rgba(x: 2, y: 3), 0xFF00_00FF))
    #expect(close(picture.rgba(x: 13, y: 3), 0x0000_FFFF))
  }

  @Test("an animated WebP decodes to its first frame")
  func animatedWebP() throws {
    let picture = try PictureDecoder.decode(Data(Fixtures.animatedWebP4x4))
    #expect(picture.width == 4 && picture.height == 4)
    #expect(picture.rgba(x: 1, y: 1) == 0xFF00_00FF, "red, the first frame, not blue")
  }

  @Test(
    """
    a JPEG much larger than the box decodes at libjpeg-turbo's smallest scale that covers \
    its fitted size (a box of another shape needs less than the whole box)
    """,
    arguments: [
      ((200, 150), (200, 150)), ((201, 150), (200, 150)), ((1000, 700), (1000, 750)),
      ((1600, 1200), (1600, 1200)), ((5000, 10), (200, 150)), ((202, 152), (400, 300)),
    ])
  func reducedScale(wanted: (Int, Int), decoded: (Int, Int)) throws {
    let jpeg = try #require(Self.jpeg(halves(1600, 1200, 0xFF00_00FF, 0x0000_FFFF)))
    let picture = try PictureDecoder.decode(Data(jpeg), covering: wanted)
    #expect(picture.width == decoded.0 && picture.height == decoded.1)
    #expect(close(picture.rgba(x: 2, y: 2), 0xFF00_00FF))
    #expect(close(picture.rgba(x: picture.width - 3, y: 2), 0x0000_FFFF))
  }

  @Test("the pixel bound applies to the decoded size: a huge JPEG asked small is decoded")
  func boundOnDecodedSize() throws {
    let jpeg = try #require(Self.jpeg(solid(1600, 1200, 0x00FF_00FF)))
    #expect(throws: PictureError.tooLarge(width: 1600, height: 1200)) {
      try PictureDecoder.decode(Data(jpeg), maxPixels: 1_000_000)
    }
    let small = try PictureDecoder.decode(Data(jpeg), maxPixels: 1_000_000, covering: (300, 200))
    #expect(small.width == 400 && small.height == 300)
  }

  /// Channels within JPEG's error.
  func close(_ got: UInt32, _ expected: UInt32) -> Bool {
    (0..<4).allSatisfy { shift in
      let a = Int((got >> UInt32(8 * shift)) & 0xFF)
      let b = Int((expected >> UInt32(8 * shift)) & 0xFF)
      return abs(a - b) <= 12
    }
  }

  /// `picture` as a JPEG (TurboJPEG; quality 90, 4:2:0 unless asked), baseline or progressive.
  static func jpeg(
    _ picture: Picture, subsampling: TJSAMP = TJSAMP_420, quality: Int32 = 90,
    progressive: Bool = false
  ) -> [UInt8]? {
    guard let handle = tjInitCompress() else { return nil }
    defer { tjDestroy(handle) }
    var buffer: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = picture.pixels.withUnsafeBufferPointer { pixels in
      tjCompress2(
        handle, pixels.baseAddress, Int32(picture.width), 0, Int32(picture.height),
        Int32(TJPF_RGBA.rawValue), &buffer, &size, Int32(subsampling.rawValue), quality,
        progressive ? TJFLAG_PROGRESSIVE : 0)
    }
    defer { tjFree(buffer) }
    guard status == 0, let buffer else { return nil }
    return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
  }
}
