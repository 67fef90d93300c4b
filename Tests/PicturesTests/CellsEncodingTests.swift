import ArtfeedResources
import Foundation
import Testing

@testable import Pictures

@Suite("Converted cells as bytes (the disk cache's payload)")
struct CellsEncodingTests {
  /// One bundled thumbnail of each format.
  static func thumbnails() throws -> [URL] {
    let all = BundledThumbnails.all()
    return try ["jpg", "png", "webp", "gif"].map { format in
      try #require(all.first { $0.pathExtension == format }, "no bundled .\(format)")
    }
  }

  @Test(
    "bundled JPEG, PNG, WebP and GIF at two sizes and three depths decode to the converter's cells")
  func roundTrip() throws {
    for url in try Self.thumbnails() {
      let picture = try PictureDecoder.decode(Data(contentsOf: url))
      for (columns, rows) in [(12, 5), (41, 17)] {
        for depth in [ColorDepth.truecolor, .indexed8, .none] {
          let cells = CellConverter(depth: depth).cells(for: picture, columns: columns, rows: rows)
          let bytes = try #require(cells.encoded(), "\(url.lastPathComponent) \(depth)")
          #expect(bytes.count == 11 + 11 * columns * rows)
          let back = try #require(PictureCells(encoded: bytes))
          #expect(back == cells, "\(url.lastPathComponent) \(columns)x\(rows) \(depth)")
        }
      }
    }
  }

  @Test("every prefix, an extra byte, another version, a bad kind or scalar: no cells")
  func damaged() throws {
    let url = try #require(try Self.thumbnails().first)
    let picture = try PictureDecoder.decode(Data(contentsOf: url))
    let cells = CellConverter(depth: .truecolor).cells(for: picture, columns: 6, rows: 3)
    let bytes = [UInt8](try #require(cells.encoded()))
    for length in 0..<bytes.count {
      #expect(PictureCells(encoded: Data(bytes.prefix(length))) == nil, "prefix \(length)")
    }
    #expect(PictureCells(encoded: Data(bytes + [0])) == nil, "an extra byte")
    func changed(_ offset: Int, to value: UInt8) -> Data {
      var copy = bytes
      copy[offset] = value
      return Data(copy)
    }
    #expect(PictureCells(encoded: changed(2, to: 2)) == nil, "another version")
    #expect(PictureCells(encoded: changed(0, to: 0x51)) == nil, "another magic")
    #expect(PictureCells(encoded: changed(11 + 3, to: 3)) == nil, "an unknown colour kind")
    #expect(PictureCells(encoded: changed(11 + 7, to: 3)) == nil, "an unknown colour kind")
    // A surrogate (0xD800) is not a scalar.
    var surrogate = bytes
    surrogate.replaceSubrange(11..<14, with: [0x00, 0xD8, 0x00])
    #expect(PictureCells(encoded: Data(surrogate)) == nil, "a surrogate")
    // Columns x rows that overflow, or that disagree with the body.
    var huge = bytes
    huge.replaceSubrange(3..<11, with: [UInt8](repeating: 0xFF, count: 8))
    #expect(PictureCells(encoded: Data(huge)) == nil, "4294967295 x 4294967295")
    var wide = bytes
    wide[3] = 7
    #expect(PictureCells(encoded: Data(wide)) == nil, "7 columns of 3 rows in 18 cells")
  }

  @Test("cells a byte form cannot hold exactly are not encoded, rather than changed")
  func notExact() throws {
    let accent = PictureCell(character: "e\u{301}", foreground: .none, background: .none)
    #expect(PictureCells(columns: 1, rows: 1, cells: [accent]).encoded() == nil)
    let wide = PictureCell(character: "█", foreground: .rgb(0x100_0000), background: .none)
    #expect(PictureCells(columns: 1, rows: 1, cells: [wide]).encoded() == nil)
    let blank = PictureCells.blank(columns: 0, rows: 0)
    #expect(PictureCells(encoded: try #require(blank.encoded())) == blank)
  }
}
