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
      guard let made = view(of: picture, crop: crop, for: key) else {
        throw ImageLoadError("no room")
      }
      if case .pixels(let pixels) = made {
        prepare?(key, pixels)
        PixelLog.note("loader: view made \(describe(key))")
      }
      return .success(made)
    } catch {
      return .failure(error)
    }
  }

  /// The part of `picture` that `crop` names, for `key`'s box: pixels for a cell size, else
  /// symbol cells (counted in `PictureCrop.symbolCell`). Nil when the box has no room. An
  /// animation's frames are cut the same way (`MotionLoader`).
  static func view(
    of picture: Picture, crop: PictureCrop, for key: PictureCache.Key
  ) -> PictureRendition? {
    if let cell = key.cell {
      return PixelPicture.viewing(
        picture, crop: crop, columns: key.columns, rows: key.rows, cell: cell
      ).map(PictureRendition.pixels)
    }
    return .cells(
      CellConverter(depth: key.depth).cells(
        for: picture, crop: crop, columns: key.columns, rows: key.rows,
        cell: PictureCrop.symbolCell))
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
