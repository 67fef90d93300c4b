import FeedCore
import FeedModel
import Foundation
import Pictures
import Settings
import TestSupport
import Testing

@testable import TUI

/// The picture viewer as a page: opened with `z` from the list, the gallery and the item view
/// (and Enter on the item view's picture), its keys, what it asks the loader for, the
/// slideshow, the preview while a view is made, and its screens in symbols.
@Suite("The picture viewer")
struct ViewerPageTests {
  static func item(_ index: Int, pictures: Int = 1) -> FeedItem {
    FeedItem(
      title: "Piece \(index)", link: "https://art.example/\(index)", guid: "g\(index)",
      author: "ann",
      contents: (0..<pictures).map {
        MediaContent(
          url: "https://img.example/\(index)-\($0).png", medium: "image", width: 1600,
          height: 1200)
      })
  }

  /// Five items; the third has no picture, the second has two.
  static let items: [FeedItem] = [
    item(0), item(1, pictures: 2), item(2, pictures: 0), item(3), item(4),
  ]

  static func state(
    width: Int = 80, height: Int = 24, depth: ColorDepth = .indexed256, cell: CellSize? = nil,
    settings: Settings = Settings()
  ) -> AppState {
    var state = AppState(
      list: ItemList(title: "Test feed", items: items), isOffline: true, width: width,
      height: height, settings: settings)
    state.configurePictures(enabled: true, depth: depth, cell: cell)
    _ = state.pictureCommands()
    return state
  }

  static func wishes(_ commands: [Command]) -> [PictureCache.Key]? {
    for command in commands.reversed() {
      if case .wantPictures(let keys) = command { return keys }
    }
    return nil
  }

  static let z = Event.key(.character("z"))

  @Test("z on the list opens the viewer on the selected item; Esc goes back to the list")
  func openAndBack() throws {
    var state = Self.state()
    _ = state.update(.key(.character("j")))
    let commands = state.update(Self.z)
    let viewer = try #require(state.viewerPage)
    #expect(viewer.index == 1)
    let wished = try #require(Self.wishes(commands))
    #expect(wished.first?.url == "https://img.example/1-0.png")
    #expect(wished.first?.crop == .fit)
    #expect(wished.first?.columns == 80 && wished.first?.rows == 23)
    _ = state.update(.key(.escape))
    #expect(state.viewerPage == nil)
    #expect(state.topPage == .items)
    #expect(state.list.selection == 1)
  }

  @Test("n and N walk the list's items with pictures; Esc leaves the list on the last shown")
  func nextItems() throws {
    var state = Self.state()
    _ = state.update(Self.z)
    _ = state.update(.key(.character("n")))
    _ = state.update(.key(.character("n")))
    #expect(state.viewerPage?.index == 3, "the item without a picture is passed over")
    _ = state.update(.key(.character("N")))
    #expect(state.viewerPage?.index == 1)
    _ = state.update(.key(.character("]")))
    #expect(state.viewerPage?.picture == 1)
    _ = state.update(.key(.character("q")))
    #expect(state.list.selection == 1)
  }

  @Test("z in the gallery opens the viewer on the selected card")
  func fromGallery() throws {
    var state = Self.state(width: 100, height: 30)
    _ = state.update(.key(.character("v")))
    _ = state.update(.key(.character("l")))
    _ = state.update(Self.z)
    #expect(state.viewerPage?.index == 1)
    _ = state.update(.key(.escape))
    #expect(state.list.selection == 1)
    #expect(state.list.gallery != nil, "still the gallery")
  }

  @Test("z and Enter in the item view open the viewer on the picture shown, walking the list")
  func fromItemView() throws {
    var state = Self.state()
    _ = state.update(.key(.character("j")))
    _ = state.update(.key(.enter))
    #expect(state.topPage == .item)
    _ = state.update(.key(.character("]")))
    _ = state.update(.key(.enter))
    let viewer = try #require(state.viewerPage)
    #expect(viewer.index == 1 && viewer.picture == 1)
    _ = state.update(.key(.escape))
    #expect(state.topPage == .item)
    _ = state.update(Self.z)
    #expect(state.viewerPage?.picture == 1)
    _ = state.update(.key(.character("n")))
    #expect(state.viewerPage?.index == 3, "the list below is walked")
  }

