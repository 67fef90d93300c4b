import FeedModel
import Foundation
import PictureFiles
import Pictures
import TUI

/// The picture viewer's pictures (keys with a `PictureCrop`): decoded once at full size and
/// kept (`DecodedPictures`), then each view cut from memory, scaled and, in pixels, encoded
/// for the terminal.
extension PictureLoader {
  /// The view `key` asks for: the picture decoded at full size (from memory when kept), its
  /// size reported through `measured` (the viewer's zoom and pan need it), then the crop.
  static func makeView(
    _ key: PictureCache.Key, crop: PictureCrop, images: ImageLoader,
    decoded: DecodedPictures = .shared,
    prepare: (@Sendable (PictureCache.Key, PixelPicture) -> Void)?,
    measured: (@Sendable (String, Int, Int) -> Void)?
  ) async -> Result<PictureRendition, ImageLoadError> {
    do throws(ImageLoadError) {
      let picture = try await decodedPicture(key.url, images: images, decoded: decoded)
      measured?(key.url, picture.width, picture.height)
      if Task.isCancelled { throw .cancelled }
      if let cell = key.cell {
        guard
          let view = PixelPicture.viewing(
            picture, crop: crop, columns: key.columns, rows: key.rows, cell: cell)
        else { throw ImageLoadError("no room") }
        prepare?(key, view)
        PixelLog.note("loader: view made \(describe(key))")
        return .success(.pixels(view))
      }
      let cells = CellConverter(depth: key.depth).cells(
        for: picture, crop: crop, columns: key.columns, rows: key.rows,
        cell: PictureCrop.symbolCell)
      return .success(.cells(cells))
    } catch {
      return .failure(error)
    }
  }

  /// The picture at `url` decoded at full size: from memory, else fetched and decoded (and
  /// kept).
  static func decodedPicture(
    _ url: String, images: ImageLoader, decoded: DecodedPictures
  ) async throws(ImageLoadError) -> Picture {
    if let kept = decoded.picture(for: url) { return kept }
    let data = try await images.load(url)
    if Task.isCancelled { throw .cancelled }
    do {
      let picture = try PictureDecoder.decode(data)
      PixelLog.note("loader: decoded in full \(picture.width)x\(picture.height) \(url.suffix(24))")
      decoded.keep(picture, for: url)
      return picture
    } catch {
      images.forgetCached(url)
      throw ImageLoadError(error.description)
    }
  }
}
