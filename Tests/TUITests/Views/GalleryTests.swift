import FeedCore
import FeedModel
import Foundation
import Pictures
import TestSupport
import Testing

@testable import TUI

/// The gallery (`v`): the items page's list as a grid of cards, headless. Every event goes
/// through `AppState.send`, which checks the page's invariants (the grid's viewport and its
/// agreement with the list) after each.
@Suite("The gallery: the items as a grid of cards")
struct GalleryTests {
  /// The fixture feed at a size, in the gallery.
  static func gallery(width: Int, height: Int, items: [FeedItem] = Fixtures.items) -> AppState {
    var state = Fixtures.state(width: width, height: height, items: items)
    state.press(.character("v"))
    return state
  }

  static func grid(_ state: AppState) throws -> GalleryGrid {
    try #require(state.list.gallery)
  }

  /// The screen line of the first card title line of a grid row, found by its first item.
  static func line(of title: String, in state: AppState) -> Int? {
    state.render(.fixed).lines.firstIndex { $0.contains(title) }
  }

  @Test("v shows cards, as many columns as fit; v again the list with the same item selected")
  func toggle() throws {
    var state = Self.gallery(width: 100, height: 30)
    #expect(try Self.grid(state).columns.count == 5)
    let titles = try #require(Self.line(of: "Item number 0", in: state))
    let line = state.render(.fixed).lines[titles]
    for index in 0..<5 { #expect(line.contains("Item number \(index)"), "\(line)") }
    #expect(!line.contains("Item number 5"))
    #expect(state.screenText.contains("v list"), "the hint says how to go back")
    state.press(.character("l"), .character("j"))
    #expect(state.list.selection == 6)
    #expect(state.screenText.contains(" 7/30"))
    state.press(.character("v"))
    #expect(!state.list.isGallery)
    #expect(state.list.selection == 6)
    #expect(state.list.visibleRows.contains { $0.row == 6 })
    #expect(state.screenText.contains("v gallery"))
    state.press(.character("v"))
    #expect(state.list.isGallery && state.list.selection == 6)
  }

  @Test("h j k l and the arrows move between cards; the edges stop them")
  func cardMoves() throws {
    var state = Self.gallery(width: 100, height: 30, items: Array(Fixtures.items.prefix(28)))
    let steps: [(Key, Int)] = [
      (.character("l"), 1), (.right, 2), (.character("j"), 7), (.down, 12), (.character("h"), 11),
      (.left, 10), (.character("k"), 5), (.up, 0), (.character("k"), 0), (.character("h"), 0),
      (.character("G"), 27), (.character("l"), 27), (.character("j"), 27),
      (.character("g"), 0), (.character("l"), 1), (.character("l"), 2), (.character("l"), 3),
      (.character("l"), 4), (.character("l"), 5),
    ]
    for (key, expected) in steps {
      state.press(key)
      #expect(state.list.selection == expected, "after \(key)")
    }
    state.press(.character("g"))
    state.press(.character("h"))
    #expect(state.itemsPage != nil, "h in the gallery does not leave the page")
    // From the last full row, down goes to the short last row's last card.
    state.press(.character("l"), .character("l"), .character("l"), .character("l"))
    for _ in 0..<4 { state.press(.character("j")) }
    #expect(state.list.selection == 24)
    state.press(.character("j"))
    #expect(state.list.selection == 27, "no card below: the last one")
  }

  @Test("a grid row is as tall as its tallest card; cards of one row start on one line")
  func rowHeights() throws {
    let items = (0..<12).map { index in
      FeedItem(
        title: index == 3 ? "A title long enough to wrap onto a second line" : "Short \(index)",
        guid: "g\(index)", author: index == 8 ? nil : "someone",
        thumbnails: [MediaThumbnail(url: "https://t.example/\(index)", width: 96, height: 96)])
    }
    let state = Self.gallery(width: 100, height: 40, items: items)
    let grid = try Self.grid(state)
    let rows = grid.viewport.visibleRows
    #expect(rows.count >= 2)
    for visible in rows {
      let tallest = grid.items(ofRow: visible.row).map {
        CardLayout.height(
          title: items[$0].title, artist: items[$0].author, width: grid.columns.cardWidth)
      }.max()
      #expect(visible.height == tallest, "\(visible)")
    }
    #expect(rows[0].height == 1 + 6 + 2 + 1, "row 0 has the two-line title")
    #expect(rows[1].height == 1 + 6 + 1 + 1, "row 1: one-line titles, item 8 has no artist")
  }

  @Test("resizing reflows the columns; the selected card stays on screen, back on its line")
  func reflow() throws {
    var state = Self.gallery(width: 100, height: 30)
    state.press(.character("j"), .character("j"), .character("l"), .character("l"))
    #expect(state.list.selection == 12)
    let before = try #require(Self.grid(state).selectedLine)
    let frame = state.render(.fixed).lines
    var random = SystemRandomNumberGenerator()
    let seed = UInt64.random(in: 0...UInt64.max, using: &random)
    var generator = SplitMixGenerator(seed: seed)
    for _ in 0..<40 {
      let width = Int.random(in: 40...160, using: &generator)
      let height = Int.random(in: 12...50, using: &generator)
      state.send([.resize(width: width, height: height)])
      let grid = try Self.grid(state)
      #expect(grid.columns.count == GalleryColumns(width: width - 1, metrics: .standard).count)
      #expect(grid.visibleItems.contains(12), "seed \(seed): at \(width)x\(height)")
      #expect(state.list.selection == 12)
    }
    state.send([.resize(width: 100, height: 30)])
    #expect(try Self.grid(state).selectedLine == before, "seed \(seed)")
    #expect(state.render(.fixed).lines == frame, "seed \(seed): the same screen")
  }

  @Test("an artist search, a filter and Esc keep the gallery; Enter opens the card's item")
  func searchAndFilter() throws {
    var state = Self.gallery(width: 100, height: 30)
    state.press(.character("/"))
    state.type("bob")
    #expect(state.list.isGallery && state.list.count == 10)
    state.press(.enter, .character("l"))
    #expect(state.list.isGallery && state.list.selectedItem?.author == "bob")
    let chosen = try #require(state.list.selectedItem)
    state.press(.enter)
    #expect(state.detail?.view.item == chosen)
    state.press(.escape, .escape)
    #expect(state.list.isGallery && state.list.count == 30 && state.searchQuery == nil)
    // The filter's answer, as the runtime would give it.
    state.press(.character("F"))
    state.type("artist:ann")
    let commands = state.send([.key(.enter)])
    guard case .filter(let generation, let query, let items, let title)? = commands.first else {
      Issue.record("no filter asked for: \(commands)")
      return
    }
    let kept = items.filter { query.matches($0, marks: nil, now: Date()) }
    state.send([
      .filtered(
        generation: generation, query: query,
        .success(LoadedList(title: title, items: kept, isOffline: true)))
    ])
    #expect(state.list.isGallery && state.list.count == 10)
    #expect(state.list.items.allSatisfy { $0.author == "ann" })
    state.press(.character("v"))
    #expect(!state.list.isGallery && state.list.count == 10)
    state.press(.escape)
    #expect(!state.list.isGallery && state.list.count == 30, "the list way is kept too")
  }

  @Test("a click selects the card under it; a double click opens it")
  func mouse() throws {
    var state = Self.gallery(width: 100, height: 30)
    let grid = try Self.grid(state)
    let x = grid.columns.x(ofColumn: 2) + 3
    state.send([.mouse(MouseEvent(.click, x: x, y: 4))])
    #expect(state.list.selection == 2)
    state.send([.mouse(MouseEvent(.click, x: 0, y: 4))])
    #expect(state.list.selection == 2, "the margin left of the cards selects nothing")
    state.send([.mouse(MouseEvent(.doubleClick, x: x + grid.columns.cardWidth + 1, y: 4))])
    #expect(state.detail?.view.item == Fixtures.items[3])
  }

  @Test("the wish list asks for the cards' pictures, those on screen first, at the list's box")
  func wishList() throws {
    var state = Self.gallery(width: 100, height: 30)
    state.configurePictures(enabled: true, depth: .indexed256)
    let keys = try #require(state.pictureCommands().first?.pictureKeys)
    let visible = try Self.grid(state).visibleItems
    let shown = visible.filter { Fixtures.items[$0].thumbnails.count > 0 }
    #expect(keys.prefix(shown.count).map(\.url) == shown.map { "https://img.example/\($0).jpg" })
    #expect(keys.allSatisfy { $0.columns == 12 && $0.rows == 6 })
    #expect(keys.count > shown.count, "the next screen's cards are asked for after")
    let asked = state.send([.key(.character("v"))]).compactMap(\.pictureKeys)
    let listKeys = try #require(asked.first, "the list asks for its rows' pictures")
    #expect(!listKeys.isEmpty)
    #expect(Set(listKeys).isSubset(of: Set(keys)), "the list's boxes are the cards' boxes")
  }

  @Test("pixel mode: every card on screen has its picture placed at its box")
  func pixels() throws {
    var state = Self.gallery(width: 100, height: 30)
    state.configurePictures(enabled: true, depth: .indexed256, cell: PixelPlacementTests.cell)
    let keys = try #require(state.pictureCommands().first?.pictureKeys)
    let picture = try #require(pixelPicture())
    for key in keys { _ = state.update(.pictureReady(key, .success(.pixels(picture)))) }
    let grid = try Self.grid(state)
    let screen = state.render(.fixed)
    var expected: [(x: Int, y: Int)] = []
    for visible in grid.viewport.visibleRows {
      for (column, item) in grid.items(ofRow: visible.row).enumerated()
      where Fixtures.items[item].thumbnails.count > 0 {
        let top = 1 + visible.y + grid.box.y
        guard top >= 1, top + grid.box.height <= 29 else { continue }
        expected.append((grid.columns.x(ofColumn: column) + grid.box.x, top))
      }
    }
    #expect(!expected.isEmpty)
    let placed = screen.placements.map { ($0.x, $0.y) }
    #expect(placed.count == expected.count + screen.placements.filter { $0.rows.count < 6 }.count)
    for (x, y) in expected {
      #expect(
        screen.placements.contains { $0.x - picture.column == x && $0.y - picture.row == y },
        "a picture at \(x),\(y)")
    }
    state.press(.character("?"))
    let help = state.render(.fixed)
    for placement in help.placements {
      #expect(placement.visible.x >= 0, "only boxes help leaves alone keep pictures")
    }
    state.press(.character("?"), .character("v"))
    let list = state.render(.fixed)
    #expect(list.placements.allSatisfy { $0.visible.x == 2 }, "back on the list: rows' boxes")
  }