  @Test("Enter on an item without a picture still opens the artist's page")
  func enterWithoutPicture() {
    var state = Self.state()
    _ = state.update(.key(.character("j")))
    _ = state.update(.key(.character("j")))
    _ = state.update(.key(.enter))
    _ = state.update(.key(.enter))
    #expect(state.viewerPage == nil)
    #expect(state.itemsSource == .artist("ann"))
  }

  @Test("zoom keys wait for the picture's size; then + asks for a region about the centre")
  func zoomAsksRegion() throws {
    var state = Self.state()
    _ = state.update(Self.z)
    _ = state.update(.key(.character("+")))
    #expect(state.status == "Measuring the picture…")
    _ = state.update(
      .pictureMeasured(url: "https://img.example/0-0.png", width: 1600, height: 1200))
    var commands = state.update(.key(.character("+")))
    var wished = try #require(Self.wishes(commands))
    guard case .region(let x, let y, let width, let height, let permille) = wished.first?.crop
    else {
      Issue.record("zoomed in: a region")
      return
    }
    // Symbol cells count as 2x4 px: a box of 160x92 px; fit is 92/1200, one step is x1.414.
    #expect(permille == Int((92.0 / 1200 * 2.0.squareRoot() * 1000).rounded()))
    #expect(abs((x + width / 2) - 800) <= 1 && abs((y + height / 2) - 600) <= 1)
    commands = state.update(.key(.character("1")))
    wished = try #require(Self.wishes(commands))
    #expect(wished.first?.crop == .region(x: 720, y: 554, width: 160, height: 92, permille: 1000))
    commands = state.update(.key(.character("0")))
    wished = try #require(Self.wishes(commands))
    #expect(wished.first?.crop == .fit)
  }

  @Test("h j k l and the arrows pan while zoomed; Esc, not h, goes back")
  func panKeys() throws {
    var state = Self.state()
    _ = state.update(Self.z)
    _ = state.update(
      .pictureMeasured(url: "https://img.example/0-0.png", width: 1600, height: 1200))
    _ = state.update(.key(.character("1")))
    for key in [Key.character("l"), .right] + Array(repeating: Key.character("l"), count: 40) {
      _ = state.update(.key(key))
    }
    for key in [Key.character("k"), .up] + Array(repeating: Key.character("k"), count: 40) {
      _ = state.update(.key(key))
    }
    _ = state.update(.key(.character("h")))
    _ = state.update(.key(.left))
    #expect(state.viewerPage != nil, "h and Left pan in the viewer")
    let view = try #require(state.viewerPage?.view)
    // 1:1 shows 160x92 px: the centre's right limit is 1 - 80/1600 = 0.95, its top limit
    // 46/1200; two pans left of a quarter of the view (40 px) are 0.05.
    #expect(abs(view.centreX - 0.9) < 1e-9)
    #expect(abs(view.centreY - 46.0 / 1200) < 1e-9)
  }

