import FeedCore
import FeedModel
import Foundation
import TestSupport
import Testing

@testable import TUI

/// Whole screens with the reading state on, at three sizes, compared with their recorded
/// text: the unread and starred marks on rows, the title bar's counts, the feed list's
/// unread / total and its "Starred" line. Built through events, as the runtime's answers
/// arrive (`RECORD_SNAPSHOTS=1` records anew, to be looked at).
@Suite("Whole screens with the reading state")
struct WholeScreenStateTests {
  static let feed = FeedKey(rawValue: "/feeds/test.rss")
  static let visit = Date(timeIntervalSince1970: 1_795_000_000)

  /// Items 1, 2 and 5 read, 2 and 3 starred, the rest unread; the feed's counts.
  static func marked(_ width: Int, _ height: Int) -> AppState {
    var state = Fixtures.state(width: width, height: height)
    _ = state.attachState(mainFeed: feed)
    var marks: [ItemKey: ItemMarks] = [:]
    for (index, item) in Fixtures.items.enumerated() {
      marks[ItemKey(item)] = ItemMarks(
        read: [1, 2, 5].contains(index), starred: [2, 3].contains(index))
    }
    _ = state.update(.marksRead(marks))
    let counts = FeedCounts(total: 30, unread: 27, new: 4, lastVisit: visit)
    _ = state.update(.state(.counts(StateCounts(feeds: [feed: counts]))))
    return state
  }

  /// The feed list of three subscriptions with counts, "Starred" with 2.
  static func feeds(_ width: Int, _ height: Int) -> AppState {
    let sources = [
      "http://127.0.0.1:1/0.xml", "http://127.0.0.1:1/1.xml", "http://127.0.0.1:1/2.xml",
    ]
    var state = AppState(
      feedTitles: PageStackTests.titles, sources: sources, width: width, height: height)
    _ = state.startOpeningFeeds()
    _ = state.attachState(mainFeed: nil)
    for event: Event in [
      .feedRead(generation: 1, feed: 0, PageStackTests.refresh(0, PageStackTests.north)),
      .feedRead(generation: 1, feed: 2, PageStackTests.refresh(2, nil)),
      .feedRead(generation: 1, feed: 1, PageStackTests.refresh(1, PageStackTests.south)),
      .feedsRead(generation: 1),
    ] {
      _ = state.update(event)
    }
    let counts = StateCounts(
      feeds: [
        FeedKey(rawValue: sources[0]): FeedCounts(total: 10, unread: 3, new: 1, lastVisit: visit),
        FeedKey(rawValue: sources[1]): FeedCounts(total: 10, unread: 10, new: 10),
      ],
      allItems: FeedCounts(total: 20, unread: 13, new: 11, lastVisit: visit), starred: 2)
    _ = state.update(.state(.counts(counts)))
    return state
  }

  static let screens: [(name: String, make: @Sendable (Int, Int) -> AppState)] = [
    ("state-items", { marked($0, $1) }),
    (
      "state-items-selected-read",
      { width, height in
        var state = marked(width, height)
        _ = state.update(.key(.character("j")))
        return state
      }
    ),
    (
      "state-gallery",
      { width, height in
        var state = marked(width, height)
        _ = state.update(.key(.character("v")))
        _ = state.update(.key(.character("l")))
        return state
      }
    ),
    ("state-feeds", { feeds($0, $1) }),
    (
      "state-feeds-starred-selected",
      { width, height in
        var state = feeds(width, height)
        _ = state.update(.key(.character("j")))
        return state
      }
    ),
  ]

  static let cases: [String] = screens.flatMap { screen in
    WholeScreenTests.sizes.map { "\(screen.name)-\($0.0)x\($0.1)" }
  }

  @Test("the page is drawn with its marks and counts as recorded", arguments: cases)
  func screen(_ name: String) throws {
    let parts = name.split(separator: "-")
    let size = try #require(parts.last).split(separator: "x").compactMap { Int($0) }
    let kind = parts.dropLast().joined(separator: "-")
    let make = try #require(Self.screens.first { $0.name == kind }?.make)
    let buffer = make(size[0], size[1]).render(.fixed)
    #expect(buffer.width == size[0] && buffer.height == size[1])
    assertSnapshot(buffer.trimmedLines, named: name)
  }

  @Test("marks never change a row's height: the same rows are on screen marked or not")
  func heightsUnchanged() {
    for (width, height) in WholeScreenTests.sizes {
      let plain = Fixtures.state(width: width, height: height)
      let marked = Self.marked(width, height)
      #expect(plain.list.visibleRows == marked.list.visibleRows, "\(width)x\(height)")
      let unmarked = plain.render(.fixed).lines.map { String($0.dropFirst(16)) }
      let withMarks = marked.render(.fixed).lines.map { String($0.dropFirst(16)) }
      #expect(
        unmarked.dropFirst().dropLast() == withMarks.dropFirst().dropLast(), "\(width)x\(height)")
    }
  }
}
