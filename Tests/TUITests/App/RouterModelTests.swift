import FeedCore
import FeedModel
import Foundation
import TestSupport
import Testing

@testable import TUI

/// The router, the feed list and the marks book under random event sequences, in the style
/// of `ListViewportModelTests`: after every event each model's invariants hold, the screen
/// draws, and the stack behaves like a plain stack (Esc takes off exactly the page on top,
/// and the page under it is as it was left).
@Suite("Router, feed list and marks book models")
struct RouterModelTests {
  static let titles = ["North", "South", "Broken", "Tagged"]

  /// One random run: the state, its generator, and the runtime's answers still to come.
  struct Run {
    var state: AppState
    var random: SplitMixGenerator
    /// Work the runtime was asked for, answered later in random order.
    var asked: [Command] = []
    /// For each page pushed by a key, the page under it as it was (its selection), checked
    /// when the pushed page is taken off.
    var below: [(count: Int, selection: String)] = []

    init(seed: UInt64) {
      random = SplitMixGenerator(seed: seed)
      state = AppState(
        feedTitles: RouterModelTests.titles, sources: RouterModelTests.titles.map { "s:" + $0 },
        tags: [["art"], [], ["art", "ink"], ["ink"]], width: 70, height: 16)
      take(state.startOpeningFeeds())
      take(state.attachState(mainFeed: nil))
    }

    mutating func take(_ commands: [Command]) {
      asked += commands.filter { $0 != .quit }
    }

    /// What the page on top shows as selected, to compare before and after.
    func selection(of index: Int) -> String {
      let page = state.pages.pages[index]
      if let feeds = page as? FeedListPage { return "feeds \(feeds.selection) \(feeds.top)" }
      if let items = page as? ItemsPage {
        return "items \(items.list.selection ?? -1) \(items.searchQuery ?? "-")"
      }
      if let item = page as? ItemPage { return "item \(item.view.item.title ?? "") \(item.top)" }
      return "\(page.kind)"
    }

    static let keys: [Key] = [
      .down, .up, .enter, .escape, .pageDown, .home, .end, .character("?"), .character("/"),
      .character("a"), .character("F"), .character("t"), .character("v"), .character("l"),
      .character("m"), .character("s"), .character("A"), .character("u"), .character("n"),
      .character("r"), .character("R"), .character("i"), .character("]"), .backspace,
    ]

    mutating func step() {
      let before = state.pages.count
      let under = before > 0 ? selection(of: before - 1) : ""
      let choice = Int.random(in: 0..<10, using: &random)
      var event: Event
      switch choice {
      case 0...5: event = .key(Self.keys.randomElement(using: &random) ?? .down)
      case 6:
        event = .resize(
          width: Int.random(in: 8...120, using: &random),
          height: Int.random(in: 3...40, using: &random))
      case 7: event = .mouse(MouseEvent(.click, x: 3, y: Int.random(in: 0...15, using: &random)))
      default:
        guard !asked.isEmpty else { event = .tick; break }
        let command = asked.remove(at: Int.random(in: 0..<asked.count, using: &random))
        event = answer(command) ?? .tick
        // Answers land on the pages they are for, covered or not (a search's result under
        // an item opened meanwhile): only keys leave a covered page as it was.
        below.removeAll()
      }
      let commands = state.update(event)
      state.checkInvariants()
      _ = state.render(now: Date(timeIntervalSince1970: 1_700_000_000))
      take(commands)
      let after = state.pages.count
      if after == before + 1, case .key = event, state.pages.top.kind != .help {
        below.append((before, under))
      }
      if after < before {
        // Esc takes off one page at a time; the page under it is as it was left.
        #expect(after == before - 1, "one page at a time")
        if let last = below.last, last.count == after {
          below.removeLast()
          #expect(selection(of: after - 1) == last.selection, "the page below kept its place")
        }
      }
      below.removeAll { $0.count > after }
    }