  @Test("the view is asked first; the neighbours are read ahead once it is made")
  func readAhead() throws {
    var state = Self.state()
    _ = state.update(.key(.character("j")))
    var commands = state.update(Self.z)
    let first = try #require(Self.wishes(commands))
    #expect(first.count == 1)
    let cells = PictureCells.blank(columns: 80, rows: 23)
    commands = state.update(.pictureReady(first[0], .success(.cells(cells))))
    let then = try #require(Self.wishes(commands))
    #expect(
      then.map(\.url) == [
        "https://img.example/3-0.png", "https://img.example/0-0.png",
        "https://img.example/1-1.png",
      ])
    #expect(then.allSatisfy { $0.crop == .fit && $0.columns == 80 && $0.rows == 23 })
  }

  @Test("zooming keeps the neighbours wished for: a zoom key never cancels their read-ahead")
  func zoomKeepsReadAhead() throws {
    var state = Self.state()
    _ = state.update(.key(.character("j")))
    let first = try #require(Self.wishes(state.update(Self.z)))
    let cells = PictureCells.blank(columns: 80, rows: 23)
    _ = state.update(
      .pictureMeasured(url: "https://img.example/1-0.png", width: 1600, height: 1200))
    _ = state.update(.pictureReady(first[0], .success(.cells(cells))))
    let zoomed = try #require(Self.wishes(state.update(.key(.character("+")))))
    guard case .region = zoomed.first?.crop else {
      Issue.record("the zoomed view first: \(zoomed)")
      return
    }
    #expect(
      zoomed.dropFirst().map(\.url) == [
        "https://img.example/3-0.png", "https://img.example/0-0.png",
        "https://img.example/1-1.png",
      ])
  }

  @Test("n shows the next picture in the next frame when it was read ahead")
  func readAheadShownAtOnce() throws {
    var state = Self.state(depth: .none)
    _ = state.update(Self.z)
    let shown = try #require(state.viewerPage.flatMap { $0.key(state.pictures) })
    _ = state.update(.pictureReady(shown, .success(.cells(Self.cells(.none)))))
    let ahead = try #require(state.pictures.asked.first)
    _ = state.update(.pictureReady(ahead, .success(.cells(Self.cells(.none, shade: 1)))))
    _ = state.update(.key(.character("n")))
    let screen = state.render(now: Date(timeIntervalSince1970: 0))
    #expect(screen.lines[5].contains("█"))
  }

  @Test("until its view is made, the box shows a preview from the list's thumbnail")
  func previewFromThumbnail() throws {
    var state = Self.state(depth: .none)
    // The row's thumbnail (12x6 cells here) is made; the viewer's view is not.
    let rowKey = try #require(state.pictures.asked.first)
    let thumbnail = CellConverter(depth: .none).cells(
      for: quadrantPicture(), columns: rowKey.columns, rows: rowKey.rows)
    _ = state.update(.pictureReady(rowKey, .success(.cells(thumbnail))))
    _ = state.update(Self.z)
    let screen = state.render(now: Date(timeIntervalSince1970: 0))
    let drawn = screen.lines.prefix(23).joined().filter { $0 != " " }
    #expect(drawn.count > 400, "the preview fills the box")
    #expect(!screen.lines.joined().contains("loading"))
  }

  @Test("a full picture that fails is replaced by the row's thumbnail, as the item view does")
  func thumbnailWhenFullFails() throws {
    let item = FeedItem(
      title: "Offline", guid: "o",
      thumbnails: [MediaThumbnail(url: "file:///th.png", width: 150, height: 150)],
      contents: [
        MediaContent(url: "https://img.example/full.png", medium: "image", width: 900, height: 900)
      ])
    var state = AppState(
      list: ItemList(title: "Test feed", items: [item]), isOffline: true, width: 80, height: 24)
    state.configurePictures(enabled: true, depth: .indexed256)
    let commands = state.update(Self.z)
    let full = try #require(Self.wishes(commands)?.first)
    #expect(full.url == "https://img.example/full.png")
    let next = state.update(.pictureReady(full, .failure(ImageLoadError("no host"))))
    let thumbnail = try #require(Self.wishes(next)?.first)
    #expect(thumbnail.url == "file:///th.png" && thumbnail.crop == .fit)
  }

  @Test("with nothing made yet, the box says it is loading")
  func loadingFrame() {
    var state = Self.state(depth: .none)
    _ = state.update(Self.z)
    let screen = state.render(now: Date(timeIntervalSince1970: 0))
    #expect(screen.lines.joined().contains("loading"))
  }

  @Test("S shows the pictures in turn on each slideDue; any key stops on the last shown")
  func slideshow() throws {
    var state = Self.state()
    _ = state.update(.key(.character("S")))
    #expect(state.slideStep == 0)
    _ = state.update(.slideDue)
    #expect(state.viewerPage?.index == 1)
    _ = state.update(.slideDue)
    #expect(state.viewerPage?.index == 3, "the item without a picture is passed over")
    #expect(state.slideStep == 2)
    _ = state.update(.key(.character("x")))
    #expect(state.viewerPage == nil)
    #expect(state.slideStep == nil)
    #expect(state.list.selection == 3)
  }

  @Test("a slideshow ends after the last picture, on it")
  func slideshowEnds() {
    var state = Self.state()
    _ = state.update(.key(.character("G")))
    _ = state.update(.key(.character("S")))
    #expect(state.viewerPage?.index == 4)
    _ = state.update(.slideDue)
    #expect(state.viewerPage == nil)
    #expect(state.list.selection == 4)
    #expect(state.status == "Slideshow ended: no later picture")
    #expect(state.list.selection == 4)
  }

  @Test("the slideshow marks each item read as shown only when the settings say so")
  func slideshowMarks() {
    for marksRead in [false, true] {
      var settings = Settings()
      settings.slideshowMarksRead = marksRead
      var state = Self.state(settings: settings)
      _ = state.attachState(mainFeed: FeedKey(rawValue: "test"))
      var commands = state.update(.key(.character("S")))
      commands += state.update(.slideDue)
      let marked = commands.compactMap { command -> [ItemKey]? in
        if case .setRead(let keys, true) = command { return keys }
        return nil
      }.flatMap { $0 }
      let expected = marksRead ? [ItemKey(Self.items[0]), ItemKey(Self.items[1])] : []
      #expect(marked == expected, "marksRead \(marksRead)")
    }
  }

  // MARK: - Screens

  static func cells(_ depth: ColorDepth, shade: Int = 0) -> PictureCells {
    let characters: [Character] = ["▒", "█"]
    return PictureCells(
      columns: 80, rows: 23,
      cells: Array(
        repeating: PictureCell(character: characters[shade], foreground: .none, background: .none),
        count: 80 * 23))
  }

  @Test("whole screens in symbols: fit, and zoomed to 1:1 and panned to the top right quadrant")
  func snapshots() throws {
    var state = Self.state(depth: .none)
    _ = state.update(Self.z)
    let picture = quadrantPicture()
    let url = "https://img.example/0-0.png"
    _ = state.update(.pictureMeasured(url: url, width: picture.width, height: picture.height))
    try make(&state, picture)
    assertSnapshot(
      state.render(now: Date(timeIntervalSince1970: 0)).lines, named: "viewer-fit-80x24")
    _ = state.update(.key(.character("1")))
    for _ in 0..<40 { _ = state.update(.key(.character("l"))) }
    for _ in 0..<40 { _ = state.update(.key(.character("k"))) }
    try make(&state, picture)
    let zoomed = state.render(now: Date(timeIntervalSince1970: 0)).lines
    assertSnapshot(zoomed, named: "viewer-zoomed-80x24")
    // The top right quadrant (white here) fills the box: full blocks everywhere.
    #expect(Set(zoomed.prefix(23).joined()) == ["█"])
  }

  /// Makes the view the viewer asks for, as the loader would, and hands it over.
  func make(_ state: inout AppState, _ picture: Picture) throws {
    let key = try #require(state.viewerPage.flatMap { $0.key(state.pictures) })
    let cells = CellConverter(depth: .none).cells(
      for: picture, crop: key.crop ?? .fit, columns: key.columns, rows: key.rows,
      cell: PictureCrop.symbolCell)
    _ = state.update(.pictureReady(key, .success(.cells(cells))))
  }
}

