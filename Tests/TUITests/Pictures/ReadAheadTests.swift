import FeedCore
import FeedModel
import Foundation
import Pictures
import Testing

@testable import TUI

/// Reading the selected item's full picture ahead, once the selection rests on it
/// (`AppLoop` posts `.selectionRested` after `AppLoop.restInterval`), so Enter finds it made.
@Suite("Reading the item view's picture ahead")
struct ReadAheadTests {
  /// Items of every shape the item view lays out differently: a wide and a tall picture with
  /// their sizes in the feed, one without a size, several pictures, a thumbnail only (shown
  /// in the item view's box, so read ahead at that size), none.
  static let items: [FeedItem] = [
    FeedItem(
      title: "Wide", guid: "w",
      contents: [
        MediaContent(url: "https://img.example/wide.jpg", medium: "image", width: 3000, height: 500)
      ]),
    FeedItem(
      title: "Tall", guid: "t",
      contents: [
        MediaContent(url: "https://img.example/tall.jpg", medium: "image", width: 800, height: 3000)
      ]),
    FeedItem(
      title: "Unsized", guid: "u",
      contents: [MediaContent(url: "https://img.example/unsized.jpg", medium: "image")]),
    ItemViewPictureTests.item(contents: 3),
    FeedItem(
      title: "Thumbnail", guid: "th",
      thumbnails: [MediaThumbnail(url: "https://img.example/th.jpg", width: 150, height: 150)]),
    FeedItem(title: "Words", guid: "x", summary: "No picture at all."),
  ]

  static func state(width: Int = 100, height: Int = 30, cell: CellSize? = PixelPlacementTests.cell)
    -> AppState
  {
    var state = Fixtures.state(width: width, height: height, items: items)
    state.configurePictures(enabled: true, depth: .indexed256, cell: cell)
    _ = state.pictureCommands()
    return state
  }

  /// The last wish list the state sent, from `commands` or, when it did not change, the one
  /// it holds.
  static func wishes(_ commands: [Command], _ state: AppState) -> [PictureCache.Key] {
    for command in commands.reversed() {
      if case .wantPictures(let keys) = command { return keys }
    }
    return state.pictures.asked
  }

  @Test(
    "the key read ahead is the very key the item view asks for, for every item and screen",
    arguments: [(100, 30), (61, 24), (40, 12), (200, 60)], [true, false])
  func sameKey(size: (Int, Int), pixels: Bool) throws {
    var state = Self.state(
      width: size.0, height: size.1, cell: pixels ? PixelPlacementTests.cell : nil)
    for index in Self.items.indices {
      #expect(state.list.selection == index)
      let ahead = state.readAheadCandidate
      var opened = state
      _ = opened.update(.key(.enter))
      let detail = try #require(opened.detail)
      let asked = opened.detailPictureKey(detail)
      #expect(ahead == asked, "\(Self.items[index].title ?? "") at \(size)")
      if Self.items[index].title == "Words" {
        #expect(ahead == nil, "no picture, nothing to read ahead")
      } else if size.0 >= 40 {
        #expect(ahead != nil, "\(Self.items[index].title ?? "")")
      }
      _ = state.update(.key(.character("j")))
    }
  }

  @Test("rested on, the picture is wished for last; moving on drops it and names the next")
  func restAndMove() throws {
    var state = Self.state()
    let first = try #require(state.readAheadCandidate)
    let commands = state.update(.selectionRested(first))
    let wishes = Self.wishes(commands, state)
    #expect(wishes.last == first, "after the rows on screen")
    #expect(wishes.dropLast().allSatisfy { $0 != first })
    #expect(state.readAheadCandidate == nil, "asked for: the loop sets no second deadline")

    let moved = state.update(.key(.character("j")))
    #expect(!Self.wishes(moved, state).contains(first), "dropped (the loader cancels it)")
    let second = try #require(state.readAheadCandidate)
    #expect(second.url == "https://img.example/tall.jpg")

    // A rest reported for an item the selection has left does nothing.
    _ = state.update(.selectionRested(first))
    #expect(!state.pictures.asked.contains(first))
    #expect(state.readAheadCandidate == second)
  }

  @Test("a picture already made or failed is not read ahead again")
  func madeOrFailed() throws {
    var state = Self.state()
    let first = try #require(state.readAheadCandidate)
    let picture = try #require(pixelPicture(columns: first.columns, rows: first.rows))
    _ = state.update(.pictureReady(first, .success(.pixels(picture))))
    #expect(state.readAheadCandidate == nil)
    _ = state.update(.key(.character("j")))
    let second = try #require(state.readAheadCandidate)
    _ = state.update(.pictureReady(second, .failure(ImageLoadError("HTTP 404"))))
    #expect(state.readAheadCandidate == nil)
    // Back on the first: made, so Enter shows it at once and nothing is asked for.
    _ = state.update(.key(.character("k")))
    #expect(state.readAheadCandidate == nil)
    _ = state.update(.key(.enter))
    #expect(state.render().placements.first?.key == first)
  }

  @Test("nothing is read ahead with pictures off, over a prompt or the help, or in the item view")
  func notThere() throws {
    var off = Self.state()
    _ = off.update(.key(.character("i")))
    #expect(off.readAheadCandidate == nil, "pictures off")

    var prompt = Self.state()
    _ = prompt.update(.key(.character("/")))
    #expect(prompt.readAheadCandidate == nil, "typing a search")

    var help = Self.state()
    _ = help.update(.key(.character("?")))
    #expect(help.readAheadCandidate == nil, "the help overlay")

    var opened = Self.state()
    _ = opened.update(.key(.enter))
    #expect(opened.readAheadCandidate == nil, "the item view asks for its picture itself")
  }

  @Test("the item view asks for its own picture alone: the list's thumbnails wait")
  func itemViewAlone() throws {
    var state = Fixtures.state(width: 100, height: 30, items: Fixtures.items)
    state.configurePictures(enabled: true, depth: .indexed256, cell: PixelPlacementTests.cell)
    #expect(Self.wishes(state.pictureCommands(), state).count > 1, "the list's rows")
    var index = 0
    while ItemPresentation.pictures(of: state.list.items[index]).isEmpty { index += 1 }
    for _ in 0..<index { _ = state.update(.key(.character("j"))) }
    let opened = state.update(.key(.enter))
    let detail = try #require(state.detail)
    let key = try #require(state.detailPictureKey(detail))
    #expect(Self.wishes(opened, state) == [key])
    let back = state.update(.key(.escape))
    #expect(Self.wishes(back, state).count > 1, "back on the list, its rows again")
  }

  @Test("in the gallery too, the selected card's picture is the one read ahead")
  func gallery() throws {
    var state = Self.state()
    _ = state.update(.key(.character("v")))
    #expect(state.pages.items?.showsGallery == true)
    _ = state.update(.key(.character("l")))
    let ahead = try #require(state.readAheadCandidate)
    var opened = state
    _ = opened.update(.key(.enter))
    let detail = try #require(opened.detail)
    #expect(opened.detailPictureKey(detail) == ahead)
  }
}
