import FeedCore
import FeedModel
import Foundation
import HTTP
import Locking
import PictureFiles
import ReadingState
import TestSupport
import Testing

@testable import TUI
@testable import TUIRuntime

/// The reading state's keys and marks through the real runtime: `CommandRunner` carries out
/// what the state asks, against a real `ReaderState` (SQLite in memory, a clock the test
/// moves), and `settle` applies its answers, as the run loop would.
struct StateHarness {
  var state: AppState
  let runner: CommandRunner
  let reader: ReaderState
  let clock: Locked<Date>
  static let feed = FeedKey(rawValue: "/feeds/test.rss")

  /// `images`: where `d` fetches pictures from (nil: pictures are off, as in most tests).
  /// `store`: the database (nil: SQLite in memory); `lookups`: a second connection to it for
  /// the marks of rows, as the browser opens a file (nil: the overlay only).
  init(
    items: [FeedItem] = Fixtures.items, width: Int = 60, height: Int = 20,
    images: ImageLoader? = nil, store: SQLiteStateStore? = nil,
    lookups: SQLiteStateStore? = nil
  ) async throws {
    runner = CommandRunner(source: MemorySource(items: items), images: images)
    let inbox = runner.inbox
    let clock = Locked(Date(timeIntervalSince1970: 1_795_000_000))
    self.clock = clock
    let store = try #require(store ?? SQLiteStateStore.inMemory())
    reader = ReaderState(
      store: store, reader: lookups, isSaved: false, clock: { clock.withLock { $0 } },
      notify: { inbox.post(.state($0)) })
    runner.attach(reader)
    state = Fixtures.state(width: width, height: height, items: items)
    await run(state.attachState(mainFeed: Self.feed))
  }

  /// Performs `commands` and everything they lead to, until no work is left (on a thread
  /// of its own: the work runs on the cooperative pool).
  mutating func run(_ commands: [Command]) async {
    let (settled, done) = await settleOnThread(state, runner: runner, initial: commands)
    #expect(done)
    state = settled
    state.itemsPage?.checkInvariants()
  }

  mutating func press(_ keys: Key...) async {
    for key in keys { await run(state.update(.key(key))) }
  }

  mutating func type(_ text: String) async {
    for character in text { await press(.character(character)) }
  }

  /// Records the list's items as the feed's, as a finished load does.
  mutating func observe() async {
    await run(state.observeCommands(.main, list: state.list) + state.countCommands())
  }

  func advance(seconds: TimeInterval) {
    clock.withLock { $0 = $0.addingTimeInterval(seconds) }
  }

  var screen: ScreenBuffer { state.render(.fixed) }

  /// The row on screen whose title starts with `title`: its title line and that line's text.
  func row(_ title: String) -> (y: Int, line: String)? {
    let lines = screen.lines
    return lines.indices.first { lines[$0].contains(title) }.map { ($0, lines[$0]) }
  }

  /// The mark in the row's left margin on its title's line ("●", "★" or " ") and whether
  /// its title is bold.
  func marks(of title: String) -> (sign: String, bold: Bool)? {
    guard let (y, line) = row(title), let start = line.range(of: title) else { return nil }
    let x = line.distance(from: line.startIndex, to: start.lowerBound)
    let buffer = screen
    return (buffer[0, y].text, buffer[x, y].style.bold)
  }
}

@Suite("Reading state in the browser, headless")
struct ReadingStateTests {
  @Test("unread rows have ● and a bold title; m marks read (plain, no ●) and unread again")
  func toggleRead() async throws {
    var harness = try await StateHarness()
    #expect(harness.marks(of: "Item number 0 by")?.sign == "●")
    #expect(harness.marks(of: "Item number 0 by")?.bold == true)
    await harness.press(.character("m"))
    #expect(harness.marks(of: "Item number 0 by")?.sign == " ")
    #expect(harness.marks(of: "Item number 0 by")?.bold == false)
    #expect(harness.reader.marks(of: ItemKey(Fixtures.items[0])).read)
    #expect(harness.screen.lines[19].contains("Marked read"))
    await harness.press(.character("m"))
    #expect(harness.marks(of: "Item number 0 by")?.sign == "●")
    #expect(!harness.reader.marks(of: ItemKey(Fixtures.items[0])).read)
  }