/// 1600x1200 px: dark grey top left, white top right, light grey bottom left, black bottom
/// right (four shades in monochrome symbols).
func quadrantPicture() -> Picture {
  let colours: [UInt8] = [85, 255, 170, 0]
  var pixels: [UInt8] = []
  pixels.reserveCapacity(1600 * 1200 * 4)
  for y in 0..<1200 {
    for x in 0..<1600 {
      let value = colours[(y < 600 ? 0 : 2) + (x < 800 ? 0 : 1)]
      pixels += [value, value, value, 255]
    }
  }
  return Picture(width: 1600, height: 1200, pixels: pixels)
}

@Suite("The viewer's keys")
struct ViewerKeyTests {
  @Test(
    "z + = - 1 0 S are each bound to one action only, and the help lists them",
    arguments: ["z", "+", "=", "-", "1", "0", "S"])
  func noCollision(character: Character) {
    let bound = KeyMap.keys.filter { $0.key == .character(character) }
    #expect(bound.count == 1, "\(character): \(bound.map(\.action))")
    let help = KeyBindings.standard.helpRows.map(\.keys).joined(separator: " ")
    #expect(help.split(separator: " ").contains(Substring(String(character))) || character == "=")
  }

  @Test("every viewer action of the key map has a key")
  func everyActionBound() {
    for action in ViewerPage.keyMap.keys {
      #expect(!KeyBindings.standard.keyNames(for: action).isEmpty, "\(action)")
    }
  }
}