    /// What the runtime would answer, made at once.
    func answer(_ command: Command) -> Event? {
      switch command {
      case .openFeeds(let generation), .refreshFeeds(let generation, _):
        return .feedsRead(generation: generation)
      case .markRead: return .bulkMarked(nil, count: 3)
      case .undoMark: return .undone(true)
      case .requestCounts:
        return .state(
          .counts(
            StateCounts(
              feeds: [:], allItems: FeedCounts(total: 20, unread: 7, new: 0), starred: 1)))
      case .wantMarks(let keys):
        return .marksRead(Dictionary(keys.map { ($0, ItemMarks(read: true)) }) { a, _ in a })
      case .findUnread(let generation, _, let from, _):
        return .foundUnread(generation: generation, row: from + 1)
      case .load(let generation, _):
        return .loaded(
          generation: generation,
          .success(
            LoadedList(title: "Starred", items: Array(Fixtures.items[0..<4]), isOffline: true)))
      case .search(let generation, let query, _):
        return .searchResults(
          generation: generation, query: query,
          .success(
            LoadedList(title: "Artist", items: Array(Fixtures.items[0..<2]), isOffline: true)))
      case .filter(let generation, let query, _, _):
        return .filtered(
          generation: generation, query: query,
          .success(
            LoadedList(title: "Filter", items: Array(Fixtures.items[5..<7]), isOffline: true)))
      default: return nil
      }
    }
  }

