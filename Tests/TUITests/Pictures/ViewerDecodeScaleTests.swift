import ArtfeedResources
import FeedModel
import Foundation
import Locking
import PictureFiles
import Pictures
import Testing

@testable import TUIRuntime

/// The viewer's first view decodes a JPEG at the reduced scale its fit needs; a zoom that
/// needs more pixels decodes it again at full size, once; views the kept decode covers are
/// cut from memory.
@Suite("The viewer decodes at the scale its views need")
struct ViewerDecodeScaleTests {
  /// A bundled JPEG of 150x84 pixels.
  static func jpeg() throws -> URL {
    try #require(
      BundledThumbnails.all().first { $0.lastPathComponent.hasPrefix("anemone_mug") })
  }

  static func key(_ url: URL, _ crop: PictureCrop, columns: Int, rows: Int) -> PictureCache.Key {
    PictureCache.Key(
      url: url.absoluteString, columns: columns, rows: rows, depth: .truecolor,
      cell: CellSize(width: 10, height: 20), crop: crop)
  }

  static func make(
    _ key: PictureCache.Key, _ decoded: DecodedPictures, measured: Locked<[Int]>? = nil
  ) async throws -> PixelPicture {
    let images = ImageLoader(client: NoNetwork(), cache: nil)
    let result = await PictureLoader.makeView(
      key, crop: try #require(key.crop), images: images, decoded: decoded, prepare: nil,
      measured: { _, width, height in measured?.withLock { $0 = [width, height] } })
    let rendition = try result.get()
    guard case .pixels(let view) = rendition else {
      Issue.record("not pixels: \(rendition)")
      return try #require(nil as PixelPicture?)
    }
    return view
  }

  @Test("fit in a small box decodes at 1/8, reports the full size, and draws the fitted size")
  func fitReduced() async throws {
    let url = try Self.jpeg()
    let decoded = DecodedPictures()
    let measured = Locked<[Int]>([])
    // 2x1 cells of 10x20 px: 20x12 px at fit (rounded up), which 1/8 (19x11) does not
    // cover and 2/8 (38x21) does.
    let view = try await Self.make(
      Self.key(url, .fit, columns: 2, rows: 1), decoded, measured: measured)
    let entry = try #require(decoded.entry(for: url.absoluteString))
    #expect((entry.picture.width, entry.picture.height) == (38, 21))
    #expect(entry.full == (150, 84))
    #expect(measured.withLock { $0 } == [150, 84], "the viewer counts in the full size")
    let full = try PictureDecoder.decode(Data(contentsOf: url))
    let reference = try #require(
      PixelPicture.viewing(
        full, crop: .fit, columns: 2, rows: 1, cell: CellSize(width: 10, height: 20)))
    #expect(
      (view.columns, view.rows, view.column, view.row)
        == (reference.columns, reference.rows, reference.column, reference.row))
    #expect(
      (view.picture.width, view.picture.height)
        == (reference.picture.width, reference.picture.height))
    #expect(decoded.offeredCount == 1)
  }

  @Test("a zoom past the kept scale decodes at full size once; views it covers decode nothing")
  func zoomDecodesOnce() async throws {
    let url = try Self.jpeg()
    let decoded = DecodedPictures()
    _ = try await Self.make(Self.key(url, .fit, columns: 2, rows: 1), decoded)
    #expect(decoded.offeredCount == 1)
    // A region at 1:1 needs every pixel: decoded again, at full size.
    let zoom = PictureCrop.region(x: 40, y: 20, width: 60, height: 40, permille: 1000)
    let zoomed = try await Self.make(Self.key(url, zoom, columns: 6, rows: 2), decoded)
    #expect(decoded.offeredCount == 2)
    let entry = try #require(decoded.entry(for: url.absoluteString))
    #expect((entry.picture.width, entry.picture.height) == (150, 84))
    #expect((zoomed.picture.width, zoomed.picture.height) == (60, 40))
    // Fit again, a pan, and a zoom out: cut from the full-size picture kept.
    _ = try await Self.make(Self.key(url, .fit, columns: 2, rows: 1), decoded)
    let pan = PictureCrop.region(x: 80, y: 20, width: 60, height: 40, permille: 1000)
    _ = try await Self.make(Self.key(url, pan, columns: 6, rows: 2), decoded)
    let out = PictureCrop.region(x: 0, y: 0, width: 150, height: 84, permille: 500)
    _ = try await Self.make(Self.key(url, out, columns: 8, rows: 3), decoded)
    #expect(decoded.offeredCount == 2)
  }
}