  @Test("unread and starred marks show on cards without colours, left of the text")
  func marks() throws {
    var state = Self.gallery(width: 100, height: 30)
    _ = state.attachState(mainFeed: FeedKey(rawValue: "/feeds/test.rss"))
    var marks: [ItemKey: ItemMarks] = [:]
    for (index, item) in Fixtures.items.enumerated() {
      marks[ItemKey(item)] = ItemMarks(read: index == 1, starred: index == 2)
    }
    _ = state.update(.marksRead(marks))
    let screen = state.render(.fixed)
    let grid = try Self.grid(state)
    let y = try #require(Self.line(of: "Item number 0", in: state))
    let marksX = (0..<3).map { grid.columns.x(ofColumn: $0) }
    #expect(screen[marksX[0], y].text == "●", "unread")
    #expect(screen[marksX[1], y].text == " ", "read")
    #expect(screen[marksX[2], y].text == "●" && screen[marksX[2], y + 1].text == "★")
    #expect(screen[marksX[0] + 2, y].style.bold && !screen[marksX[1] + 2, y].style.bold)
  }

  @Test("batches appended while the gallery shows fill the short last row, then new rows")
  func appending() throws {
    var list = ItemList(title: "Growing", items: Array(Fixtures.items.prefix(7)))
    list.resize(width: 99, height: 28)
    list.showGallery(true)
    list.select(6)
    list.checkInvariants()
    #expect(try #require(list.gallery).viewport.rowCount == 2)
    list.appendBatch(Array(Fixtures.items[7..<13]))
    list.checkInvariants()
    let grid = try #require(list.gallery)
    #expect(grid.viewport.rowCount == 3)
    #expect(grid.items(ofRow: 1) == 5..<10)
    #expect(list.selection == 6, "the selection stays where it was")
    let secondRow = try #require(grid.viewport.visibleRows.first { $0.row == 1 })
    #expect(secondRow.height == 10, "the short row was measured again with its new cards")
    list.move(.bottom)
    list.appendBatch(Array(Fixtures.items[13..<20]))
    list.checkInvariants()
    #expect(list.selection == 19, "after G the selection follows the end as it grows")
    #expect(list.gallery?.visibleItems.contains(19) == true)
  }