  @Test("random keys, answers and resizes keep every model's rules", arguments: 0..<12)
  func randomRuns(seed: Int) {
    var run = Run(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
    // The feeds come back first, in random order, then everything is random.
    for feed in [2, 0, 3, 1] {
      let items = feed == 2 ? nil : Array(Fixtures.items[(feed * 5)..<(feed * 5 + 5)])
      run.take(
        run.state.update(
          .feedRead(
            generation: 1, feed: feed,
            PageStackTests.refresh(feed, items, title: RouterModelTests.titles[feed]))))
      run.state.checkInvariants()
    }
    for _ in 0..<400 { run.step() }
  }

  @Test("the stack takes pages of any kind to any depth: items, item, items, item")
  func anyDepth() throws {
    var state = Fixtures.state(width: 80, height: 24)
    state.press(.down, .down)
    state.press(.enter)
    #expect(state.topPage == .item)
    let first = try #require(state.detail?.view.item)
    // A list opened from the item (as an artist's page will be), and an item from it.
    let context = state.context(for: state.pages.count - 1)
    let artistPage = ItemsPage(
      list: ItemList(title: "More by the artist", items: Array(Fixtures.items[10..<20])),
      source: .main, generationsFrom: context.generationFloor, keys: state.keys)
    _ = state.route(state.pages.count - 1) { _, _ in PageOutcome(request: .push(artistPage)) }
    #expect(state.topPage == .items && state.pages.count == 3)
    #expect(state.screenText.contains("More by the artist"))
    state.press(.down)
    state.press(.enter)
    #expect(state.topPage == .item && state.pages.count == 4)
    #expect(state.detail?.view.item == Fixtures.items[11])
    state.checkInvariants()
    state.press(.escape)
    #expect(state.topPage == .items && state.list.selection == 1, "the second list kept its row")
    state.press(.escape)
    #expect(state.topPage == .item && state.detail?.view.item == first, "the first item again")
    state.press(.escape)
    #expect(state.topPage == .items && state.list.selection == 2, "the first list kept its row")
    #expect(state.pages.count == 1)
  }

  @Test("a opens the artist's page from the list and the item, to any depth; Esc walks back")
  func artistPages() throws {
    var state = Fixtures.state(width: 80, height: 24)
    state.press(.down)  // item 1, by Zoë
    var commands = state.send([.key(.character("a"))])
    #expect(state.topPage == .items && state.pages.count == 2)
    guard case .load(let generation, .artist("Zoë"))? = commands.first else {
      Issue.record("the artist's page loads its source: \(commands)")
      return
    }
    #expect(state.screenText.contains("Artist: Zoë"))
    let byZoe = Fixtures.items.filter { $0.author == "Zoë" }
    _ = state.send([
      .loaded(
        generation: generation,
        .success(LoadedList(title: "Artist: Zoë (from Test feed)", items: byZoe, isOffline: true)))
    ])
    #expect(state.list.count == byZoe.count)
    #expect(state.screenText.contains("Artist: Zoë (from Test feed)"))
    state.press(.down)
    state.press(.enter)
    #expect(state.topPage == .item && state.detail?.view.item == byZoe[1])
    // `a` in the item view is the artist's page too: items, artist, item, artist (Enter
    // opens the picture viewer on an item with a picture).
    commands = state.send([.key(.character("a"))])
    #expect(state.topPage == .items && state.pages.count == 4)
    guard case .load(let second, .artist("Zoë"))? = commands.first else {
      Issue.record("a second artist's page: \(commands)")
      return
    }
    #expect(second != generation, "its own load, not the page's below")
    _ = state.send([
      .loaded(
        generation: second,
        .success(LoadedList(title: "Artist: Zoë", items: byZoe, isOffline: true)))
    ])
    state.checkInvariants()
    for expected: PageKind in [.item, .items, .items] {
      state.press(.escape)
      #expect(state.topPage == expected)
    }
    #expect(state.pages.count == 1 && state.list.selection == 1, "the first list kept its row")
    var nameless = Fixtures.items[0]
    nameless.author = nil
    var other = Fixtures.state(width: 80, height: 24, items: [nameless])
    _ = other.send([.key(.character("a"))])
    #expect(other.pages.count == 1 && other.screenText.contains("This item names no artist"))
  }

  @Test("the marks book agrees with a plain dictionary of marks under random keys")
  func marksBook() {
    var random = SplitMixGenerator(seed: 7)
    var book = MarkBook(mainFeed: FeedKey(rawValue: "main"))
    var naive: [ItemKey: ItemMarks] = [:]
    var bulks = 0
    let items = Array(Fixtures.items[0..<6])
    for _ in 0..<600 {
      let item = items.randomElement(using: &random) ?? items[0]
      let key = ItemKey(item)
      switch Int.random(in: 0..<6, using: &random) {
      case 0:
        let update = book.toggleRead(item, shownRead: false, source: .main)
        var marks = naive[key] ?? .unknown
        marks.read.toggle()
        naive[key] = marks
        #expect(update.commands.contains(.setRead([key], marks.read)) == (bulks == 0))
      case 1:
        _ = book.toggleStar(item, source: .main)
        var marks = naive[key] ?? .unknown
        marks.starred.toggle()
        naive[key] = marks
      case 2:
        _ = book.markViewRead(ItemChunks(items), count: items.count)
        bulks += 1
      case 3 where bulks > 0:
        let update = book.apply(.bulkMarked(nil, count: 6), visible: [], source: .main)
        bulks -= 1
        #expect(
          update.rowsFromMarks == (bulks == 0), "rows draw their own marks once none is on its way")
        if bulks == 0 { naive = [:] }
      case 4:
        // The rows on screen ask for marks they do not know; an answer for a mark the reader
        // changed since it was asked is older than the change, and is dropped; any other
        // answer (one asked before a refresh, say) is the file's latest word.
        let wasKnown = naive[key] != nil
        let asked = book.markCommands(visible: [key])
        #expect(asked.isEmpty == wasKnown)
        let changed = Bool.random(using: &random)
        if changed {
          _ = book.toggleStar(item, source: .main)
          var marks = naive[key] ?? .unknown
          marks.starred.toggle()
          naive[key] = marks
        }
        let read = Bool.random(using: &random)
        _ = book.apply(.marksRead([key: ItemMarks(read: read)]), visible: [key], source: .main)
        // Dropped only when the reader changed the mark while it was asked for.
        if wasKnown || !changed { naive[key] = ItemMarks(read: read) }
      default:
        _ = book.opened(item, source: .main)
        var marks = naive[key] ?? .unknown
        marks.read = true
        naive[key] = marks
      }
      book.checkInvariants()
      #expect(book.bulkPending == bulks)
      for (key, marks) in naive {
        #expect(book.known[key]?.read == marks.read && book.known[key]?.starred == marks.starred)
      }
    }
  }

