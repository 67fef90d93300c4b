import FeedCore
import FeedModel
import Foundation
import TestSupport
import Testing

@testable import TUI

/// Every page and overlay drawn whole at five sizes (100, 80, 50, 40 and 20 columns) and
/// compared with its recorded screen
/// (`Tests/TUITests/Snapshots`), with a fixed clock and time zone: a screen is a pure
/// function of the state and its `RenderContext`, so any change to what the reader sees shows
/// up here as a line diff (`RECORD_SNAPSHOTS=1` records anew, to be looked at).
@Suite("Whole screens of every page and overlay")
struct WholeScreenTests {
  static let sizes = [(100, 30), (80, 24), (50, 16), (40, 12), (20, 12)]

  /// The states a reader can see, built through events as the app builds them.
  static let screens: [(name: String, make: @Sendable (Int, Int) -> AppState)] = [
    ("items", { width, height in Fixtures.state(width: width, height: height) }),
    (
      "items-selected",
      { width, height in
        var state = Fixtures.state(width: width, height: height)
        state.press(.character("j"), .character("j"), .character("j"))
        return state
      }
    ),
    (
      "loading",
      { width, height in
        var state = AppState(isOffline: true, width: width, height: height)
        _ = state.startLoading()
        return state
      }
    ),
    (
      "load-failed",
      { width, height in
        var state = AppState(isOffline: true, width: width, height: height)
        let load = state.startLoading()
        guard let generation = load.first?.loadGeneration else {
          Issue.record("startLoading asked for no load: \(load)")
          return state
        }
        _ = state.update(
          .loaded(generation: generation, .failure(LoadError("feed.rss: not a feed"))))
        return state
      }
    ),
    (
      "prompt",
      { width, height in
        var state = Fixtures.state(width: width, height: height)
        state.press(.character("/"))
        state.type("Zo")
        return state
      }
    ),
    (
      "filter-error",
      { width, height in
        var state = Fixtures.state(width: width, height: height)
        state.press(.character("F"))
        state.type("unread sincee:7d")
        state.press(.enter)
        return state
      }
    ),
    (
      "search-result",
      { width, height in
        var state = Fixtures.state(width: width, height: height)
        state.press(.character("/"))
        state.type("bob")
        state.press(.enter)
        return state
      }
    ),
    (
      "item",
      { width, height in
        var state = Fixtures.state(width: width, height: height)
        state.press(.character("j"), .enter)
        return state
      }
    ),
    (
      "item-picture",
      { width, height in
        var state = Fixtures.state(width: width, height: height)
        state.press(.enter)
        return state
      }
    ),
    ("gallery", { width, height in GalleryTests.gallery(width: width, height: height) }),
    (
      "gallery-selected",
      { width, height in
        var state = GalleryTests.gallery(width: width, height: height)
        state.press(.character("l"), .character("j"), .character("j"))
        return state
      }
    ),
    (
      "help",
      { width, height in
        var state = Fixtures.state(width: width, height: height)
        state.press(.character("?"))
        return state
      }
    ),
    (
      "feeds",
      { width, height in PageStackTests.opened(width: width, height: height) }
    ),
    (
      "feeds-help",
      { width, height in
        var state = PageStackTests.opened(width: width, height: height)
        state.press(.character("?"))
        return state
      }
    ),
  ]

  static let cases: [String] = screens.flatMap { screen in
    sizes.map { "\(screen.name)-\($0.0)x\($0.1)" }
  }

  @Test("the page or overlay is drawn as recorded", arguments: cases)
  func screen(_ name: String) throws {
    let parts = name.split(separator: "-")
    let size = try #require(parts.last).split(separator: "x").compactMap { Int($0) }
    let kind = parts.dropLast().joined(separator: "-")
    let make = try #require(Self.screens.first { $0.name == kind }?.make)
    let state = make(size[0], size[1])
    let buffer = state.render(.fixed)
    #expect(buffer.width == size[0] && buffer.height == size[1])
    assertSnapshot(buffer.trimmedLines, named: name)
  }
}
