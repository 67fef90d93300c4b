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
  /// `animated` hears of a picture whose file holds more than one frame, for every view of
  /// it: each view plays (`MotionLoader` cuts every frame as the view is cut).
  static func makeView(
    _ key: PictureCache.Key, crop: PictureCrop, images: ImageLoader,
    decoded: DecodedPictures = .shared,
    prepare: (@Sendable (PictureCache.Key, PixelPicture) -> Void)?,
    measured: (@Sendable (String, Int, Int) -> Void)?,
    animated: (@Sendable (PictureCache.Key) -> Void)? = nil
  ) async -> Result<PictureRendition, ImageLoadError> {
    do throws(ImageLoadError) {
      let (picture, isAnimated) = try await decodedPicture(
        key.url, images: images, decoded: decoded)
      measured?(key.url, picture.width, picture.height)
      // Before the view is posted: the viewer asks for the frames once the view is here.
      if isAnimated { animated?(key) }
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

  /// The picture at `url` decoded at full size (an animation's first frame), and whether its
  /// file holds more frames: from memory, else fetched and decoded (and kept).
  static func decodedPicture(
    _ url: String, images: ImageLoader, decoded: DecodedPictures
  ) async throws(ImageLoadError) -> (Picture, Bool) {
    if let kept = decoded.entry(for: url) { return kept }
    let data = try await images.load(url)
    if Task.isCancelled { throw .cancelled }
    do {
      let picture = try PictureDecoder.decode(data)
      PixelLog.note("loader: decoded in full \(picture.width)x\(picture.height) \(url.suffix(24))")
      let isAnimated = AnimationDecoder.isAnimated(data)
      decoded.keep(picture, for: url, isAnimated: isAnimated)
      return (picture, isAnimated)
    } catch {
      images.forgetCached(url)
      throw ImageLoadError(error.description)
    }
  }
}
