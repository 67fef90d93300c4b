import FeedCore
import FeedModel
import Foundation
import Pictures
import Testing

@testable import TUI

/// A fitted picture of one colour for a box of `columns` x `rows` cells of 10x20 px.
func pixelPicture(columns: Int = 12, rows: Int = 6) -> PixelPicture? {
  let width = columns * 10
  let height = rows * 20
  return PixelPicture.fitting(
    Picture(
      width: width, height: height,
      pixels: Array((0..<width * height).map { _ in [UInt8(200), 10, 10, 255] }.joined())),
    columns: columns, rows: rows, cell: PixelPlacementTests.cell)
}

@Suite("Pictures placed in pixels over the screen buffer")
struct PixelPlacementTests {
  static let cell = CellSize(width: 10, height: 20)
  static let key = PictureCache.Key(url: "u", columns: 12, rows: 6, depth: .none, cell: cell)

  @Test("a placement blanks its cells and keeps their background (a selected row's)")
  func blanksCells() throws {
    var buffer = ScreenBuffer(width: 30, height: 10)
    buffer.fill(x: 0, y: 1, width: 30, height: 8, style: Style(.normal).selected)
    buffer.put("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", x: 0, y: 2, style: .normal)
    let picture = try #require(pixelPicture())
    buffer.place(
      picture, key: Self.key, in: BoxRect(x: 2, y: 1, width: 12, height: 6), clip: 0..<10)
    #expect(buffer.placements.count == 1)
    #expect(buffer[2, 1] == Cell(" ", style: Style(.normal).selected))
    #expect(buffer[5, 2] == Cell(" ", style: .normal), "text under the picture is gone")
    #expect(buffer[14, 2].text == "x", "beside it stays")
  }

  @Test("a box cut by the clip shows only its rows inside; one wholly outside places nothing")
  func clipping() throws {
    let picture = try #require(pixelPicture())
    var buffer = ScreenBuffer(width: 30, height: 10)
    buffer.place(
      picture, key: Self.key, in: BoxRect(x: 2, y: -3, width: 12, height: 6), clip: 1..<9)
    let placement = try #require(buffer.placements.first)
    #expect(placement.rows == 4..<6 && placement.visible.y == 1)
    var below = ScreenBuffer(width: 30, height: 10)
    below.place(picture, key: Self.key, in: BoxRect(x: 2, y: 12, width: 12, height: 6), clip: 1..<9)
    below.place(picture, key: Self.key, in: BoxRect(x: 40, y: 2, width: 12, height: 6), clip: 1..<9)
    below.place(picture, key: Self.key, in: BoxRect(x: 2, y: -9, width: 12, height: 6), clip: 1..<9)
    #expect(below.placements.isEmpty)
  }

  @Test("text written over a placement takes those lines from it, keeping the larger part")
  func overdrawCrops() throws {
    let picture = try #require(pixelPicture())
    var buffer = ScreenBuffer(width: 40, height: 12)
    buffer.place(
      picture, key: Self.key, in: BoxRect(x: 2, y: 1, width: 12, height: 6), clip: 0..<12)
    buffer.put("overlay", x: 10, y: 5, style: .normal)
    #expect(buffer.placements.first?.rows == 0..<4, "lines 1-4 kept, 5-6 dropped")
    buffer.fill(x: 0, y: 1, width: 3, height: 1, style: .normal)
    #expect(buffer.placements.first?.rows == 1..<4)
    buffer.fill(x: 0, y: 0, width: 40, height: 12, style: .normal)
    #expect(buffer.placements.isEmpty, "covered whole, the picture is gone")
  }

  @Test("pixel mode: image rows place their pictures; the keys carry the cell size")
  func listPlaces() throws {
    var state = Fixtures.state(width: 60, height: 30)
    state.configurePictures(enabled: true, depth: .indexed256, cell: Self.cell)
    guard case .wantPictures(let keys)? = state.pictureCommands().first else {
      Issue.record("no wish list")
      return
    }
    #expect(keys.allSatisfy { $0.cell == Self.cell })
    let picture = try #require(pixelPicture())
    for key in keys { _ = state.update(.pictureReady(key, .success(.pixels(picture)))) }
    let screen = state.render()
    #expect(screen.placements.count >= 2)
    for placement in screen.placements {
      #expect(placement.visible.x == 2)
      #expect(screen.lines[placement.visible.y].contains("Item number"))
    }
    _ = state.update(.key(.character("?")))
    #expect(state.render().placements.isEmpty, "at 60 columns help covers the boxes")
    _ = state.update(.key(.character("?")))
    _ = state.update(.resize(width: 100, height: 30))
    let wide = state.render().placements.count
    _ = state.update(.key(.character("?")))
    #expect(state.render().placements.count == wide, "at 100 help leaves column 2 alone")
  }

