import CGIF
import CJPEG
import CPNG
import CWebP
import Foundation

/// Decodes JPEG, PNG, GIF (first frame) and WebP bytes into a `Picture` with the system's
/// hardened decoders (libjpeg-turbo, libpng, giflib, libwebp).
///
/// The format comes from the first bytes. The header is read first, and a picture is refused
/// before any pixel memory is allocated when its declared size is over `maxDeclaredPixels`
/// (every format), when it is a progressive JPEG over `maxProgressivePixels` (its decoder
/// holds the whole image's coefficients, whatever the output scale), or when its decoded size
/// is over `maxPixels`. A JPEG much larger than the caller needs is decoded at a reduced scale
/// (libjpeg-turbo's 1/8 to 7/8 scaling, done while decoding, a few lines at a time); CMYK
/// JPEGs and the first frame of an animated WebP are decoded too.
public enum PictureDecoder {
  /// The default bound: 40 megapixels, 160 MB of RGBA. Bigger than any thumbnail and most
  /// originals; a 30000x30000 header is refused.
  public static let defaultMaxPixels = 40_000_000

  /// The largest declared size read at all, in any format: 16384 x 16384. A baseline JPEG
  /// that large is decoded scaled in a few MB; nothing larger is a picture a terminal shows.
  public static let maxDeclaredPixels = 16384 * 16384

  /// The largest declared size of a progressive JPEG: its coefficients take up to 8 bytes a
  /// pixel (four full-size components, 2 bytes each) while it decodes, so 32 megapixels
  /// bound that to 256 MB.
  public static let maxProgressivePixels = 32 * 1024 * 1024

  /// Decodes `data`, whatever its format among the four.
  ///
  /// - Parameters:
  ///   - maxPixels: refuse a picture whose width times height, as decoded, exceeds this.
  ///   - covering: the size the caller will fit the picture into, in pixels; a JPEG is then
  ///     decoded at the smallest of libjpeg-turbo's scales that still covers it (other
  ///     formats at full size). Nil: full size.
  ///   - bands: decode a large baseline JPEG in two bands on two threads
  ///     (`PictureDecoder+Bands`); false: on the calling thread only (tests compare the two).
  public static func decode(
    _ data: Data, maxPixels: Int = defaultMaxPixels, covering: (width: Int, height: Int)? = nil,
    bands: Bool = true
  ) throws(PictureError) -> Picture {
    if data.isEmpty { throw .empty }
    guard let format = PictureFormat.sniff(data) else { throw .unsupportedFormat }
    let result: Result<Picture, PictureError> = data.withUnsafeBytes { raw in
      guard let base = raw.bindMemory(to: UInt8.self).baseAddress else {
        return .failure(.empty)
      }
      return decode(
        format, base, raw.count, maxPixels: maxPixels, covering: covering, bands: bands)
    }
    return try result.get()
  }

  /// A JPEG's size as its header declares it (the full size, whatever scale it is decoded
  /// at); nil for another format or a header that does not read. No pixel is decoded.
  public static func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
    guard PictureFormat.sniff(data) == .jpeg else { return nil }
    return data.withUnsafeBytes { raw -> (width: Int, height: Int)? in
      guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
      var width: Int32 = 0
      var height: Int32 = 0
      guard artfeed_jpeg_info(base, raw.count, &width, &height) == 0, width > 0, height > 0
      else { return nil }
      return (Int(width), Int(height))
    }
  }

  // MARK: - Per format

  private typealias Decoded = Result<Picture, PictureError>

  private static func decode(
    _ format: PictureFormat, _ bytes: UnsafePointer<UInt8>, _ count: Int, maxPixels: Int,
    covering: (width: Int, height: Int)?, bands: Bool
  ) -> Decoded {
    var width: Int32 = 0
    var height: Int32 = 0
    let info: Int32
    switch format {
    case .jpeg: info = artfeed_jpeg_info(bytes, count, &width, &height)
    case .png: info = artfeed_png_info(bytes, count, &width, &height)
    case .gif: info = artfeed_gif_info(bytes, count, &width, &height)
    case .webp: info = artfeed_webp_info(bytes, count, &width, &height)
    }
    if info != 0 { return .failure(.corrupt("\(format.rawValue) header")) }
    let declared = Int(max(0, width)) * Int(max(0, height))
    if declared > maxDeclaredPixels
      || (format == .jpeg && declared > maxProgressivePixels
        && artfeed_jpeg_is_progressive(bytes, count) != 0)
    {
      return .failure(.tooLarge(width: Int(width), height: Int(height)))
    }
    let full = (width: Int(width), height: Int(height))
    if format == .jpeg, let covering, width > 0, height > 0 {
      let wanted = fitted(full, into: covering)
      artfeed_jpeg_scaled_size(
        width, height, Int32(clamping: wanted.width), Int32(clamping: wanted.height), &width,
        &height)
    }
    let w = Int(width)
    let h = Int(height)
    if w <= 0 || h <= 0 { return .failure(.corrupt("\(format.rawValue) size \(w)x\(h)")) }
    if w.multipliedReportingOverflow(by: h).partialValue > maxPixels || w > maxPixels
      || h > maxPixels
    {
      return .failure(.tooLarge(width: w, height: h))
    }
    if format == .jpeg, bands, full.width * full.height >= bandsFromPixels, hasSpareCore,
      let picture = jpegInBands(bytes, count, full: full, width: w, height: h)
    {
      return .success(picture)
    }
    return pixels(format, bytes, count, width: width, height: height, maxPixels: maxPixels)
  }

  /// The size a `full`-sized picture takes fitted into `box` keeping its aspect ratio (what
  /// `PixelPicture.fitting` makes of it), rounded up: the decode must cover that, not the
  /// whole box, so a tall picture in a wide box decodes at the scale its height needs.
  static func fitted(
    _ full: (width: Int, height: Int), into box: (width: Int, height: Int)
  ) -> (width: Int, height: Int) {
    guard full.width > 0, full.height > 0, box.width > 0, box.height > 0 else { return box }
    let scale = min(
      Double(box.width) / Double(full.width), Double(box.height) / Double(full.height))
    return (
      Int((Double(full.width) * scale).rounded(.up)),
      Int((Double(full.height) * scale).rounded(.up))
    )
  }

  /// Allocates the RGBA buffer (the size is bounded by now) and lets the C shim fill it.
  private static func pixels(
    _ format: PictureFormat, _ bytes: UnsafePointer<UInt8>, _ count: Int,
    width: Int32, height: Int32, maxPixels: Int
  ) -> Decoded {
    var message = [CChar](repeating: 0, count: 200)
    var frame = (width: Int32(0), height: Int32(0))
    var rgba = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
    let status: Int32 = rgba.withUnsafeMutableBufferPointer { out in
      guard let target = out.baseAddress else { return 3 }
      switch format {
      case .jpeg:
        return artfeed_jpeg_decode(bytes, count, width, height, target, &message, message.count)
      case .png:
        return artfeed_png_decode(bytes, count, width, height, target, &message, message.count)
      case .webp:
        return artfeed_webp_decode(bytes, count, width, height, target)
      case .gif:
        return artfeed_gif_decode(
          bytes, count, width, height, UInt64(maxPixels), target, &frame.width, &frame.height)
      }
    }
    switch status {
    case 0:
      return .success(Picture(width: Int(width), height: Int(height), pixels: rgba))
    case 2:
      return .failure(.tooLarge(width: Int(frame.width), height: Int(frame.height)))
    default:
      let text = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
        as: UTF8.self)
      return .failure(.corrupt(text.isEmpty ? "\(format.rawValue) data" : text))
    }
  }
}
