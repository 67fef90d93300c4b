import FeedCore
import FeedStore
import Foundation
import Testing

@testable import TUI

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
  private let deadline = Date().addingTimeInterval(20)
  private(set) var timedOut = false

  init(width: Int, height: Int, steps: [Step]) {
    size = (width, height)
    self.steps = steps
  }

  func draw(_ buffer: ScreenBuffer) { frames.append(buffer) }

  func nextEvent(timeoutMilliseconds: Int) -> Event? {
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

/// A source answering from memory, so run-loop tests need no files.
struct MemorySource: FeedSource {
  var items: [FeedItem]
  var searchesOnline: Bool { false }
  func loadMain() async throws(LoadError) -> LoadedList {
    LoadedList(title: "Memory", items: items, isOffline: true)
  }
  func search(artist query: String) async throws(LoadError) -> LoadedList {
    LoadedList(
      title: "Artist: \(query)", items: ArtistMatch.search(items, query: query), isOffline: true)
  }
  func page(at url: URL) async throws(LoadError) -> LoadedList {
    throw LoadError(.unavailable, "no pages")
  }
}

/// Runs a loop on a thread of its own, as the app runs it on the main thread: the loop blocks
/// while it polls input, and must not hold one of the few threads that run the loading tasks.
func runOnThread(_ loop: AppLoop, initial: [Command]) async -> AppState {
  final class Box: @unchecked Sendable {
    var loop: AppLoop
    init(_ loop: AppLoop) { self.loop = loop }
  }
  let box = Box(loop)
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    Thread.detachNewThread {
      box.loop.run(initial: initial)
      done.resume()
    }
  }
  return box.loop.state
}

@Suite("Run loop with a scripted screen")
struct AppLoopTests {
  func run(_ steps: [FakeScreen.Step], width: Int = 60, height: Int = 20) async -> (
    FakeScreen, AppState
  ) {
    let screen = FakeScreen(width: width, height: height, steps: steps)
    var state = AppState(isOffline: true, width: width, height: height)
    let initial = state.startLoading()
    let loop = AppLoop(
      state: state, screen: screen, source: MemorySource(items: Fixtures.items),
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

@Suite("Mouse")
struct MouseTests {
  @Test("a click selects the row under it; a double click opens it; the wheel scrolls")
  func mouse() {
    var state = Fixtures.state(width: 60, height: 30)
    let second = state.list.visibleRows[1]
    state.send([.mouse(MouseEvent(.click, x: 5, y: 1 + second.y + 1))])
    #expect(state.list.selection == second.row)
    state.send([.mouse(MouseEvent(.doubleClick, x: 5, y: 1 + second.y + 1))])
    #expect(state.detail != nil)
    state.send([.key(.escape)])
    let top = state.list.visibleRows.first?.y
    state.send([.mouse(MouseEvent(.wheelDown, x: 5, y: 5))])
    #expect(state.list.visibleRows.first?.y != top || state.list.visibleRows.first?.row != 0)
  }

  @Test("r reloads: a load command with a new generation; stale results are ignored")
  func reload() {
    var state = Fixtures.state()
    let commands = state.send([.key(.character("r"))])
    guard case .load(let generation)? = commands.first else {
      Issue.record("r gave \(commands)")
      return
    }
    #expect(state.isLoading)
    state.send([
      .loaded(
        generation: generation - 1, .success(LoadedList(title: "Old", items: [], isOffline: true)))
    ])
    #expect(state.list.count == 30, "a stale load is ignored")
    state.send([
      .loaded(
        generation: generation,
        .success(LoadedList(title: "New", items: Array(Fixtures.items.prefix(3)), isOffline: true)))
    ])
    #expect(state.list.count == 3)
    #expect(!state.isLoading)
  }
}

/// `CommandRunner.settle` on a thread of its own: it blocks while it waits for the work's
/// events, and must not hold one of the cooperative pool's threads (two on this machine)
/// that run that very work, or two such tests at once starve each other.
func settleOnThread(
  _ state: AppState, runner: CommandRunner, initial: [Command], seconds: Double = 20
) async -> (state: AppState, settled: Bool) {
  final class Box: @unchecked Sendable {
    var state: AppState
    var settled = false
    let runner: CommandRunner
    init(_ state: AppState, _ runner: CommandRunner) {
      self.state = state
      self.runner = runner
    }
  }
  let box = Box(state, runner)
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    Thread.detachNewThread {
      box.settled = box.runner.settle(&box.state, initial: initial, deadline: .now() + seconds)
      done.resume()
    }
  }
  return (box.state, box.settled)
}
