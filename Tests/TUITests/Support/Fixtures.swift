import FeedCore
import FeedModel
import Foundation
import Pictures

@testable import TUI

/// Small hand-made items for headless tests.
enum Fixtures {
  static func item(
    _ index: Int, author: String, thumbnail: Bool = false, title: String? = nil,
    summary: String? = nil
  ) -> FeedItem {
    FeedItem(
      title: title ?? "Item number \(index) by \(author)",
      link: "https://art.example/\(author)/\(index)",
      guid: "guid-\(index)",
      published: Date(timeIntervalSince1970: 1_700_000_000 - Double(index) * 3600),
      author: author,
      summary: summary ?? "A short description of piece \(index), with a few words to wrap.",
      credits: [MediaCredit(role: "author", scheme: "urn:ebu", name: author)],
      thumbnails: thumbnail
        ? [MediaThumbnail(url: "https://img.example/\(index).jpg", width: 150, height: 150)] : [])
  }

  static let artists = ["ann", "Zoë", "bob"]

  /// A bundled JPEG thumbnail, as a `file:` URL (a picture `d` can save without a network).
  static let bundledThumbnail = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Resources/thumbnails/404_fox_not_found_by_glitchcat404-fryump.jpg")

  /// 30 items, artists in turn, every other one with a thumbnail.
  static let items: [FeedItem] = (0..<30).map {
    item($0, author: artists[$0 % artists.count], thumbnail: $0 % 2 == 0)
  }

  static func state(width: Int = 60, height: Int = 20, items: [FeedItem] = items) -> AppState {
    AppState(
      list: ItemList(title: "Test feed", items: items), isOffline: true, width: width,
      height: height)
  }
}

extension AppState {
  /// Applies events, answering search commands from `catalog` at once (what the run loop would
  /// do a moment later); returns the commands that were not answered here.
  @discardableResult
  mutating func send(_ events: [Event], catalog: [FeedItem] = Fixtures.items) -> [Command] {
    var left: [Command] = []
    var queue = events
    while !queue.isEmpty {
      let event = queue.removeFirst()
      let commands = update(event)
      itemsPage?.checkInvariants()
      for command in commands {
        if case .search(let generation, let query, _) = command {
          let found = LoadedList(
            title: "Artist: \(query)", items: ArtistMatch.search(catalog, query: query),
            isOffline: true)
          queue.insert(.searchResults(generation: generation, query: query, .success(found)), at: 0)
        } else {
          left.append(command)
        }
      }
    }
    return left
  }

  mutating func press(_ keys: Key...) {
    send(keys.map(Event.key))
  }

  mutating func type(_ text: String) {
    send(text.map { Event.key(.character($0)) })
  }

  var screenText: String { render().trimmedLines.joined(separator: "\n") }
}

extension RenderContext {
  /// A fixed clock (2026-11-22 12:00 UTC) in UTC: whole screens drawn with it are the same
  /// on every run and machine.
  static let fixed = RenderContext(
    now: Date(timeIntervalSince1970: 1_795_348_800), timeZone: TimeZone(secondsFromGMT: 0)!)
}

extension AppState {
  /// The frame now (the tests written before `RenderContext` compare with today's clock).
  func render() -> ScreenBuffer {
    render(RenderContext(now: Date(), timeZone: TimeZone(secondsFromGMT: 0)!))
  }
}

extension Command {
  /// The generation of a `.load`, else nil (for `#require` in tests).
  var loadGeneration: Int? {
    if case .load(let generation, _) = self { generation } else { nil }
  }

  /// The keys of a `.wantPictures`, else nil.
  var pictureKeys: [PictureCache.Key]? {
    if case .wantPictures(let keys) = self { keys } else { nil }
  }
}