  @Test("why pictures are symbols is said once, with the first picture, and a key clears it")
  func noteOnce() throws {
    var state = Fixtures.state(width: 60, height: 30)
    state.configurePictures(enabled: true, depth: .indexed256, note: "Pictures as symbols: why")
    #expect(!state.screenText.contains("Pictures as symbols"))
    guard case .wantPictures(let keys)? = state.pictureCommands().first else {
      Issue.record("no wish list")
      return
    }
    let cells = PictureCells.blank(columns: 12, rows: 6)
    _ = state.update(.pictureReady(try #require(keys.first), .success(.cells(cells))))
    #expect(state.screenText.contains("Pictures as symbols: why"))
    _ = state.update(.key(.character("j")))
    _ = state.update(.pictureReady(try #require(keys.last), .success(.cells(cells))))
    #expect(!state.screenText.contains("Pictures as symbols"))
  }

  @Test("a picture that arrives while the feed still loads keeps the note for the load's end")
  func noteAfterLoad() throws {
    var state = AppState(isOffline: true, width: 60, height: 30)
    state.configurePictures(enabled: true, depth: .indexed256, note: "Pictures as symbols: why")
    guard case .load(let generation, _)? = state.startLoading().first else {
      Issue.record("no load asked for")
      return
    }
    let items = (0..<20).map { index in
      FeedItem(
        title: "Item \(index)", guid: "g\(index)",
        thumbnails: [MediaThumbnail(url: "https://img.example/\(index).jpg")])
    }
    let first = LoadedList(title: "Feed", items: Array(items[..<16]), freshness: .local)
    let commands = state.update(.loadProgress(generation: generation, first))
    let wanted = commands.compactMap { command -> [PictureCache.Key]? in
      if case .wantPictures(let keys) = command { return keys }
      return nil
    }.first
    let key = try #require(wanted?.first)
    let cells = PictureCells.blank(columns: 12, rows: 6)
    _ = state.update(.pictureReady(key, .success(.cells(cells))))
    #expect(!state.screenText.contains("Pictures as symbols"), "said while loading")
    let rest = LoadedList(title: "Feed", items: Array(items[16...]), freshness: .local)
    _ = state.update(.loaded(generation: generation, .success(rest)))
    let lastLine = state.screenText.split(separator: "\n").last.map(String.init) ?? ""
    #expect(lastLine.contains("Pictures as symbols: why"), "\(lastLine)")
  }

  @Test("symbol mode places nothing")
  func symbolsPlaceNothing() {
    var state = Fixtures.state(width: 60, height: 30)
    state.configurePictures(enabled: true, depth: .indexed256)
    #expect(state.render().placements.isEmpty)
  }
}

@Suite("The item view's pictures")
struct ItemViewPictureTests {
  static func item(contents: Int) -> FeedItem {
    FeedItem(
      title: "Many", guid: "m",
      thumbnails: [MediaThumbnail(url: "https://img.example/thumb.jpg", width: 150, height: 150)],
      contents: (0..<contents).map {
        MediaContent(
          url: "https://img.example/full-\($0).jpg", medium: "image", type: "image/jpeg",
          width: 4000, height: 3000)
      })
  }

  func openedState(contents: Int, width: Int = 100, height: Int = 30) -> AppState {
    var state = Fixtures.state(width: width, height: height, items: [Self.item(contents: contents)])
    state.configurePictures(enabled: true, depth: .indexed256, cell: PixelPlacementTests.cell)
    _ = state.update(.key(.enter))
    return state
  }

  @Test("the title on top, then the picture as large as the screen allows, then a blank")
  func largeBox() throws {
    let state = openedState(contents: 1)
    let box = try #require(state.detail?.view.box)
    #expect(box.x == 2 && box.width == 96)
    #expect(box.y == 1, "under the title")
    #expect(box.height == 25, "30 lines: title bar, title, 25, blank, byline (or text), status")
    let lines = state.render().lines
    #expect(lines[1].contains("Many"), "\(lines[1])")
    #expect(lines[0].hasPrefix(" Many"), "the title bar names the item: \(lines[0])")
    #expect(lines[1 + box.y + box.height].allSatisfy { $0 == " " }, "a blank under the box")
  }

  @Test("the box asks for the full picture (media:content), not the row's thumbnail")
  func asksForFull() throws {
    let state = openedState(contents: 2)
    let detail = try #require(state.detail)
    let key = try #require(state.detailPictureKey(detail))
    #expect(key.url == "https://img.example/full-0.jpg" && key.columns == 96 && key.rows == 25)
    #expect(state.pictures.asked.first == key, "the open item's picture comes first")
  }

  @Test("] and [ page through the pictures, the status line says which, the place is kept")
  func paging() throws {
    var state = openedState(contents: 3)
    #expect(state.screenText.contains("picture 1/3"))
    _ = state.update(.key(.character("]")))
    #expect(state.detail?.view.pictureIndex == 1)
    #expect(state.screenText.contains("picture 2/3"))
    #expect(state.detail?.top == 0, "paging does not scroll the page")
    let paged = try #require(state.detail)
    let key = try #require(state.detailPictureKey(paged))
    #expect(key.url == "https://img.example/full-1.jpg")
    _ = state.update(.key(.character("]")))
    _ = state.update(.key(.character("]")))
    #expect(state.detail?.view.pictureIndex == 2, "the last stays the last")
    _ = state.update(.key(.character("[")))
    #expect(state.detail?.view.pictureIndex == 1)
    #expect(!openedState(contents: 1).screenText.contains("picture 1/1"))
  }

  @Test("a full picture that fails gives way to the row's thumbnail in the same box")
  func fallback() throws {
    var state = openedState(contents: 1)
    let detail = try #require(state.detail)
    let full = try #require(state.detailPictureKey(detail))
    _ = state.update(.pictureReady(full, .failure(ImageLoadError("offline"))))
    let after = try #require(state.detail)
    let fallback = try #require(state.detailPictureKey(after))
    #expect(fallback.url == "https://img.example/thumb.jpg")
    #expect(fallback.columns == full.columns && fallback.rows == full.rows)
  }

  @Test("the box keeps the picture's shape when the feed gives its size")
  func shapedBox() {
    let tall = FeedItem(
      title: "Wide", guid: "w",
      contents: [
        MediaContent(url: "https://img.example/w.jpg", medium: "image", width: 3000, height: 500)
      ])
    var state = Fixtures.state(width: 100, height: 30, items: [tall])
    _ = state.update(.key(.enter))
    #expect(state.detail?.view.box?.height == 8, "96 columns of 8 px at 6:1 is 8 lines of 16 px")
  }
}
