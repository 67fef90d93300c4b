import FeedCore
import Foundation
import HTTP
import PictureFiles
import Pictures
import TestSupport
import Testing

@testable import TUI
@testable import TUIRuntime

/// The run loop's rest deadline: once the selection stays on an item for
/// `AppLoop.restInterval`, its full picture is made ahead, so Enter's first frame shows it;
/// keys in quick succession never start one, and once it is made the loop is idle again.
@Suite("Run loop: reading the item view's picture ahead")
struct ReadAheadLoopTests {
  static let cell = CellSize(width: 10, height: 20)
  /// The full picture comes over "HTTP" (a client that counts its requests); the row's
  /// thumbnail is a file, so every request is the item view's picture.
  static let full = "https://img.example/fox-full.jpg"

  static func items() -> [FeedItem] {
    [
      FeedItem(title: "Words", guid: "words", summary: "No picture."),
      FeedItem(
        title: "Fox", guid: "fox",
        thumbnails: [MediaThumbnail(url: Fixtures.bundledThumbnail.absoluteString)],
        contents: [MediaContent(url: full, medium: "image", width: 150, height: 150)]),
    ]
  }

  /// Answers every request with the bundled JPEG, counting them.
  final class CountingClient: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var first: Date?
    var requests: (count: Int, first: Date?) {
      lock.lock()
      defer { lock.unlock() }
      return (count, first)
    }
    private func record() {
      lock.lock()
      defer { lock.unlock() }
      count += 1
      if first == nil { first = Date() }
    }
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
      record()
      let body = (try? Data(contentsOf: Fixtures.bundledThumbnail)) ?? Data()
      return HTTPResponse(status: 200, headers: [:], body: body, url: request.url)
    }
  }

  /// A screen that moves the selection with `keys` (one per wait, at once), then waits
  /// (in 5 ms sleeps, whatever the timeout) until the loop is idle with the loader empty, then
  /// presses Enter and quits after the next frame. Records every timeout and the first frame
  /// after Enter.
  final class RestScreen: Screen {
    var size = (width: 100, height: 30)
    var timeouts: [Int?] = []
    var frames: [ScreenBuffer] = []
    var enterFrame: Int?
    var loader: PictureLoader?
    private var keys: [Key]
    /// When each key was handed to the loop.
    var keyTimes: [Date] = []
    private var pressedEnter = false
    private var quietWaits = 0
    private let deadline = Date().addingTimeInterval(TimeScale.seconds(60))
    private(set) var timedOut = false

    init(keys: [Key]) { self.keys = keys }

    func draw(_ buffer: ScreenBuffer) { frames.append(buffer) }

    func nextEvent(wake: WakeSignal, timeoutMilliseconds: Int?) -> Event? {
      if Date() > deadline {
        timedOut = true
        return .key(.character("q"))
      }
      guard frames.last?.lines.joined().contains("Fox") == true else {
        Thread.sleep(forTimeInterval: 0.005)
        return nil
      }
      if let key = keys.first {
        keys.removeFirst()
        keyTimes.append(Date())
        return .key(key)
      }
      if pressedEnter {
        return frames.count > (enterFrame ?? .max) ? .key(.character("q")) : nil
      }
      timeouts.append(timeoutMilliseconds)
      let counts = loader?.counts ?? (waiting: 0, running: 0, longestWait: 0)
      // Idle twice in a row with nothing loading: a picture posted between the two has been
      // drained and drawn.
      quietWaits =
        timeoutMilliseconds == nil && counts.waiting == 0 && counts.running == 0
        ? quietWaits + 1 : 0
      if quietWaits >= 2 {
        pressedEnter = true
        enterFrame = frames.count
        return .key(.enter)
      }
      Thread.sleep(forTimeInterval: 0.005)
      return nil
    }
  }

  static func run(keys: [Key]) async -> (RestScreen, AppState, requests: (count: Int, first: Date?))
  {
    let screen = RestScreen(keys: keys)
    let client = CountingClient()
    var state = Fixtures.state(width: 100, height: 30, items: items())
    state.configurePictures(enabled: true, depth: .indexed256, cell: cell)
    let loop = AppLoop(
      state: state, screen: screen, source: MemorySource(items: []), shouldStop: { false },
      openLink: { _, _ in }, images: ImageLoader(client: client, cache: nil))
    screen.loader = loop.pictureLoader
    let final = await runOnThread(loop, initial: state.pictureCommands())
    return (screen, final, client.requests)
  }

  @Test("rested on, the picture is made ahead: Enter's first frame shows it, then no timer")
  func rested() async throws {
    let (screen, _, requests) = await Self.run(keys: [.character("j")])
    #expect(!screen.timedOut)
    #expect(requests.count == 1)
    let deadlines = screen.timeouts.compactMap { $0 }
    #expect(!deadlines.isEmpty, "a deadline after the move")
    #expect(deadlines.allSatisfy { $0 <= 150 })
    #expect(screen.timeouts.last == .some(nil), "idle again once it is made: no wake-ups")
    let index = try #require(screen.enterFrame)
    let first = try #require(screen.frames.indices.contains(index) ? screen.frames[index] : nil)
    #expect(first.lines.joined().contains("Fox"))
    let placement = try #require(first.placements.first, "the picture in the first frame")
    #expect(placement.key.url == Self.full && placement.key.columns == 96)
  }

  @Test("keys in quick succession start no read-ahead; only the item they stop on is read")
  func scrolling() async throws {
    // 41 moves between the two items, one per wait (no rest between them), ending on Fox.
    let moves = (0...40).map { $0 % 2 == 0 ? Key.character("j") : .character("k") }
    let (screen, state, requests) = await Self.run(keys: moves)
    #expect(!screen.timedOut)
    // A loaded machine may stall the loop past the rest interval between two keys: each such
    // stop on Fox may read it (once; then it is made).
    let stalls = zip(screen.keyTimes, screen.keyTimes.dropFirst()).enumerated().filter {
      $0.offset % 2 == 0 && $0.element.1.timeIntervalSince($0.element.0) >= 0.15
    }.count
    if stalls == 0 {
      #expect(requests.count == 1)
      let first = try #require(requests.first)
      let last = try #require(screen.keyTimes.last)
      #expect(first.timeIntervalSince(last) >= 0.14, "asked for only after the last key rested")
    } else {
      #expect(requests.count <= 1 + stalls)
    }
    let full = state.pictures.key(url: Self.full, columns: 96, rows: 25)
    #expect(state.pictures.cache.value(for: full) != nil, "read once the moves stopped")
    let placement = try #require(screen.frames[screen.enterFrame ?? 0].placements.first)
    #expect(placement.key == full)
  }
}