  @Test(
    "s stars the item (★ in the margin of its next line, or its first when read) and unstars it")
  func star() async throws {
    var harness = try await StateHarness()
    await harness.press(.character("s"))
    #expect(harness.reader.marks(of: ItemKey(Fixtures.items[0])).starred)
    let (y, _) = try #require(harness.row("Item number 0 by"))
    // The marks are in the row's left margin, a blank away from the picture.
    let x = 0
    #expect(harness.screen[x, y].text == "●" && harness.screen[x, y + 1].text == "★")
    #expect(harness.screen[x + 1, y].text == " ")
    await harness.press(.character("m"))
    #expect(harness.screen[x, y].text == "★")
    await harness.press(.character("s"))
    #expect(harness.screen[x, y].text == " ")
    #expect(!harness.reader.marks(of: ItemKey(Fixtures.items[0])).starred)
  }

  @Test("opening an item marks it read")
  func openMarksRead() async throws {
    var harness = try await StateHarness()
    await harness.press(.character("j"), .enter)
    #expect(harness.state.detail != nil)
    #expect(harness.reader.marks(of: ItemKey(Fixtures.items[1])).read)
    await harness.press(.escape)
    #expect(harness.marks(of: "Item number 1 by")?.sign == " ")
    #expect(harness.marks(of: "Item number 0 by")?.sign == "●")
  }

