import FeedCore
import FeedLoading
import FeedModel
import Foundation
import Pictures
import Settings
import Testing

@testable import TUI
@testable import TUIRuntime

/// The settings as the browser's state uses them: refresh on start, the refresh interval,
/// the thumbnail size, the theme's colours.
@Suite("Settings in the browser's state")
struct SettingsInStateTests {
  static func settings(_ change: (inout Settings) -> Void) -> Settings {
    var settings = Settings(home: "/home/test")
    change(&settings)
    return settings
  }

  static func feeds(_ settings: Settings) -> AppState {
    AppState(feedTitles: PageStackTests.titles, width: 70, height: 16, settings: settings)
  }

  static func readAll(_ state: inout AppState, generation: Int) -> [Command] {
    state.send([
      .feedRead(generation: generation, feed: 0, PageStackTests.refresh(0, PageStackTests.north)),
      .feedRead(generation: generation, feed: 1, PageStackTests.refresh(1, PageStackTests.south)),
      .feedRead(generation: generation, feed: 2, PageStackTests.refresh(2, nil)),
      .feedsRead(generation: generation),
    ])
  }

  @Test("refresh-on-start: once the cached copies are read, every feed is refreshed, once")
  func refreshOnStart() {
    var state = Self.feeds(Self.settings { $0.refreshOnStart = true })
    #expect(state.startOpeningFeeds() == [.openFeeds(generation: 1)])
    #expect(Self.readAll(&state, generation: 1) == [.refreshFeeds(generation: 2, [])])
    #expect(state.feedList?.reading?.total == 3, "the list says it is refreshing")
    #expect(Self.readAll(&state, generation: 2) == [], "the refresh is not followed by another")

    var plain = Self.feeds(Self.settings { _ in })
    _ = plain.startOpeningFeeds()
    #expect(Self.readAll(&plain, generation: 1) == [], "without the setting nothing follows")
  }

  @Test("the refresh interval: the feed list refreshes unless it already is")
  func dueOnFeedList() {
    var state = Self.feeds(Self.settings { $0.refreshInterval = 60 })
    #expect(state.refreshInterval == 60)
    _ = state.startOpeningFeeds()
    #expect(state.update(.refreshDue) == [], "a read under way is not doubled")
    _ = Self.readAll(&state, generation: 1)
    #expect(state.update(.refreshDue) == [.refreshFeeds(generation: 2, [])])
  }

  @Test("the refresh interval: a feed from the network loads again; files are left alone")
  func dueOnItemsPage() throws {
    var local = AppState(isOffline: true, width: 60, height: 20)
    _ = local.startLoading()
    local.send([
      .loaded(
        generation: 1, .success(LoadedList(title: "F", items: Fixtures.items, isOffline: true)))
    ])
    #expect(local.update(.refreshDue) == [])

    var web = AppState(isOffline: false, width: 60, height: 20)
    _ = web.startLoading()
    #expect(web.update(.refreshDue) == [], "not while the first load runs")
    web.send([
      .loaded(
        generation: 1, .success(LoadedList(title: "F", items: Fixtures.items, freshness: .live)))
    ])
    let commands = web.update(.refreshDue)
    let load = try #require(commands.first?.loadGeneration)
    #expect(load == 2)
  }

  @Test(
    "the thumbnail size sets the rows' boxes and the pictures asked for",
    arguments: [
      ThumbnailSize(columns: 18, rows: 9), ThumbnailSize(columns: 8, rows: 4),
    ])
  func thumbnailSize(size: ThumbnailSize) throws {
    let settings = Self.settings { $0.thumbnail = size }
    var state = AppState(isOffline: true, width: 70, height: 30, settings: settings)
    _ = state.startLoading()
    state.send([
      .loaded(
        generation: 1, .success(LoadedList(title: "F", items: Fixtures.items, isOffline: true)))
    ])
    state.configurePictures(enabled: true, depth: .indexed256)
    let keys = try #require(state.pictureCommands().first?.pictureKeys)
    #expect(!keys.isEmpty)
    #expect(keys.allSatisfy { $0.columns == size.columns && $0.rows == size.rows })
    // The first row has a thumbnail: its box's frame is `columns` wide and starts at the
    // margin below the title bar's line and the padding.
    let lines = state.render(.fixed).trimmedLines
    let top = lines[2]
    let frame = top.drop { $0 == " " }.prefix { "┌─┐".contains($0) }
    #expect(frame.count == size.columns, "\(top)")
    let rows = state.list.visibleRows
    #expect((rows.first?.height ?? 0) >= size.rows + 3, "the row is as tall as its box")
  }