  @Test("a load gathered out of sight is recorded with its items; one that is no feed quits")
  func loadEnded() throws {
    let key = FeedKey(rawValue: "http://127.0.0.1:1/feed.xml")
    var state = AppState(isOffline: false, width: 80, height: 24)
    _ = state.attachState(mainFeed: key)
    let load = state.startLoading()
    #expect(load == [.load(generation: 1, source: .main)])
    let items = Array(Fixtures.items[0..<3])
    let commands = state.update(
      .loaded(generation: 1, .success(LoadedList(title: "F", items: items, freshness: .live))))
    let observed = commands.compactMap { command -> Int? in
      if case .observe(let feed, let chunks, let complete) = command, feed == key, complete {
        return chunks.count
      }
      return nil
    }
    #expect(observed == [3], "the three items, not the empty list the load started from")

    var browser = AppState(isOffline: true, width: 80, height: 24)
    browser.quitsIfNotAFeed = true
    _ = browser.startLoading()
    let failed = browser.update(
      .loaded(generation: 1, .failure(LoadError(.notAFeed, "an HTML page, not a feed"))))
    #expect(failed == [.quit])
  }

  @Test("after r, an answer asked again replaces the one asked before it")
  func answersAfterRefresh() {
    var book = MarkBook(mainFeed: nil)
    let key = ItemKey(Fixtures.items[0])
    #expect(book.markCommands(visible: [key]) == [.wantMarks([key])], "asked before r")
    _ = book.apply(.stateRefreshed, visible: [key], source: .main)
    #expect(book.markCommands(visible: [key]) == [.wantMarks([key])], "asked again after r")
    // The first answer read the file before another artfeed's mark showed; the second after.
    _ = book.apply(.marksRead([key: ItemMarks(read: true)]), visible: [key], source: .main)
    _ = book.apply(.marksRead([key: ItemMarks(read: false)]), visible: [key], source: .main)
    #expect(book.known[key]?.read == false)
    book.checkInvariants()
  }

  /// A page written here, outside the TUI target: its model, its key map and its draw are
  /// all a new page needs; one line opens it (`.push`), and the router does the rest.
  struct NotePage: Page {
    var text: String
    var scrolled = 0

    enum KeyAction { case close, down }
    static let keyMap: [Action: KeyAction] = [.back: .close, .quit: .close, .down: .down]

    mutating func handle(_ key: Key, context: PageContext) -> PageOutcome {
      switch context.keys.action(for: key).flatMap({ Self.keyMap[$0] }) {
      case .close: return PageOutcome(request: .close)
      case .down: scrolled += 1
      case nil: break
      }
      return PageOutcome(status: .some(nil))
    }

    mutating func resize(width: Int, height: Int) {}

    func draw(into buffer: inout ScreenBuffer, context: DrawContext) {
      TitleBar.draw(" Note over " + (context.titleBelow ?? "?"), into: &buffer)
      buffer.put(text + " \(scrolled)", x: 1, y: 2, style: .normal)
      StatusLine.draw(position: "note", hints: "Esc back", into: &buffer, context: context)
    }
  }

  @Test("a page of a kind the router has never seen is opened, drawn, given keys and closed")
  func newKindOfPage() throws {
    var state = Fixtures.state(width: 80, height: 24)
    state.press(.enter)
    let under = try #require(state.detail?.view.item.title)
    _ = state.route(state.pages.count - 1) { _, _ in
      PageOutcome(request: .push(NotePage(text: "hello")))
    }
    state.press(.down)
    let screen = state.screenText
    #expect(screen.contains("Note over") && screen.contains("hello 1"), "\(screen)")
    #expect(state.topPage == .other)
    state.checkInvariants()
    state.press(.escape)
    #expect(state.topPage == .item && state.detail?.view.item.title == under)
  }
}