  @Test("cost: moves, pages, ends and resizes measure only grid rows that reach the screen")
  func cost() {
    var state = AppState(
      list: ItemList(title: "Many", items: CostTests.manyItems), isOffline: true, width: 80,
      height: 24)
    state.press(.character("v"))
    let screenLines = 22
    func check(_ step: String, _ action: (inout AppState) -> Void) {
      state.resetListStats()
      action(&state)
      let measured = state.list.stats.rowsMeasured
      let visible = state.list.gallery?.viewport.visibleRows.count ?? 0
      #expect(measured <= visible + screenLines, "\(step): \(measured) measured, \(visible) shown")
      #expect(measured <= 2 * screenLines, "\(step): \(measured) grid rows measured")
    }
    check("card right") { $0.press(.character("l")) }
    check("card down") { $0.press(.character("j")) }
    check("page down") { $0.press(.pageDown) }
    check("jump to end") { $0.press(.end) }
    check("resize to 50 (fewer columns)") { _ = $0.update(.resize(width: 50, height: 24)) }
    check("resize to 160x40") { _ = $0.update(.resize(width: 160, height: 40)) }
    check("jump to start") { $0.press(.home) }
    check("back to the list") { $0.press(.character("v")) }
    #expect(state.list.stats.measuredRows < 200, "a few screens are measured, not 200k items")
  }
}