  @Test("A marks the view read: on an artist's result only their items; u undoes it")
  func markViewReadAndUndo() async throws {
    var harness = try await StateHarness()
    await harness.press(.character("m"))  // item 0 (ann) read before the bulk mark
    await harness.press(.character("/"))
    await harness.type("ann")
    await harness.press(.enter, .character("A"))
    #expect(harness.screen.lines[19].contains("Marked 10 items read (u undoes it)"))
    let anns = Fixtures.items.filter { $0.author == "ann" }.map(ItemKey.init)
    let others = Fixtures.items.filter { $0.author != "ann" }.map(ItemKey.init)
    #expect(harness.reader.marks(for: anns).allSatisfy { $0.read })
    #expect(harness.reader.marks(for: others).allSatisfy { !$0.read })
    #expect(harness.marks(of: "Item number 3 by ann")?.sign == " ")
    await harness.press(.character("u"))
    #expect(harness.screen.lines[19].contains("Undone"))
    // Only what the bulk mark changed is unread again: item 0 was read before it.
    #expect(
      harness.reader.marks(for: anns).map(\.read) == [true] + Array(repeating: false, count: 9))
    await harness.press(.character("u"))
    #expect(harness.screen.lines[19].contains("Nothing to undo"))
  }

  @Test("A shows every row read at once, before the marks are in memory")
  func markViewReadAtOnce() async throws {
    var harness = try await StateHarness()
    let commands = harness.state.update(.key(.character("A")))
    #expect(commands.contains(.markRead(harness.state.list.items)))
    #expect(harness.marks(of: "Item number 0 by")?.sign == " ", "drawn read before any answer")
    await harness.run(commands)
    #expect(harness.reader.marks(for: Fixtures.items.map(ItemKey.init)).allSatisfy { $0.read })
    #expect(harness.marks(of: "Item number 1 by")?.sign == " ")
  }

  @Test("n and N go to the next and previous unread item; the status says when there is none")
  func nextUnread() async throws {
    var harness = try await StateHarness()
    harness.reader.setRead(Fixtures.items[1...4].map(ItemKey.init), true)
    await harness.press(.character("n"))
    #expect(harness.state.list.selection == 5)
    await harness.press(.character("N"))
    #expect(harness.state.list.selection == 0)
    await harness.press(.character("N"))
    #expect(harness.state.list.selection == 0)
    #expect(harness.screen.lines[19].contains("No unread item that way"))
    await harness.press(.character("G"), .character("n"))
    #expect(harness.state.list.selection == 29)
    #expect(harness.screen.lines[19].contains("No unread item"))
  }

  @Test("F filters the list on screen; Enter applies, Esc brings the list back")
  func filter() async throws {
    var harness = try await StateHarness()
    harness.reader.setRead(Fixtures.items[0...19].map(ItemKey.init), true)
    await harness.press(.character("F"))
    #expect(harness.screen.lines[19].hasPrefix("Filter: ▏"))
    await harness.type("unread -artist:bob")
    await harness.press(.enter)
    let expected = Fixtures.items[20...].filter { $0.author != "bob" }
    #expect(harness.state.list.items.map(\.guid) == expected.map(\.guid))
    #expect(harness.screen.lines[0].contains("Filter: unread -artist:bob · 6 items"))
    // A filter narrows what is on screen; Esc goes back one step at a time.
    await harness.press(.character("F"))
    await harness.type("title:27")
    await harness.press(.enter)
    #expect(harness.state.list.items.map(\.guid) == ["guid-27"])
    await harness.press(.escape)
    #expect(harness.state.list.count == 6)
    await harness.press(.escape)
    #expect(harness.state.list.count == 30 && harness.state.searchQuery == nil)
  }

  @Test("a filter that cannot be read is said whole, beside the query or above it; it stays open")
  func filterError() async throws {
    var harness = try await StateHarness()
    await harness.press(.character("F"))
    await harness.type("colour:red")
    await harness.press(.enter)
    // The message is whole: beside the query, or on the lines above it when it is wider.
    let line = harness.screen.lines[19]
    #expect(line.hasPrefix("Filter: colour:red▏"))
    let said = harness.screen.lines[17...19].joined(separator: " ")
    #expect(said.contains("unknown term colour:") && said.contains("rating:)"), "\(said)")
    #expect(harness.state.prompt == "colour:red")
    await harness.press(.backspace)
    #expect(!harness.screen.lines[19].contains("unknown"), "the next key clears it")
    await harness.press(.escape)
    #expect(harness.state.prompt == nil && harness.state.list.count == 30)
  }

  @Test("the title bar counts unread items and those new since the last visit")
  func titleBarCounts() async throws {
    var harness = try await StateHarness(items: Array(Fixtures.items[0..<20]), width: 100)
    await harness.observe()
    #expect(harness.screen.lines[0].contains("Test feed · 20 items · 20 unread · offline"))
    await harness.run([.visit(StateHarness.feed)])
    harness.advance(seconds: 60)
    harness.state = Fixtures.state(width: 100, items: Fixtures.items)
    await harness.run(harness.state.attachState(mainFeed: StateHarness.feed))
    await harness.observe()
    #expect(
      harness.screen.lines[0].contains("30 items · 30 unread · 10 new since last visit"),
      "\(harness.screen.lines[0])")
    await harness.press(.character("m"))
    #expect(harness.screen.lines[0].contains("29 unread"))
  }

  @Test("a single mark shows in the title bar's count in the key's own frame; the recount agrees")
  func countFollowsTheKey() async throws {
    var harness = try await StateHarness(items: Array(Fixtures.items[0..<20]), width: 100)
    await harness.observe()
    #expect(harness.screen.lines[0].contains("20 items · 20 unread"))
    // The frame drawn right after the key, before any answer from the state:
    let read = harness.state.update(.key(.character("m")))
    #expect(harness.screen.lines[0].contains("20 items · 19 unread"), "\(harness.screen.lines[0])")
    await harness.run(read)
    #expect(harness.screen.lines[0].contains("20 items · 19 unread"), "\(harness.screen.lines[0])")
    let unread = harness.state.update(.key(.character("m")))
    #expect(harness.screen.lines[0].contains("20 items · 20 unread"), "\(harness.screen.lines[0])")
    await harness.run(unread)
    #expect(harness.screen.lines[0].contains("20 items · 20 unread"))
    // Opening the next item marks it read (the item's title bar names the item); the list
    // counts it when it comes back.
    await harness.press(.character("j"))
    let open = harness.state.update(.key(.enter))
    #expect(harness.state.detail != nil)
    #expect(harness.screen.lines[0].hasPrefix(" Item number 1 by"), "\(harness.screen.lines[0])")
    await harness.run(open)
    await harness.press(.escape)
    #expect(harness.screen.lines[0].contains("20 items · 19 unread"))
    #expect(harness.reader.marks(of: ItemKey(Fixtures.items[1])).read)
    // A row whose marks are not known yet is not guessed: the last row, reached with its
    // marks still unasked, shows 19 until the recount says 18.
    _ = harness.state.update(.key(.end))
    let last = try #require(harness.state.list.selectedItem)
    #expect(harness.state.marks?.marks(of: last) == nil)
    let blind = harness.state.update(.key(.character("m")))
    #expect(harness.screen.lines[0].contains("20 items · 19 unread"), "\(harness.screen.lines[0])")
    await harness.run(blind)
    #expect(harness.screen.lines[0].contains("20 items · 18 unread"), "\(harness.screen.lines[0])")
  }

  @Test("d saves the selected item's picture; the status line says where; d again, where it is")
  func download() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-tui-pictures-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let thumbnail = Fixtures.bundledThumbnail
    var item = Fixtures.item(0, author: "ann")
    item.contents = [MediaContent(url: thumbnail.absoluteString, medium: "image")]
    var harness = try await StateHarness(
      items: [item], width: 200, images: ImageLoader(client: SharedHTTPClient(), cache: nil))
    harness.runner.environment = ["XDG_PICTURES_DIR": folder.path, "HOME": "/nonexistent"]
    await harness.press(.character("d"))
    let saved = folder.appendingPathComponent("artfeed/ann - Item number 0 by ann.jpg")
    #expect(harness.screen.lines[19].contains("Saved to \(saved.path)"))
    #expect(FileManager.default.fileExists(atPath: saved.path))
    await harness.press(.character("d"))
    #expect(harness.screen.lines[19].contains("Already saved: \(saved.path)"))
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("artfeed/ann - Item number 0 by ann-2.jpg").path))
  }

  @Test("d saves into the settings' download-directory when they give one")
  func downloadToSettingsFolder() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("artfeed-tui-chosen-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var item = Fixtures.item(0, author: "ann")
    item.contents = [MediaContent(url: Fixtures.bundledThumbnail.absoluteString, medium: "image")]
    var harness = try await StateHarness(
      items: [item], width: 200, images: ImageLoader(client: SharedHTTPClient(), cache: nil))
    harness.runner.environment = [
      "XDG_PICTURES_DIR": "/nonexistent/pictures", "HOME": "/nonexistent",
    ]
    harness.runner.downloadFolder = folder
    await harness.press(.character("d"))
    let saved = folder.appendingPathComponent("ann - Item number 0 by ann.jpg")
    #expect(
      harness.screen.lines[19].contains("Saved to \(saved.path)"), "\(harness.screen.lines[19])")
    #expect(FileManager.default.fileExists(atPath: saved.path))
  }

  @Test("d on an item without a picture says so; nothing is saved")
  func downloadNothing() async throws {
    var harness = try await StateHarness(
      items: [FeedItem(title: "words only", guid: "w")],
      images: ImageLoader(client: SharedHTTPClient(), cache: nil))
    harness.runner.environment = ["XDG_PICTURES_DIR": "/nonexistent/pictures"]
    await harness.press(.character("d"))
    #expect(harness.screen.lines[19].contains("Error: not saved: this item has no picture"))
  }

  @Test("in an open item, m, s and d work on that item")
  func keysInTheItem() async throws {
    var harness = try await StateHarness()
    await harness.press(.character("j"), .enter)
    let key = ItemKey(Fixtures.items[1])
    #expect(harness.reader.marks(of: key).read, "opening read it")
    await harness.press(.character("m"))
    #expect(!harness.reader.marks(of: key).read)
    await harness.press(.character("s"))
    #expect(harness.reader.marks(of: key).starred)
    #expect(harness.state.detail != nil, "the item stays open")
    await harness.press(.escape)
    #expect(harness.marks(of: "Item number 1 by")?.sign == "●")
  }

  @Test("on the feed list, n and N go to the next and previous feed with unread items")
  func feedListUnread() async throws {
    var harness = try await StateHarness()
    harness.state = WholeScreenStateTests.feeds(70, 16)
    func selected() -> Int? { harness.state.feedList?.selectedFeed }
    await harness.press(.character("n"))
    #expect(selected() == 0, "North: 3 unread")
    await harness.press(.character("n"))
    #expect(selected() == 1, "South: 10 unread")
    await harness.press(.character("n"))
    #expect(selected() == 1, "Broken has no unread items")
    #expect(harness.screen.lines[15].contains("No feed below has unread items"))
    await harness.press(.character("N"))
    #expect(selected() == 0)
    await harness.press(.character("N"))
    #expect(selected() == 0 && harness.screen.lines[15].contains("No feed above"))
  }

  @Test("on the feed list, A marks the selected feed read, u undoes it")
  func feedListMarkRead() async throws {
    var harness = try await StateHarness()
    harness.state = WholeScreenStateTests.feeds(70, 16)
    // All items, Starred, Following, then North.
    await harness.press(.character("j"), .character("j"), .character("j"))
    #expect(harness.state.feedList?.selectedFeed == 0)
    await harness.press(.character("A"))
    let north = PageStackTests.north.map(ItemKey.init)
    #expect(north.allSatisfy { harness.reader.marks(of: $0).read })
    #expect(!PageStackTests.south.map(ItemKey.init).contains { harness.reader.marks(of: $0).read })
    #expect(harness.screen.lines[15].contains("Marked 10 items read (u undoes it)"))
    await harness.press(.character("u"))
    #expect(!north.contains { harness.reader.marks(of: $0).read })
    #expect(harness.screen.lines[15].contains("Undone"))
    // A on All items marks every feed's items.
    await harness.press(.home, .character("A"))
    #expect(harness.screen.lines[15].contains("Marked 20 items read"))
  }

  @Test("on the feed list the item keys say where they work; the Starred line opens starred")
  func feedListKeys() async throws {
    var harness = try await StateHarness()
    harness.state = WholeScreenStateTests.feeds(70, 16)
    for key in ["m", "s", "F", "d"] {
      await harness.press(.character(Character(key)))
      #expect(harness.state.topPage == .feeds)
      #expect(harness.screen.lines[15].contains("Open a feed first"), "\(key)")
    }
    await harness.press(.character("j"))
    #expect(harness.state.feedList?.line(harness.state.feedList?.selection ?? 0) == .starred)
    let commands = harness.state.update(.key(.enter))
    #expect(harness.state.itemsSource == .starred)
    #expect(commands.contains { if case .load(_, .starred) = $0 { true } else { false } })
  }

  @Test("the state's failures go to the status line")
  func failureNotice() async throws {
    var harness = try await StateHarness()
    await harness.run(
      harness.state.update(.state(.failed(StateError(.full, "state.db: disk full")))))
    #expect(harness.screen.lines[19].contains("Error: state not saved (state.db: disk full)"))
    await harness.run(harness.state.update(.state(.recovered)))
    #expect(harness.screen.lines[19].contains("State saved again"))
  }

  @Test("with the state off, the rows are as before and the keys say it is off")
  func stateOff() {
    var state = Fixtures.state()
    let before = state.screenText
    #expect(!before.contains("●"))
    #expect(state.send([.key(.character("m"))]).isEmpty)
    #expect(state.render().lines[19].contains("Reading state is off"))
  }

  @Test("marks are read for the rows on screen only, once each")
  func readsOnlyVisibleRows() async throws {
    var harness = try await StateHarness(items: Fixtures.items)
    var asked: [ItemKey] = []
    for key: Key in [.pageDown, .pageDown, .pageUp, .pageUp] {
      let commands = harness.state.update(.key(key))
      let shown = Set(harness.state.list.visibleRows.map { ItemKey(Fixtures.items[$0.row]) })
      for case .wantMarks(let keys) in commands {
        #expect(Set(keys).isSubset(of: shown), "only rows on screen are asked for")
        asked += keys
      }
    }
    #expect(!asked.isEmpty && asked.count < Fixtures.items.count)
    #expect(Set(asked).count == asked.count, "no key is asked twice before it is answered")
  }
}
