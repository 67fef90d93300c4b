import ArtfeedResources
import CJPEG
import CursesBackend
import Foundation
import Pictures
import TUI

// Pictures in pixels, in-process: per bundled thumbnail, fitting it to a 12x6 box of 10x20 px
// cells and encoding it for each protocol; then the item view's first full picture from a
// 4000x3000 JPEG (decode at a reduced scale, fit, encode), step by step. The time a reader
// waits, through a pty and the real binary, is pixelbench.py's.
// Run: swift run -c release PixelBenchmark [repeats] [--item-view]
// (--item-view: only the item view's picture, for profiling its steps)

let arguments = CommandLine.arguments.dropFirst()
let repeats = arguments.lazy.compactMap(Int.init).first ?? 15
let itemViewOnly = arguments.contains("--item-view")
let clock = ContinuousClock()
let cell = CellSize(width: 10, height: 20)

/// The median of `repeats` timings of `body`, in microseconds.
func time(_ body: () -> Void) -> Double {
  var samples: [Double] = []
  for _ in 0..<repeats {
    let parts = clock.measure(body).components
    samples.append(Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12)
  }
  return samples.sorted()[samples.count / 2]
}

/// One timing of `body`, in microseconds.
func time1(_ body: () -> Void) -> Double {
  let parts = clock.measure(body).components
  return Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func summary(_ values: [Double]) -> String {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return "-" }
  return String(
    format: "%8.0f / %8.0f", sorted[sorted.count / 2],
    sorted[min(sorted.count - 1, sorted.count * 9 / 10)])
}

/// The bytes that draw a fitted picture with `kind` the first time, made as the browser's
/// writer makes them (`PictureSequences`, a fresh one each time so nothing is cached).
func encode(_ fitted: PixelPicture, _ kind: PictureProtocol) -> Int {
  var buffer = ScreenBuffer(
    width: fitted.column + fitted.columns + 1, height: fitted.row + fitted.rows + 1)
  let key = PictureCache.Key(
    url: "bench", columns: fitted.columns, rows: fitted.rows, depth: .none, cell: fitted.cell)
  buffer.place(
    fitted, key: key, in: BoxRect(x: 0, y: 0, width: buffer.width, height: buffer.height),
    clip: 0..<buffer.height)
  guard let placement = buffer.placements.first else { return 0 }
  let sequences = PictureSequences(kind: kind)
  switch kind {
  case .kitty: return sequences.transmission(placement, id: 1).reduce(0) { $0 + $1.count }
  case .sixel, .iterm: return sequences.drawing(placement).count
  }
}

// MARK: - Thumbnails

func thumbnails() {
  var fitTimes: [Double] = []
  var encodeTimes: [PictureProtocol: [Double]] = [:]
  var encodedBytes: [PictureProtocol: [Double]] = [:]
  for file in BundledThumbnails.all() {
    guard let data = try? Data(contentsOf: file), let picture = try? PictureDecoder.decode(data),
      let fitted = PixelPicture.fitting(picture, columns: 12, rows: 6, cell: cell)
    else { continue }
    fitTimes.append(time { _ = PixelPicture.fitting(picture, columns: 12, rows: 6, cell: cell) })
    for kind in PictureProtocol.allCases {
      encodeTimes[kind, default: []].append(time { _ = encode(fitted, kind) })
      encodedBytes[kind, default: []].append(Double(encode(fitted, kind)))
    }
  }
  print(
    "Per bundled thumbnail (\(fitTimes.count) files), a 12x6 box of 10x20 px cells (120x120 px)")
  print("microseconds, median / p90 over files, each the median of \(repeats) runs")
  print("fit (scale, centre, pad)   " + summary(fitTimes))
  for kind in PictureProtocol.allCases {
    let name = kind.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
    print(
      "encode \(name)             " + summary(encodeTimes[kind] ?? [])
        + "   bytes " + summary(encodedBytes[kind] ?? []))
  }
}
if !itemViewOnly { thumbnails() }

// MARK: - The item view's full picture

