import ArtfeedResources
import FeedCore
import FeedModel
import Foundation
import HTTP
import PictureFiles
import Pictures
import Testing

@testable import TUI
@testable import TUIRuntime

/// A client that never connects (image tests run offline).
struct NoNetwork: HTTPClient {
  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    throw .refused(host: request.url.host ?? "")
  }
}

@Suite("Pictures in the list, headless")
struct PictureDrawingTests {
  /// A state with pictures on at 256 colours, and the keys it asks for first.
  func pictureState(width: Int = 60, height: Int = 20) -> (AppState, [PictureCache.Key]) {
    var state = Fixtures.state(width: width, height: height)
    state.configurePictures(enabled: true, depth: .indexed256)
    let asked = state.pictureCommands()
    guard let keys = asked.first?.pictureKeys else {
      Issue.record("pictures on, and no pictures asked for: \(asked)")
      return (state, [])
    }
    return (state, keys)
  }

  /// Cells of one symbol and colour, the size of a row's box.
  static let cells = PictureCells(
    columns: 12, rows: 6,
    cells: Array(
      repeating: PictureCell(character: "▚", foreground: .indexed(202), background: .indexed(17)),
      count: 72))

  @Test("the state asks for the pictures of the rows on screen first, then a screen below")
  func wishList() {
    let (_, keys) = pictureState()
    let urls = keys.map(\.url)
    #expect(urls.first == "https://img.example/0.jpg")
    #expect(urls.contains("https://img.example/2.jpg"))
    #expect(keys.allSatisfy { $0.columns == 12 && $0.rows == 6 && $0.depth == .indexed256 })
    #expect(!urls.contains("https://img.example/28.jpg"), "a row far below is not asked for")
  }

  @Test("until a picture arrives the box says loading; then its cells fill the box, coloured")
  func cellsIntoBoxes() throws {
    var (state, keys) = pictureState()
    #expect(state.screenText.contains("│ loading  │"))
    let key = try #require(keys.first)
    _ = state.update(.pictureReady(key, .success(.cells(Self.cells))))
    let buffer = state.render()
    let row = try #require(buffer.lines.firstIndex { $0.contains("▚▚▚▚▚▚▚▚▚▚▚▚") })
    let x = try #require(buffer.lines[row].firstIndex(of: "▚")).utf16Offset(in: buffer.lines[row])
    #expect(buffer[x, row].style.foreground == .palette(202))
    #expect(buffer[x, row].style.background == .palette(17))
    #expect(buffer.lines.filter { $0.contains("▚▚▚▚▚▚▚▚▚▚▚▚") }.count == 6)
    let asked = state.pictureCommands()
    #expect(asked.isEmpty, "nothing new to ask for after one arrival")
  }

  @Test("a failed picture shows its reason in the box, and is not asked for again")
  func failureShowsReason() throws {
    var (state, keys) = pictureState()
    let key = try #require(keys.first)
    let commands = state.update(.pictureReady(key, .failure(ImageLoadError("HTTP 404"))))
    #expect(state.screenText.contains("│ HTTP 404 │"))
    guard case .wantPictures(let again)? = commands.first else {
      Issue.record("the wish list did not change: \(commands)")
      return
    }
    #expect(!again.contains(key))
  }

  @Test("a cancelled picture leaves the placeholder; i turns pictures off and on")
  func cancelledAndToggle() throws {
    var (state, keys) = pictureState()
    let key = try #require(keys.first)
    _ = state.update(.pictureReady(key, .failure(.cancelled)))
    #expect(state.screenText.contains("│ loading  │"))
    _ = state.update(.key(.character("i")))
    #expect(!state.showsPictures)
    #expect(!state.screenText.contains("loading"))
    #expect(state.pictureCommands().isEmpty, "the wish list was already emptied")
    _ = state.update(.key(.character("i")))
    #expect(state.screenText.contains("loading"))
  }

  @Test("scrolling to the end drops the first rows' pictures from the wish list")
  func scrollingReprioritises() throws {
    var (state, keys) = pictureState()
    #expect(keys.first?.url == "https://img.example/0.jpg")
    let commands = state.update(.key(.character("G")))
    guard case .wantPictures(let later)? = commands.last else {
      Issue.record("no new wish list after G: \(commands)")
      return
    }
    #expect(!later.map(\.url).contains("https://img.example/0.jpg"))
    #expect(later.first.map { $0.url.hasPrefix("https://img.example/2") } == true)
  }

  @Test("the box is the same size whatever it shows: rows never move when pictures arrive")
  func boxSizeFixed() throws {
    var (state, keys) = pictureState()
    let before = state.render().lines.map { $0.firstIndex(of: "─") != nil && $0.hasPrefix("──") }
    for key in keys { _ = state.update(.pictureReady(key, .success(.cells(Self.cells)))) }
    let after = state.render().lines.map { $0.firstIndex(of: "─") != nil && $0.hasPrefix("──") }
    #expect(before == after, "separators moved")
  }

  @Test("a bundled thumbnail goes through the loader into the box (render's path)")
  func throughTheLoader() async throws {
    let thumbnail = try #require(BundledThumbnails.all().first)
    let item = FeedItem(
      title: "Bundled", guid: "b", thumbnails: [MediaThumbnail(url: thumbnail.absoluteString)])
    let broken = FeedItem(
      title: "Broken", guid: "c",
      thumbnails: [MediaThumbnail(url: "file:///nonexistent/artfeed/x.png")])
    var state = Fixtures.state(items: [item, broken])
    state.configurePictures(enabled: true, depth: .indexed256)
    let runner = CommandRunner(
      source: MemorySource(items: []), images: ImageLoader(client: NoNetwork(), cache: nil))
    let settled: Bool
    (state, settled) = await settleOnThread(
      state, runner: runner, initial: state.pictureCommands())
    #expect(settled)
    let screen = state.render()
    let colouredCells = screen.cells.filter { $0.style.background != nil }
    #expect(colouredCells.count > 20, "the bundled picture's cells are on screen")
    #expect(state.screenText.contains("│ no file  │"))
  }
}
