import FeedCore
import FeedLoading
import FeedModel
import Foundation
import Testing

@testable import TUI
@testable import TUIRuntime

@Suite("Run loop with a scripted screen")
struct AppLoopTests {
  func run(_ steps: [FakeScreen.Step], width: Int = 60, height: Int = 20) async -> (
    FakeScreen, AppState
  ) {
    let screen = FakeScreen(width: width, height: height, steps: steps)
    var state = AppState(isOffline: true, width: width, height: height)
    let initial = state.startLoading()
    let loop = AppLoop(
      state: state, screen: screen,
      source: AfterFirstFrame(
        inner: MemorySource(items: Fixtures.items), firstFrame: screen.firstFrame),
      shouldStop: { false }, openLink: { _, _ in })
    return (screen, await runOnThread(loop, initial: initial))
  }

  @Test("loading arrives as an event; keys, search and resize run through update; q quits")
  func session() async {
    let (screen, state) = await run([
      FakeScreen.Step(waitFor: "Memory · 30 items", event: .key(.character("j"))),
      FakeScreen.Step(waitFor: "2/30", event: .key(.character("/"))),
      FakeScreen.Step(waitFor: "Artist:", event: .key(.character("b"))),
      FakeScreen.Step(waitFor: "Artist: b · ", event: .key(.enter)),
      FakeScreen.Step(waitFor: "Esc all items", event: .resize(width: 30, height: 12)),
      FakeScreen.Step(waitFor: nil, event: .key(.escape)),
      FakeScreen.Step(waitFor: "Memory · 30", event: .key(.character("q"))),
    ])
    #expect(!screen.timedOut, "the script ran to its end")
    #expect(
      screen.frames.first?.lines.joined().contains("Loading") == true,
      "the first frame shows loading")
    #expect(state.list.count == 30)
    #expect(state.list.selection == 1, "Esc restored the position from before the search")
    #expect(screen.frames.last?.width == 30)
  }

  @Test("a failing source shows its error in the status line")
  func failure() async {
    struct Broken: FeedSource {
      var searchesOnline: Bool { false }
      func loadMain() async throws(LoadError) -> LoadedList {
        throw LoadError("feed.rss: not a feed")
      }
      func search(artist query: String) async throws(LoadError) -> LoadedList {
        LoadedList(title: query, items: [], isOffline: true)
      }
      func page(at url: URL) async throws(LoadError) -> LoadedList {
        throw LoadError(.unavailable, "no pages")
      }
    }
    let screen = FakeScreen(
      width: 60, height: 10,
      steps: [
        FakeScreen.Step(waitFor: "Error: feed.rss: not a feed", event: .key(.character("q")))
      ])
    var state = AppState(isOffline: true, width: 60, height: 10)
    let initial = state.startLoading()
    let loop = AppLoop(
      state: state, screen: screen, source: Broken(), shouldStop: { false }, openLink: { _, _ in })
    _ = await runOnThread(loop, initial: initial)
    #expect(!screen.timedOut)
  }

  @Test("a stop request (a signal) ends the loop")
  func stop() {
    let screen = FakeScreen(width: 40, height: 10, steps: [])
    var loop = AppLoop(
      state: AppState(isOffline: true, width: 40, height: 10), screen: screen,
      source: MemorySource(items: []), shouldStop: { true }, openLink: { _, _ in })
    loop.run(initial: [])
    #expect(screen.frames.count == 1)
  }
}