/// A 4000x3000 picture of gradients with per-pixel noise of `noise` levels: 32 makes a
/// JPEG as large as a noisy camera photo's (the worst case), 4 one like a digital
/// painting's (a flat picture would compress to nothing and decode too fast).
func photo(width: Int, height: Int, noise amount: UInt32) -> Picture {
  var pixels = [UInt8](repeating: 255, count: width * height * 4)
  var seed: UInt32 = 12345
  for y in 0..<height {
    for x in 0..<width {
      seed = seed &* 1_664_525 &+ 1_013_904_223
      let noise = Int((seed >> 16) % amount)
      let i = (y * width + x) * 4
      pixels[i] = UInt8(truncatingIfNeeded: x * 255 / width + noise)
      pixels[i + 1] = UInt8(truncatingIfNeeded: y * 255 / height + noise)
      pixels[i + 2] = UInt8(truncatingIfNeeded: (x + y) * 128 / (width + height) + noise * 2)
    }
  }
  return Picture(width: width, height: height, pixels: pixels)
}

func jpeg(_ picture: Picture) -> Data? {
  guard let handle = tjInitCompress() else { return nil }
  defer { tjDestroy(handle) }
  var buffer: UnsafeMutablePointer<UInt8>?
  var size: UInt = 0
  let status = picture.pixels.withUnsafeBufferPointer {
    tjCompress2(
      handle, $0.baseAddress, Int32(picture.width), 0, Int32(picture.height),
      Int32(TJPF_RGBA.rawValue), &buffer, &size, Int32(TJSAMP_420.rawValue), 90, 0)
  }
  defer { tjFree(buffer) }
  guard status == 0, let buffer else { return nil }
  return Data(bytes: buffer, count: Int(size))
}

for (label, noise) in [("noisy photo", UInt32(32)), ("painting", UInt32(4))] {
  guard let big = jpeg(photo(width: 4000, height: 3000, noise: noise)) else {
    fatalError("no JPEG encoder")
  }
  itemView(big, label: label)
}

/// The item view's first picture from `big`, step by step.
func itemView(_ big: Data, label: String) {
  // The item view's box on a 100x30 terminal: 96 x 25 cells.
  let (columns, rows) = (96, 25)
  let box = (columns * cell.width, rows * cell.height)
  print("")
  print(
    "The item view's full picture: a 4000x3000 JPEG (\(label), \(big.count / 1024) KiB) "
      + "into 96x25 cells (960x500 px)")
  let full = time { _ = try? PictureDecoder.decode(big) }
  var reduced: Picture?
  let scaledDecode = time { reduced = try? PictureDecoder.decode(big, covering: box) }
  guard let reduced else { fatalError("the JPEG did not decode") }
  var fitted: PixelPicture?
  let fit = time {
    fitted = PixelPicture.fitting(reduced, columns: columns, rows: rows, cell: cell)
  }
  guard let fitted else { fatalError("no fit") }
  // One thread against two bands, alternating in one loop so the load hits both alike.
  var oneThread: [Double] = []
  var twoBands: [Double] = []
  for _ in 0..<repeats {
    oneThread.append(time1 { _ = try? PictureDecoder.decode(big, covering: box, bands: false) })
    twoBands.append(time1 { _ = try? PictureDecoder.decode(big, covering: box) })
  }
  print(String(format: "decode at full size        %8.1f ms", full / 1000))
  print(
    String(
      format: "decode at a reduced scale  %8.1f ms  (%dx%d)", scaledDecode / 1000, reduced.width,
      reduced.height))
  print(
    String(
      format: "  alternating: one thread  %8.1f ms, two bands %8.1f ms (medians of %d)",
      median(oneThread) / 1000, median(twoBands) / 1000, repeats))
  print(
    String(
      format: "fit to the box             %8.1f ms  (%dx%d px)", fit / 1000, fitted.picture.width,
      fitted.picture.height))
  for kind in PictureProtocol.allCases {
    let micros = time { _ = encode(fitted, kind) }
    let name = kind.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
    print(
      "encode \(name)             "
        + String(
          format: "%8.1f ms  %7d bytes   total %6.1f ms", micros / 1000, encode(fitted, kind),
          (scaledDecode + fit + micros) / 1000))
  }
}
