import CGIF
import CJPEG
import CPNG
import CWebP
import Foundation

/// Decodes JPEG, PNG, GIF (first frame) and WebP bytes into a `Picture` with the system's
/// hardened decoders (libjpeg-turbo, libpng, giflib, libwebp).
///
/// The format comes from the first bytes. The header is read first and a picture over
/// `maxPixels` is refused before any pixel memory is allocated.
public enum PictureDecoder {
  /// The default bound: 40 megapixels, 160 MB of RGBA. Bigger than any thumbnail and most
  /// originals; a 30000x30000 header is refused.
  public static let defaultMaxPixels = 40_000_000

  /// Decodes `data`, whatever its format among the four.
  ///
  /// - Parameter maxPixels: refuse a picture whose width times height exceeds this.
  public static func decode(_ data: Data, maxPixels: Int = defaultMaxPixels) throws(PictureError)
    -> Picture
  {
    if data.isEmpty { throw .empty }
    guard let format = PictureFormat.sniff(data) else { throw .unsupportedFormat }
    let result: Result<Picture, PictureError> = data.withUnsafeBytes { raw in
      guard let base = raw.bindMemory(to: UInt8.self).baseAddress else {
        return .failure(.empty)
      }
      return decode(format, base, raw.count, maxPixels: maxPixels)
    }
    return try result.get()
  }

  // MARK: - Per format

  private typealias Decoded = Result<Picture, PictureError>

  private static func decode(
    _ format: PictureFormat, _ bytes: UnsafePointer<UInt8>, _ count: Int, maxPixels: Int
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
    let w = Int(width)
    let h = Int(height)
    if w <= 0 || h <= 0 { return .failure(.corrupt("\(format.rawValue) size \(w)x\(h)")) }
    if w.multipliedReportingOverflow(by: h).partialValue > maxPixels || w > maxPixels
      || h > maxPixels
    {
      return .failure(.tooLarge(width: w, height: h))
    }
    return pixels(format, bytes, count, width: width, height: height, maxPixels: maxPixels)
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
