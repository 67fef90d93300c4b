import BenchmarkSupport
import FeedCore
import Foundation
import TUI

// Issue 11's scale figures in one run: first screen, full load and its peak memory (the
// release `artfeed` binary, spawned), and artist-search keystrokes (in process: the key's
// update, the search, its result applied, and the frame rendered).
//
//   swift build -c release --product artfeed && swift run -c release ScaleBenchmark \
//     [--items 1000,100000,1000000] [--runs 3] [--query artist123] [--search-only]
//     [--generate-only] [--artists few|distinct]
//
// `--search-only` skips the spawned figures and times only the search keystrokes (on feeds
// already generated, or generated now). `--generate-only` writes the feeds, prints their
// paths and times nothing (Scripts/peers.py times other tools on the same files).
//
// Feeds are generated once into the temporary folder (artfeed-scale-N.rss) and kept.
// `--artists distinct` makes feeds of about one artist per item (artfeed-scale-distinct-N.rss,
// `FeedGenerator.Artists`), where the artist search has as many names as items.

let arguments = CommandLine.arguments
var sizes = [1_000, 100_000, 1_000_000]
var runs = 3
var query = "artist123"
var searchOnly = false
var generateOnly = false
var artists = FeedGenerator.Artists.few
var index = 1
while index < arguments.count {
  if arguments[index] == "--search-only" || arguments[index] == "--generate-only" {
    searchOnly = searchOnly || arguments[index] == "--search-only"
    generateOnly = generateOnly || arguments[index] == "--generate-only"
    index += 1
    continue
  }
  guard index + 1 < arguments.count else { break }
  switch arguments[index] {
  case "--items": sizes = arguments[index + 1].split(separator: ",").compactMap { Int($0) }
  case "--runs": runs = max(1, Int(arguments[index + 1]) ?? runs)
  case "--query": query = arguments[index + 1]
  case "--artists": artists = FeedGenerator.Artists(rawValue: arguments[index + 1]) ?? artists
  default: break
  }
  index += 2
}

let binary = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent()
  .appendingPathComponent("artfeed").path
guard generateOnly || FileManager.default.isExecutableFile(atPath: binary) else {
  print("No artfeed at \(binary): run `swift build -c release --product artfeed` first.")
  exit(1)
}

print("ScaleBenchmark: artfeed at \(binary), \(runs) runs per spawned figure (median)")
for count in sizes {
  let shape = artists == .few ? "" : "\(artists.rawValue)-"
  let path = NSTemporaryDirectory() + "artfeed-scale-\(shape)\(count).rss"
  if !FileManager.default.fileExists(atPath: path) {
    var generator = FeedGenerator(seed: 42, artists: artists)
    try generator.write(items: count, to: path)
  }
  let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  print(String(format: "\n%d items, %.1f MB (%@)", count, Double(bytes) / 1e6, path))
  if generateOnly { continue }
  if searchOnly {
    SearchTiming.run(path: path, query: query, brute: count <= 100_000)
    continue
  }
  let size = ["--width", "100", "--height", "30"]
  let first = (0..<runs).map { _ in spawn(binary, ["render", path, "--first-screen"] + size) }
  let whole = (0..<runs).map { _ in spawn(binary, ["render", path] + size) }
  print(
    String(
      format: "  first screen (render --first-screen): %.3f s  (runs: %@)",
      median(first.map(\.seconds)),
      first.map { String(format: "%.3f", $0.seconds) }.joined(
        separator: " ")))
  print(
    String(
      format: "  whole load (render, the first screen before progressive open): %.3f s,"
        + " peak RSS %.0f MiB", median(whole.map(\.seconds)), median(whole.map(\.peakMiB))))
  if first.contains(where: { $0.status != 0 }) || whole.contains(where: { $0.status != 0 }) {
    print("  (a run exited with a failure status)")
  }
  SearchTiming.run(path: path, query: query, brute: count <= 100_000)
}
