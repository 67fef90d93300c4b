import FeedModel
import Foundation
import PictureFiles
import Pictures
import TUI

/// The picture viewer's pictures (keys with a `PictureCrop`): decoded once at the scale the
/// views need and kept (`DecodedPictures`), then each view cut from memory, scaled and, in
/// pixels, encoded for the terminal.
extension PictureLoader {
  /// The view `key` asks for: the picture decoded at the scale the view needs (from memory
  /// when a decode kept covers it), its full size reported through `measured` (the viewer's
  /// zoom and pan count in it), then the crop. `animated` hears of a picture whose file holds
  /// more than one frame, for every view of it: each view plays (`MotionLoader` cuts every
  /// frame as the view is cut).
  static func makeView(
    _ key: PictureCache.Key, crop: PictureCrop, images: ImageLoader,
    decoded: DecodedPictures = .shared,
    prepare: (@Sendable (PictureCache.Key, PixelPicture) -> Void)?,
    measured: (@Sendable (String, Int, Int) -> Void)?,
    animated: (@Sendable (PictureCache.Key) -> Void)? = nil
  ) async -> Result<PictureRendition, ImageLoadError> {
    do throws(ImageLoadError) {
      let entry = try await decodedPicture(
        key.url,
        scale: { [box = viewBox(key)] in
          crop.neededScale(width: $0, height: $1, boxWidth: box.width, boxHeight: box.height)
        }, images: images, decoded: decoded)
      measured?(key.url, entry.full.width, entry.full.height)
      // Before the view is posted: the viewer asks for the frames once the view is here.
      if entry.isAnimated { animated?(key) }
      if Task.isCancelled { throw .cancelled }
      let size = (entry.picture.width, entry.picture.height)
      let cut = crop.onDecoded(full: entry.full, decoded: size)
      guard let made = view(of: entry.picture, crop: cut, for: key) else {
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

  /// The box of `key` in the pixels its crop's scale counts in: the terminal's cells, or
  /// `PictureCrop.symbolCell` for symbols.
  static func viewBox(_ key: PictureCache.Key) -> (width: Int, height: Int) {
    let cell = key.cell ?? PictureCrop.symbolCell
    return (key.columns * cell.width, key.rows * cell.height)
  }

  /// The picture at `url` decoded at least at `scale(fullWidth, fullHeight)` of its full
  /// size (an animation's first frame at full size), and whether its file holds more frames:
  /// from memory when a decode kept covers the scale, else fetched and decoded (and kept).
  ///
  /// The first decode is at the scale the view needs (libjpeg-turbo's, for a JPEG: the fit
  /// view of a 4000x3000 photo in a 1000x600 box decodes at 1/4, a sixteenth of the pixels).
  /// A later view that needs more (a zoom) decodes at full size: one more decode, and every
  /// zoom and pan after it cuts from memory.
  static func decodedPicture(
    _ url: String, scale: (Int, Int) -> Double, images: ImageLoader, decoded: DecodedPictures
  ) async throws(ImageLoadError) -> DecodedPictures.Entry {
    let kept = decoded.entry(for: url)
    if let kept, kept.covers(scale(kept.full.width, kept.full.height)) { return kept }
    let data = try await images.load(url)
    if Task.isCancelled { throw .cancelled }
    // A JPEG's header gives its full size before any pixel is decoded; other formats are
    // decoded at full size whatever is asked.
    let full = PictureDecoder.jpegSize(data)
    var covering: (width: Int, height: Int)? = nil
    if kept == nil, let full {
      let wanted = scale(full.width, full.height)
      if wanted < 1 {
        covering = (
          Int((Double(full.width) * wanted).rounded(.up)),
          Int((Double(full.height) * wanted).rounded(.up))
        )
      }
    }
    do throws(PictureError) {
      let picture = try PictureDecoder.decode(data, covering: covering)
      PixelLog.note(
        "loader: decoded for the viewer \(picture.width)x\(picture.height) \(url.suffix(24))")
      let entry = DecodedPictures.Entry(
        picture: picture, full: full, isAnimated: AnimationDecoder.isAnimated(data))
      decoded.keep(entry, for: url)
      return entry
    } catch {
      images.forgetCached(url)
      throw ImageLoadError(error.description)
    }
  }
}
