import FeedCore
import FeedLoading
import FeedModel
import Foundation
import TestSupport
import Testing

@testable import TUI
@testable import TUIRuntime

/// A screen driven by a script: each step waits (bounded) until the last frame shows a text,
/// then delivers its event. Frames are kept for inspection.
final class FakeScreen: Screen {
  struct Step {
    var waitFor: String?
    var event: Event
  }

  var size: (width: Int, height: Int)
  private var steps: [Step]
  private(set) var frames: [ScreenBuffer] = []
  /// Generous: on a loaded machine the loading tasks can wait tens of seconds for a thread.
  private let deadline = Date().addingTimeInterval(TimeScale.seconds(60))
  private(set) var timedOut = false

  init(width: Int, height: Int, steps: [Step]) {
    size = (width, height)
    self.steps = steps
  }

  /// Signalled once, when the first frame is drawn (`AfterFirstFrame` waits for it).
  let firstFrame = DispatchSemaphore(value: 0)

  func draw(_ buffer: ScreenBuffer) {
    if frames.isEmpty { firstFrame.signal() }
    frames.append(buffer)
  }

  func nextEvent(wake: WakeSignal, timeoutMilliseconds: Int?) -> Event? {
    guard let step = steps.first else { return .key(.character("q")) }
    let shown = frames.last?.lines.joined(separator: "\n") ?? ""
    if let text = step.waitFor, !shown.contains(text) {
      if Date() > deadline {
        timedOut = true
        steps.removeAll()
        return .key(.character("q"))
      }
      Thread.sleep(forTimeInterval: 0.005)
      return nil
    }
    steps.removeFirst()
    if case .resize(let width, let height) = step.event { size = (width, height) }
    return step.event
  }
}

/// A source that answers its first list only after the screen's first frame: otherwise a
/// list already in memory can arrive before that frame, and it never shows "Loading".
struct AfterFirstFrame: FeedSource {
  var inner: MemorySource
  var firstFrame: DispatchSemaphore
  var searchesOnline: Bool { false }
  func loadMain() async throws(LoadError) -> LoadedList {
    _ = firstFrame.wait(timeout: .now() + 10)
    return try await inner.loadMain()
  }
  func search(artist query: String) async throws(LoadError) -> LoadedList {
    try await inner.search(artist: query)
  }
  func page(at url: URL) async throws(LoadError) -> LoadedList {
    try await inner.page(at: url)
  }
}
