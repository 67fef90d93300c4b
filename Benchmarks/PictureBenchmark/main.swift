import ArtfeedResources
import Foundation
import Pictures

// Per bundled thumbnail: decode, then scale + convert into a 20x8 box at each colour depth.
// Prints the median and the 90th percentile over all thumbnails of a format, each timed as
// the median of `repeats` runs. Run: swift run -c release PictureBenchmark [repeats]

let repeats = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 21
let clock = ContinuousClock()

/// The median of `repeats` timings of `body`, in microseconds.
func time(_ body: () -> Void) -> Double {
  var samples: [Double] = []
  for _ in 0..<repeats {
    let elapsed = clock.measure(body)
    let parts = elapsed.components
    samples.append(Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12)
  }
  return samples.sorted()[samples.count / 2]
}

func summary(_ values: [Double]) -> String {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return "-" }
  let median = sorted[sorted.count / 2]
  let p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
  return String(format: "%7.1f / %7.1f", median, p90)
}

var decode: [PictureFormat: [Double]] = [:]
var convert: [PictureFormat: [ColorDepth: [Double]]] = [:]
var bytes: [PictureFormat: Int] = [:]
for file in BundledThumbnails.all() {
  guard let data = try? Data(contentsOf: file), let format = PictureFormat.sniff(data),
    let picture = try? PictureDecoder.decode(data)
  else { continue }
  bytes[format, default: 0] += data.count
  decode[format, default: []].append(time { _ = try? PictureDecoder.decode(data) })
  for depth in ColorDepth.allCases {
    let converter = CellConverter(depth: depth)
    let micros = time { _ = converter.cells(for: picture, columns: 20, rows: 8) }
    convert[format, default: [:]][depth, default: []].append(micros)
  }
}

print("Per thumbnail, microseconds, median / p90 over files (each the median of \(repeats) runs)")
print("box 20x8 cells; \(ProcessInfo.processInfo.activeProcessorCount) cores")
let depthNames = ColorDepth.allCases.map(\.rawValue)
let header = depthNames.map { $0.padding(toLength: 18, withPad: " ", startingAt: 0) }
print("format  files  avg bytes  decode            " + header.joined())
for format in PictureFormat.allCases {
  let count = decode[format]?.count ?? 0
  guard count > 0 else { continue }
  let columns = ColorDepth.allCases.map { summary(convert[format]?[$0] ?? []) + "   " }.joined()
  print(
    format.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
      + String(format: "%5d  %9d  ", count, (bytes[format] ?? 0) / count)
      + summary(decode[format] ?? []) + "   " + columns)
}
