import ArtfeedResources
import FeedCore
import FeedLoading
import FeedModel
import Foundation
import HTTP
import PictureFiles
import Pictures
import TUI
import TUIRuntime

// Frames of the list with pictures: a screen of image rows with cold and warm picture caches,
// and 1,000 image rows scrolled with j as fast as frames can be made, the picture loader
// running behind (3 at a time). Prints frame times and the loader's queue.
// Run: swift run -c release ThumbnailBenchmark [width height]

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let (width, height) = arguments.count == 2 ? (arguments[0], arguments[1]) : (120, 40)
let clock = ContinuousClock()

/// A client that never connects: every picture here is a bundled file.
struct NoNetwork: HTTPClient {
  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    throw .refused(host: "")
  }
}

/// A source with nothing to load (the list is made directly).
struct NoSource: FeedSource {
  var searchesOnline: Bool { false }
  func loadMain() async throws(LoadError) -> LoadedList { throw LoadError("none") }
  func search(artist: String) async throws(LoadError) -> LoadedList { throw LoadError("none") }
  func page(at url: URL) async throws(LoadError) -> LoadedList { throw LoadError("none") }
}

func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

func summary(_ values: [Double]) -> String {
  let sorted = values.sorted()
  guard let last = sorted.last else { return "-" }
  let at = { (q: Double) in sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
  return String(format: "median %.2f ms, p99 %.2f ms, max %.2f ms", at(0.5), at(0.99), last)
}

/// 1,000 items, each with its own picture address (a bundled file, with a query that makes
/// the address, and so the cache key, unique).
let files = BundledThumbnails.all()
guard !files.isEmpty else { fatalError("no bundled thumbnails") }
let items = (0..<1000).map { index in
  FeedItem(
    title: "Picture \(index) with a title long enough to wrap on narrow screens",
    guid: "g\(index)", published: Date(timeIntervalSince1970: 1_750_000_000 - Double(index) * 600),
    author: "artist\(index % 17)", summary: "A description of picture \(index), two lines or so.",
    thumbnails: [
      MediaThumbnail(
        url: files[index % files.count].absoluteString + "?n=\(index)", width: 150, height: 150)
    ])
}

func freshState() -> (AppState, CommandRunner) {
  var state = AppState(
    list: ItemList(title: "Benchmark", items: items), isOffline: true, width: width, height: height)
  state.configurePictures(enabled: true, depth: .indexed256)
  let runner = CommandRunner(
    source: NoSource(), images: ImageLoader(client: NoNetwork(), cache: nil))
  return (state, runner)
}

// MARK: - A screen of image rows, cold and warm

var (state, runner) = freshState()
var cold: [Double] = []
for _ in 0..<50 { cold.append(milliseconds(clock.measure { _ = state.render(now: Date()) })) }
let start = clock.now
_ = runner.settle(&state, initial: state.pictureCommands(), deadline: .now() + 30)
let firstScreen = milliseconds(clock.now - start)
var warm: [Double] = []
for _ in 0..<50 { warm.append(milliseconds(clock.measure { _ = state.render(now: Date()) })) }
print("screen \(width)x\(height), \(state.list.visibleRows.count) image rows")
print("  frame, cold cache (placeholders): \(summary(cold))")
print("  frame, warm cache (pictures):     \(summary(warm))")
print(String(format: "  pictures of the first screen and the next (cold): %.1f ms", firstScreen))

// MARK: - 1,000 image rows, j as fast as frames come

(state, runner) = freshState()
var frames: [Double] = []
var longestQueue = 0
var queueAtEnd = 0
for _ in 0..<999 {
  let frameStart = clock.now
  let commands = state.update(.key(.character("j")))
  _ = runner.settle(&state, initial: commands, deadline: .now())
  _ = state.render(now: Date())
  frames.append(milliseconds(clock.now - frameStart))
  longestQueue = max(longestQueue, runner.pictures?.counts.waiting ?? 0)
}
queueAtEnd = runner.pictures?.counts.waiting ?? 0
let over = frames.filter { $0 >= 16 }.count
print("scrolling 1,000 image rows with j (\(frames.count) frames):")
print("  frame (update + arrived pictures + render): \(summary(frames))")
print("  frames at 16 ms or more: \(over)")
print("  loader queue: longest \(longestQueue), at the end \(queueAtEnd)")
print("  pictures converted and cached on the way: \(state.pictures.cache.count)")
let settleStart = clock.now
_ = runner.settle(&state, initial: [], deadline: .now() + 30)
print(
  String(
    format: "  last screen's pictures in %.1f ms after the last key",
    milliseconds(clock.now - settleStart)))