  @Test("the light theme paints the roles darker; overrides win and add attributes")
  func palette() {
    let dark = Palette(Settings())
    #expect(dark == Palette.standard)
    #expect(dark.colors(of: .bar).foreground == .palette(6))
    let light = Palette(Self.settings { $0.theme = .light })
    #expect(light.colors(of: .bar).foreground == .palette(4))
    #expect(light.colors(of: .prompt).foreground == .palette(2))
    let custom = Palette(
      Self.settings {
        $0.colors[.title] = ColorSpec(.rgb(0x112233), on: .palette(200), underline: true)
      })
    #expect(custom.colors(for: .title) == (.rgb(0x112233), .palette(200)))
    #expect(custom.styled(.title).underline && custom.styled(.title).bold)
    let picture = Style(.normal, foreground: .palette(9))
    #expect(custom.colors(for: picture) == (.palette(9), nil), "a picture's own colours win")
    var buffer = ScreenBuffer(width: 4, height: 1)
    buffer.put("T", x: 0, y: 0, style: .title)
    #expect(buffer.sgrLines(palette: custom)[0].hasPrefix("\u{1B}[0;1;4;38;2;17;34;51;48;5;200mT"))
  }
}

/// The refresh interval's timer in the run loop.
@Suite("Run loop: the refresh interval")
struct RefreshTimerTests {
  /// A source that counts its loads.
  final class CountingSource: FeedSource, @unchecked Sendable {
    let loads = LockedCount()
    var searchesOnline: Bool { false }
    func loadMain() async throws(LoadError) -> LoadedList {
      let count = loads.increment()
      return LoadedList(title: "Load \(count)", items: Fixtures.items, freshness: .live)
    }
    func search(artist query: String) async throws(LoadError) -> LoadedList {
      LoadedList(title: "", items: [], freshness: .live)
    }
    func page(at url: URL) async throws(LoadError) -> LoadedList {
      throw LoadError(.unavailable, "no pages")
    }
  }

  final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() -> Int {
      lock.lock()
      defer { lock.unlock() }
      value += 1
      return value
    }
  }

  @Test("with an interval the feed is loaded again when it passes, without any key")
  func fires() async {
    var settings = Settings()
    settings.refreshInterval = 1
    let screen = FakeScreen(
      width: 60, height: 20,
      steps: [
        FakeScreen.Step(waitFor: "Load 1", event: .key(.character("j"))),
        FakeScreen.Step(waitFor: "Load 2", event: .key(.character("q"))),
      ])
    var state = AppState(isOffline: false, width: 60, height: 20, settings: settings)
    let initial = state.startLoading()
    let loop = AppLoop(
      state: state, screen: screen, source: CountingSource(), shouldStop: { false },
      openLink: { _, _ in })
    _ = await runOnThread(loop, initial: initial)
    #expect(!screen.timedOut, "the second load came by the timer alone")
  }

  /// A screen that records the timeout of every wait, and quits once the list is shown
  /// and `waits` more waits were asked for.
  final class TimeoutScreen: Screen {
    var size = (width: 60, height: 20)
    var timeouts: [Int?] = []
    private var shown = ""
    private let waits: Int
    init(waits: Int) { self.waits = waits }
    func draw(_ buffer: ScreenBuffer) { shown = buffer.lines.joined() }
    func nextEvent(wake: WakeSignal, timeoutMilliseconds: Int?) -> Event? {
      guard shown.contains("Load 1") else {
        Thread.sleep(forTimeInterval: 0.005)
        return nil
      }
      timeouts.append(timeoutMilliseconds)
      return timeouts.count < waits ? nil : .key(.character("q"))
    }
  }

  @Test(
    "idle, the loop waits with no timeout without an interval, and at most the interval with one",
    arguments: [nil, 600])
  func timeouts(interval: Int?) async {
    var settings = Settings()
    settings.refreshInterval = interval
    let screen = TimeoutScreen(waits: 3)
    var state = AppState(isOffline: false, width: 60, height: 20, settings: settings)
    let initial = state.startLoading()
    let loop = AppLoop(
      state: state, screen: screen, source: CountingSource(), shouldStop: { false },
      openLink: { _, _ in })
    _ = await runOnThread(loop, initial: initial)
    #expect(screen.timeouts.count == 3)
    for timeout in screen.timeouts {
      if let interval {
        let waited = timeout ?? -1
        #expect(waited > 0 && waited <= interval * 1000, "\(String(describing: timeout))")
      } else {
        #expect(timeout == nil, "no wake-up is scheduled while idle")
      }
    }
  }
}
