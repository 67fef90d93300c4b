import CJPEG
import Dispatch
import Foundation

/// A large baseline JPEG decoded on two cores: the top band on one thread, the rest on
/// another, each into its own rows of one buffer.
///
/// Huffman-coded data runs on from the first byte, so the second thread still reads the top
/// band's codes (jpeg_skip_scanlines) but does none of its inverse DCT, upsampling or colour
/// conversion. At a reduced scale the Huffman codes are most of the cost: for a 4000x3000
/// photo at 1/4, skipping rows costs about three quarters of decoding them (thread CPU time,
/// Benchmarks/PixelBenchmark/bands.c). The split evens the two threads out: the top band
/// is four fifths of the rows, and each thread takes about 0.8 of the single decode's time,
/// 1.5 times its CPU together. That pays only with a core to spare: the bands are used when
/// no other process's thread is runnable on the second core at this instant (`SpareCores`).
/// Progressive, CMYK and damaged files
/// take the single-thread path (`pixels`), which also names the error; the pixels are the
/// same either way (`PictureDecoderBandsTests`).
extension PictureDecoder {
  /// Pictures from this many pixels (as declared, before scaling) use two threads: below it
  /// a decode is short enough that a second thread's start-up and re-read cost more.
  static let bandsFromPixels = 4_000_000

  /// The share of the rows the first thread decodes, in fifths.
  static let topBandFifths = 4

  /// True when two cores are free for the bands now (on a busy machine a second thread only
  /// adds CPU time, and shares a core with another process's).
  static var hasSpareCore: Bool { SpareCores.available(2) }

  /// The picture decoded in two bands, or nil when the file is not one the bands decode (the
  /// caller then decodes it whole).
  static func jpegInBands(
    _ bytes: UnsafePointer<UInt8>, _ count: Int, full: (width: Int, height: Int), width: Int,
    height: Int
  ) -> Picture? {
    let eighths = artfeed_jpeg_eighths(Int32(full.width), Int32(width))
    guard eighths > 0, height >= 64, artfeed_jpeg_is_progressive(bytes, count) == 0 else {
      return nil
    }
    // At a multiple of 32 rows: an iMCU row boundary at any scale up to 1, so neither band
    // decodes a partial iMCU row twice.
    let split = height * topBandFifths / 5 / 32 * 32
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    var statuses: [Int32] = [3, 3]
    rgba.withUnsafeMutableBufferPointer { out in
      statuses.withUnsafeMutableBufferPointer { results in
        guard let target = out.baseAddress, let status = results.baseAddress else { return }
        let shared = BandBuffers(source: bytes, target: target, statuses: status)
        DispatchQueue.concurrentPerform(iterations: 2) { band in
          let (first, end) = band == 0 ? (0, split) : (split, height)
          shared.statuses[band] = artfeed_jpeg_decode_band(
            shared.source, count, eighths, Int32(width), Int32(height), Int32(first),
            Int32(end), shared.target)
        }
      }
    }
    guard statuses == [0, 0] else { return nil }
    return Picture(width: width, height: height, pixels: rgba)
  }
}

/// The buffers both bands use. Sendable by construction: the source is only read, each band
/// writes its own rows and its own status, and `concurrentPerform` returns after both.
private struct BandBuffers: @unchecked Sendable {
  let source: UnsafePointer<UInt8>
  let target: UnsafeMutablePointer<UInt8>
  let statuses: UnsafeMutablePointer<Int32>
}
